// lsmon: lsload's view, refreshed every -i seconds on a full screen (LSF's command
// reference), and each refresh appended to a lim.acct-style file with -L. The loop here
// only fetches, records and hands frames to a MonitorScreen; what to draw is
// format/monitor_view, what a key means format/monitor_settings.
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <fstream>
#include <thread>

#include "commands.h"
#include "format/load_acct.h"
#include "format/load_format.h"
#include "format/text.h"
#include "index_list.h"
#include "monitor_screen.h"

namespace openlim::cmd {
namespace {

const CommandDef kLsmon{
    "lsmon",
    "lsmon [-h] [-V] [-N | -E] [-n num_hosts] [-R res_req] [-I index_list]\n"
    "             [-i interval] [-L file_name] [--count num_refreshes] [host_name ...]",
    {{"N"},
     {"E"},
     {"n", true},
     {"R", true},
     {"I", true},
     {"i", true},
     {"L", true},
     {"-count", true}}};

// Without a terminal: each refresh's table on stdout (unless -L records it), errors on stderr,
// no keys; the wait is a sleep.
class PlainScreen : public MonitorScreen {
 public:
  PlainScreen(CmdIo& io, bool quiet) : io_(io), quiet_(quiet) {}
  void render(const format::MonitorFrame& f) override {
    if (!f.error.empty()) io_.err << "lsmon: " << f.error << "\n";
    if (quiet_ || f.snap == nullptr || !f.error.empty()) return;
    if (printed_) io_.out << "\n";
    io_.out << format::formatLoad(*f.snap, *f.info, f.settings->load);
    io_.out.flush();
    printed_ = true;
  }
  void invalidate() override {}
  int waitKey(double seconds) override {
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    return -1;
  }
  std::optional<std::string> prompt(const std::string&) override { return std::nullopt; }

 private:
  CmdIo& io_;
  bool quiet_;
  bool printed_ = false;
};

struct Run {
  format::MonitorSettings settings;
  format::ClusterInfo info;
  std::string acctPath;
  int count = 0;  // refreshes before exiting; 0 = until q
};

Result<Run> parseRun(const ParsedArgs& a, CmdIo& io) {
  Run r;
  if (a.has("N")) r.settings.load.runQueues = format::RunQueueMode::kNormalised;
  if (a.has("E")) r.settings.load.runQueues = format::RunQueueMode::kEffective;
  if (a.has("R")) r.settings.resreq = *a.value("R");
  r.settings.hosts = a.operands;
  if (a.has("L")) r.acctPath = *a.value("L");
  if (a.has("n")) {
    auto n = countOption("n", *a.value("n"), 1);
    if (!n) return n.status();
    r.settings.numHosts = *n;
  }
  if (a.has("i")) {
    auto n = countOption("i", *a.value("i"), 1);
    if (!n) return n.status();
    if (*n > format::kMaxMonitorInterval)
      return Status(Code::kInvalid,
                    "-i must be at most " + std::to_string(format::kMaxMonitorInterval));
    r.settings.interval = *n;
  }
  if (a.has("-count")) {
    auto n = countOption("-count", *a.value("-count"), 1);
    if (!n) return n.status();
    r.count = *n;
  }
  (void)io;
  return r;
}

std::string clockText(std::time_t t) {
  std::tm local{};
  localtime_r(&t, &local);
  char buf[64];
  size_t n = std::strftime(buf, sizeof buf, "%a %b %e %H:%M:%S %Y", &local);
  return std::string(buf, n);
}

// Appends one refresh to the -L file; the header when the file is new or empty.
Status appendAcct(const Run& r, const format::LoadSnapshot& snap, std::time_t now) {
  std::ofstream f(r.acctPath, std::ios::app);
  if (!f) return Status(Code::kIo, r.acctPath + ": " + std::strerror(errno));
  std::vector<std::string> indices = format::acctIndices(r.settings.load);
  if (f.tellp() == 0) f << format::acctHeader(indices);
  f << format::acctRecord(snap, indices, static_cast<long long>(now));
  f.flush();
  if (!f) return Status(Code::kIo, r.acctPath + ": write failed");
  return Status::ok();
}

// LSF's lsmon sorts by CPU and paging load unless -R orders otherwise (a requirement without
// order[] gets the same r15s:pg from the lim); a bare load query would keep configuration order.
constexpr const char* kDefaultOrder = "order[r15s:pg]";

LoadQuery queryOf(const format::MonitorSettings& s) {
  return {.resreq = s.resreq.empty() ? kDefaultOrder : s.resreq, .hosts = s.hosts, .n = s.numHosts};
}

}  // namespace

namespace {

class Monitor {
 public:
  Monitor(Run run, CmdIo& io, MonitorScreen& screen)
      : run_(std::move(run)), io_(io), screen_(screen) {}

  // The first refresh: an error here ends the command as lsload's would.
  Status start() { return refresh(); }

