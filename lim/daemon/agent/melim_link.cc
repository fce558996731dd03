#include "agent/melim_link.h"

#include "clock.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>

extern char** environ;

namespace openlim::agent {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kReapCheck = 1.0;    // seconds between waitpid checks without a pidfd
constexpr double kDyingCheck = 0.25;  // seconds between waitpid checks of a stopped melim

std::string fmt(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
  return s;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

int decodeWait(int st) {
  if (WIFEXITED(st)) return WEXITSTATUS(st);
  if (WIFSIGNALED(st)) return 128 + WTERMSIG(st);
  return -1;
}

Death deathOf(int st, double now) {
  if (WIFSIGNALED(st)) return Death{now, EndKind::kSignaled, WTERMSIG(st), ""};
  return Death{now, EndKind::kExited, WIFEXITED(st) ? WEXITSTATUS(st) : -1, ""};
}

// A descriptor that polls readable once `pid` has exited, so lim learns of melim's death
// without waking to ask; -1 where the kernel has none (before Linux 5.3).
int exitDescriptor(pid_t pid) {
#ifdef SYS_pidfd_open
  return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#else
  (void)pid;
  return -1;
#endif
}

RestartRules rulesOf(const MelimOptions& o) {
  return RestartRules{o.restartThrottle, o.maxRestarts, -1};  // melim has no abort value
}

// In the child, between fork and exec: async-signal-safe calls only.
[[noreturn]] void execChild(const char* path, char* const argv[], char* const envp[], int out,
                            int status, int devnull, pid_t parent) {
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != parent) _exit(0);  // lim died before prctl took effect
  // SIGHUP (reconfig) stays blocked across exec until melim handles it: one sent while melim
  // starts up must wait for it, not kill it (default action) or be lost (ignored).
  sigset_t hup;
  sigemptyset(&hup);
  sigaddset(&hup, SIGHUP);
  sigprocmask(SIG_SETMASK, &hup, nullptr);
  for (int sig : {SIGPIPE, SIGCHLD, SIGHUP, SIGTERM, SIGINT, SIGQUIT}) signal(sig, SIG_DFL);
  if (dup2(devnull, 0) < 0 || dup2(out, 1) < 0 || dup2(status, 3) < 0) _exit(127);
  ::close_range(4, ~0U, 0);  // lim's sockets and pipes are none of melim's business
  execve(path, argv, envp);
  _exit(127);
}

}  // namespace

double monotonicNow() {
  return shell::monotonicSeconds();  // the daemon's one clock
}

MelimLink::MelimLink(MelimOptions opts) : opts_(std::move(opts)), sup_(rulesOf(opts_)) {
  values_.setLimits({}, staleLimit(nullptr, opts_.params));
  if (opts_.melimPath.empty()) opts_.melimPath = opts_.serverDir + "/melim";
  out_.framer = LineFramer(opts_.maxLineBytes);
  status_.framer = LineFramer(opts_.maxLineBytes);
}

MelimLink::~MelimLink() {
  stopAndWait();
}