  int loop() {
    for (int done = 1; run_.count == 0 || done < run_.count; ++done) {
      render();
      if (!waitForRefresh()) return kExitOk;  // q
      (void)refresh();
    }
    render();
    return lastFailure_.isOk() ? kExitOk : exitCodeFor(lastFailure_);
  }

 private:
  void render() {
    format::MonitorFrame f{last_ ? &*last_ : nullptr, &run_.info, &run_.settings, clock_, error_};
    screen_.render(f);
  }

  // Fetches the load; on failure keeps the last reply on the screen with the error above it
  // (a master failover: the next refresh asks again).
  Status refresh() {
    auto reply = Client(io_.lim, io_.localHost).load(queryOf(run_.settings));
    std::time_t now = std::time(nullptr);
    clock_ = clockText(now);
    bool newResreq = resreqPending_;
    resreqPending_ = false;
    if (!reply) {
      lastFailure_ = reply.status();
      error_ = failMessage(io_, reply.status());
      if (reply.status().code() == Code::kUnavailable) {
        error_ += " (retrying every " + std::to_string(run_.settings.interval) + "s)";
      } else if (newResreq) {  // the lim refused the new requirement: keep the old one
        run_.settings.resreq = previousResreq_;
        error_ += " (requirement not changed)";
      }
      return reply.status();
    }
    lastFailure_ = Status::ok();
    error_.clear();
    last_ = std::move(*reply);
    if (!run_.acctPath.empty()) {
      Status s = appendAcct(run_, *last_, now);
      if (!s.isOk()) error_ = s.message();
    }
    return Status::ok();
  }

  // Handles keys until the next refresh is due (true) or the user quits (false).
  bool waitForRefresh() {
    using Clock = std::chrono::steady_clock;
    auto due = Clock::now() + std::chrono::seconds(run_.settings.interval);
    for (;;) {
      double left = std::chrono::duration<double>(due - Clock::now()).count();
      if (left <= 0) return true;
      int ch = screen_.waitKey(left);
      if (ch == -1) return true;
      if (ch == kResized) {
        screen_.invalidate();
        render();
        continue;
      }
      format::MonitorKey key = format::monitorKey(ch);
      if (key == format::MonitorKey::kQuit) return false;
      if (key == format::MonitorKey::kRedraw) {
        screen_.invalidate();
        render();
      } else if (format::applyToggle(run_.settings, key)) {
        return true;
      } else if (format::needsAnswer(key) && answered(key)) {
        return true;
      }
    }
  }

  // Prompts for i, n or R; true when the settings changed and a refresh is due now.
  bool answered(format::MonitorKey key) {
    auto answer = screen_.prompt(format::promptFor(key));
    if (!answer) return false;
    std::string before = run_.settings.resreq;
    Status s = format::applyAnswer(run_.settings, key, *answer);
    if (!s.isOk()) {
      error_ = s.message();
      render();
      return false;
    }
    if (key == format::MonitorKey::kResreq && run_.settings.resreq != before) {
      previousResreq_ = before;
      resreqPending_ = true;
    }
    return true;
  }

  Run run_;
  CmdIo& io_;
  MonitorScreen& screen_;
  std::optional<format::LoadSnapshot> last_;
  std::string clock_;
  std::string error_;
  Status lastFailure_ = Status::ok();
  std::string previousResreq_;
  bool resreqPending_ = false;
};

}  // namespace

int runLsmon(const std::vector<std::string>& args, CmdIo& io, MakeScreen makeScreen) {
  int rc = kExitOk;
  auto parsed = parseCommand(kLsmon, args, io, &rc);
  if (!parsed) return rc;
  const ParsedArgs& a = *parsed;
  std::string why = conflict(a, "N", {"E"});
  if (!why.empty()) return usageError(kLsmon, io, why);
  auto run = parseRun(a, io);
  if (!run) return usageError(kLsmon, io, run.status().message());
  auto info = Client(io.lim, io.localHost).info();
  if (!info) return fail(io, "lsmon", info.status());
  run->info = std::move(*info);
  run->settings.load.maxCpuFactor = run->info.maxUsedCpuFactor();
  if (a.has("I")) {
    run->settings.load.indices = splitColons(*a.value("I"));
    Status s = checkIndices(run->settings.load.indices, run->info);
    if (!s.isOk()) return fail(io, "lsmon", s);
  }
  if (!run->acctPath.empty()) {  // a file that cannot be written is said before the screen
    std::ofstream f(run->acctPath, std::ios::app);
    if (!f)
      return fail(io, "lsmon",
                  Status(Code::kIo, format::clipEcho(run->acctPath) + ": " + std::strerror(errno)));
  }
  std::unique_ptr<MonitorScreen> screen = makeScreen ? makeScreen() : nullptr;
  if (!screen) screen = std::make_unique<PlainScreen>(io, !run->acctPath.empty());
  Monitor m(std::move(*run), io, *screen);
  Status first = m.start();
  if (!first.isOk()) {
    screen.reset();  // leave the full screen before printing
    return fail(io, "lsmon", first);
  }
  return m.loop();
}

}  // namespace openlim::cmd