std::vector<std::string> MelimLink::buildEnv() const {
  const ClusterParams& p = opts_.params;
  std::vector<std::pair<std::string, std::string>> ours = {
      {"LSF_RESOURCES", joined(resources_)},
      {"LSF_MASTER", isMaster_ ? "Y" : "N"},
      {"ELIM_ABORT_VALUE", std::to_string(p.elimAbortValue)},
      {"LSF_ENVDIR", opts_.envDir},
      {"LSF_SERVERDIR", opts_.serverDir},
      {"OPENLIM_HOST", opts_.hostName},
      {"ELIMARGS", p.elimArgs},
      {"ELIM_POLL_INTERVAL", fmt(p.elimPollInterval)},
      {"LSF_ELIM_BLOCKTIME", fmt(p.elimBlockTime)},
      {"LSF_ELIM_RESTARTS", std::to_string(p.elimRestarts)},
      {"LSF_ELIM_DEBUG", p.elimDebug ? "y" : "n"},
      {"LSF_ELIM_RESTART_INTERVAL", fmt(p.elimRestartInterval)},
      {"LSF_ELIM_STALE_FACTOR", fmt(p.elimStaleFactor)},
      {"LSF_ELIM_WATCHDOG", fmt(p.elimWatchdog)},
      {"LSF_ELIM_KILL_GRACE", fmt(p.elimKillGrace)},
  };
  if (!opts_.elimDir.empty()) ours.emplace_back("LSF_ELIM_DIR", opts_.elimDir);
  if (!opts_.logDir.empty()) ours.emplace_back("LSF_LOGDIR", opts_.logDir);
  std::vector<std::string> env;
  for (char** e = environ; e && *e; ++e) {
    std::string_view kv(*e);
    std::string_view key = kv.substr(0, kv.find('='));
    bool overridden =
        std::any_of(ours.begin(), ours.end(), [&](auto& o) { return o.first == key; });
    if (!overridden) env.emplace_back(kv);
  }
  for (auto& [k, v] : ours) env.push_back(k + "=" + v);
  return env;
}

Status MelimLink::spawn(double now) {
  int outp[2], stp[2];
  if (pipe2(outp, O_CLOEXEC) != 0)
    return Status(Code::kIo, "pipe: " + std::string(strerror(errno)));
  if (pipe2(stp, O_CLOEXEC) != 0) {
    close(outp[0]);
    close(outp[1]);
    return Status(Code::kIo, "pipe: " + std::string(strerror(errno)));
  }
  // Write ends above 3 so that dup2 onto 1 and 3 in the child cannot clobber each other.
  int wOut = fcntl(outp[1], F_DUPFD_CLOEXEC, 10), wSt = fcntl(stp[1], F_DUPFD_CLOEXEC, 10);
  int devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
  close(outp[1]);
  close(stp[1]);
  std::vector<std::string> env = buildEnv();
  std::vector<char*> envp, argv = {const_cast<char*>(opts_.melimPath.c_str()), nullptr};
  for (auto& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  pid_t parent = getpid();
  pid_t pid = (wOut < 0 || wSt < 0 || devnull < 0) ? -1 : fork();
  if (pid == 0) execChild(argv[0], argv.data(), envp.data(), wOut, wSt, devnull, parent);
  int err = errno;
  for (int fd : {wOut, wSt, devnull})
    if (fd >= 0) close(fd);
  if (pid < 0) {
    close(outp[0]);
    close(stp[0]);
    ++counters_.spawnFailures;
    std::string why = "cannot start " + opts_.melimPath + ": " + strerror(err);
    sup_.started(now);
    handleDeath(Death{now, EndKind::kExited, -1, why}, now);
    return Status(Code::kIo, why);
  }
  for (int fd : {outp[0], stp[0]}) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  out_.fd = outp[0];
  status_.fd = stp[0];
  out_.framer.reset();
  status_.framer.reset();
  pid_ = pid;
  exitFd_ = exitDescriptor(pid);
  statusJson_.clear();  // the last melim's elims are not this one's
  sup_.started(now);
  nextReapCheck_ = exitFd_ >= 0 ? kInf : now + kReapCheck;
  ++counters_.starts;
  return Status::ok();
}

Status MelimLink::start(const std::vector<std::string>& resources, bool isMaster, double now) {
  if (pid_ > 0) stop(now);
  resources_ = resources;
  isMaster_ = isMaster;
  wanted_ = !resources_.empty();
  sup_.stopped();
  if (!wanted_) return Status::ok();
  sup_.wanted();
  return spawn(now);
}

void MelimLink::configure(const ConfigSnapshot& config) {
  if (config.checksum == configChecksum_ && !configChecksum_.empty()) return;
  configChecksum_ = config.checksum;
  opts_.params = config.params;
  std::map<std::string, double> limits;
  for (const ResourceDef& r : config.resources)
    if (r.dynamic) limits[r.name] = staleLimit(&r, config.params);
  values_.setLimits(std::move(limits), staleLimit(nullptr, config.params));
}

Status MelimLink::restart(const std::vector<std::string>& resources, bool isMaster, double now) {
  bool same = sorted(resources) == sorted(resources_) && isMaster == isMaster_;
  if (same && wanted_) return Status::ok();  // running, or waiting out the throttle
  if (same && !wanted_ && resources.empty()) return Status::ok();
  return start(resources, isMaster, now);
}

void MelimLink::reconfigure(double now) {
  if (pid_ > 0) {
    kill(pid_, SIGHUP);
    return;
  }
  if (wanted_ && sup_.retry(now))
    spdlog::info("melim: reconfig: retrying (was {})",
                 sup_.tally().count() ? describeDeath(*sup_.tally().last()) : "down");
}

void MelimLink::closePipes() {
  for (int fd : releasePipes()) close(fd);
}

std::vector<int> MelimLink::releasePipes() {
  std::vector<int> fds;
  for (Pipe* p : {&out_, &status_}) {
    if (p->fd >= 0) fds.push_back(p->fd);
    p->fd = -1;
    p->framer.reset();
  }
  return fds;
}

void MelimLink::stop(double now) {
  wanted_ = false;
  sup_.stopped();
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    // Its pipes stay open (unread) until it is reaped: a melim told to stop is not also
    // met with a broken pipe on its way out.
    dying_.push_back(Dying{pid_, now + opts_.stopGrace, false, releasePipes()});
    nextDyingCheck_ = now + kDyingCheck;
    pid_ = -1;
    closeExitFd();
  }
  closePipes();
  values_.clear();
}

void MelimLink::stopAndWait() {
  double now = monotonicNow();
  stop(now);
  while (!dying_.empty()) {
    now = monotonicNow();
    reapDying(now);
    if (dying_.empty()) break;
    struct timespec ts {
      0, 20'000'000
    };
    nanosleep(&ts, nullptr);  // shutdown path only: lim is exiting
  }
}

std::vector<int> MelimLink::fds() const {
  std::vector<int> v;
  if (out_.fd >= 0) v.push_back(out_.fd);
  if (status_.fd >= 0) v.push_back(status_.fd);
  if (exitFd_ >= 0) v.push_back(exitFd_);
  return v;
}

bool MelimLink::onReadable(int fd, double now) {
  bool changed = false;
  if (fd >= 0 && fd == out_.fd)
    changed = drain(out_, false, now);
  else if (fd >= 0 && fd == status_.fd)
    drain(status_, true, now);
  else if (fd >= 0 && fd == exitFd_) {
    changed = reapIfExited(now);
    if (pid_ > 0) fallBackToReapChecks(now);
    return changed;
  }
  if (pid_ > 0 && out_.fd < 0) reapIfExited(now);  // stdout closed: melim is probably gone
  return changed;
}

// Reads until EAGAIN; at EOF closes the pipe (a partial last line is dropped and counted).
bool MelimLink::drain(Pipe& p, bool status, double now) {
  bool changed = false;
  char buf[65536];
  for (;;) {
    ssize_t n = read(p.fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return changed;  // EAGAIN, or an error we treat as "nothing now"
    if (n == 0) {
      if (p.framer.reset() && !status) ++counters_.badLines;
      close(p.fd);
      p.fd = -1;
      return changed;
    }
    p.framer.feed(std::string_view(buf, static_cast<size_t>(n)),
                  [&](FrameEvent ev, std::string_view line) {
                    if (ev == FrameEvent::kOverlong) {
                      if (!status) ++counters_.badLines;
                      return;
                    }
                    changed = onLine(status, line, now) || changed;
                  });
  }
}

bool MelimLink::onLine(bool status, std::string_view line, double now) {
  if (status) {
    ++counters_.statusLines;
    statusJson_.assign(line);
    auto ages = parseMelimValueAges(line);
    return ages && values_.applyAges(*ages, now);
  }
  auto v = parseMelimLine(line);
  if (!v) {
    ++counters_.badLines;
    return false;
  }
  ++counters_.lines;
  uint64_t staleBefore = values_.expiredCount();
  bool changed = values_.applyVector(*v, now);
  counters_.staleValues += values_.expiredCount() - staleBefore;
  return changed;
}

bool MelimLink::handleDeath(Death death, double now) {
  MelimDeathOutcome o = sup_.died(std::move(death), now);
  if (o.verdict != Verdict::kRestart) ++counters_.gaveUp;
  if (o.log) {
    ++counters_.failureLogs;
    if (o.verdict == Verdict::kRestart)
      spdlog::warn("{}", o.message);
    else
      spdlog::error("{}", o.message);
  }
  return values_.clear();
}

bool MelimLink::handleExit(int waitStatus, double now) {
  pid_ = -1;
  closeExitFd();
  closePipes();
  ++counters_.deaths;
  counters_.lastExit = decodeWait(waitStatus);
  return handleDeath(deathOf(waitStatus, now), now);
}

bool MelimLink::reapIfExited(double now) {
  if (pid_ <= 0) return false;
  int st = 0;
  pid_t r = waitpid(pid_, &st, WNOHANG);
  if (exitFd_ < 0) nextReapCheck_ = now + kReapCheck;
  if (r == pid_ || (r < 0 && errno == ECHILD)) return handleExit(st, now);
  return false;
}

// The pidfd polled readable but melim could not be reaped: it is never polled again (it
// would stay readable and spin the loop); waitpid runs every kReapCheck instead, as without.
void MelimLink::fallBackToReapChecks(double now) {
  closeExitFd();
  nextReapCheck_ = now + kReapCheck;
}

void MelimLink::closeExitFd() {
  if (exitFd_ >= 0) close(exitFd_);
  exitFd_ = -1;
}

void MelimLink::reapDying(double now) {
  nextDyingCheck_ = now + kDyingCheck;
  for (auto it = dying_.begin(); it != dying_.end();) {
    int st = 0;
    pid_t r = waitpid(it->pid, &st, WNOHANG);
    if (r == it->pid || (r < 0 && errno == ECHILD)) {
      for (int fd : it->fds) close(fd);
      it = dying_.erase(it);
      continue;
    }
    if (!it->killed && now >= it->killAt) {
      kill(it->pid, SIGKILL);
      it->killed = true;
    }
    ++it;
  }
}

double MelimLink::nextDeadline() const {
  double next = values_.nextExpiry();
  if (wanted_ && pid_ <= 0) next = std::min(next, sup_.restartAt());
  if (pid_ > 0) next = std::min(next, nextReapCheck_);
  for (const auto& d : dying_) next = std::min(next, d.killed ? kInf : d.killAt);
  return dying_.empty() ? next : std::min(next, nextDyingCheck_);
}

bool MelimLink::onTimer(double now) {
  bool changed = now >= nextReapCheck_ && reapIfExited(now);
  reapDying(now);
  if (wanted_ && pid_ <= 0 && sup_.due(now)) {
    Status st = spawn(now);
    (void)st;  // a failed fork is a death: handleDeath logged it
  }
  uint64_t staleBefore = values_.expiredCount();
  if (values_.expire(now)) {
    changed = true;
    uint64_t n = values_.expiredCount() - staleBefore;
    counters_.staleValues += n;
    spdlog::warn(
        "melim: {} external value(s) older than INTERVAL x LSF_ELIM_STALE_FACTOR; "
        "now unknown (melim {})",
        n, pid_ > 0 ? "running but silent" : "not running");
  }
  return changed;
}

}  // namespace openlim::agent
