// Golden output tests: every case under tests/golden/<command>/<case>.cmd runs the command
// function against a fake lim answering from tests/golden/fixtures/<fixture>/<op>.json and
// compares stdout, stderr and the exit code with <case>.out, <case>.err and the `exit:` line.
// Set OPENLIM_UPDATE_GOLDEN=1 to rewrite .out/.err after checking a change by eye.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "commands.h"
#include "fake_lim.h"
#include "lim_starter.h"
#include "openlim/version.h"
#include "remote_cmds.h"

namespace fs = std::filesystem;

namespace openlim::cmd::testing {
namespace {

struct Case {
  std::string name;  // <command>/<case>
  fs::path path;     // the .cmd file
};

std::vector<Case> allCases() {
  std::vector<Case> cases;
  // Only the folders of these commands: ckconfig/ and lsplace/ have their own runners.
  for (const char* dir :
       {"lsload", "lshosts", "lsinfo", "lsid", "bhosts", "lsadmin", "lsreserve", "lsrelease",
        "lsquota", "lsclusters", "lsmon", "lsrun", "lsgrun", "lslogin", "lsloadadj"}) {
    fs::path d = fs::path(OPENLIM_GOLDEN_DIR) / dir;
    if (!fs::exists(d)) continue;
    for (const auto& e : fs::directory_iterator(d))
      if (e.path().extension() == ".cmd")
        cases.push_back({std::string(dir) + "/" + e.path().stem().string(), e.path()});
  }
  std::sort(cases.begin(), cases.end(), [](auto& a, auto& b) { return a.name < b.name; });
  return cases;
}

// Splits a command line on blanks; single quotes group.
std::vector<std::string> splitArgs(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  bool quoted = false;
  bool any = false;
  for (char c : line) {
    if (c == '\'') {
      quoted = !quoted;
      any = true;
    } else if (c == ' ' && !quoted) {
      if (any) out.push_back(cur);
      cur.clear();
      any = false;
    } else {
      cur += c;
      any = true;
    }
  }
  if (any) out.push_back(cur);
  return out;
}

std::map<std::string, std::string> readHeader(const fs::path& p) {
  std::map<std::string, std::string> kv;
  std::istringstream in(readText(p.string()));
  for (std::string line; std::getline(in, line);) {
    auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string value = line.substr(colon + 1);
    value.erase(0, value.find_first_not_of(' '));
    kv[line.substr(0, colon)] = value;
  }
  return kv;
}

// Plays the processes of lsrun, lsgrun and lslogin: writes each argv it is asked to start on
// stdout (`run: ...`, words quoted) and answers with the `launch:` header's exit code
// ("unstarted": the program cannot be executed).
class FakeLauncher : public Launcher {
 public:
  FakeLauncher(Out& out, std::string launch) : out_(out), launch_(std::move(launch)) {}
  TaskResult run(const std::vector<std::string>& argv) override { return record("run", argv); }
  std::vector<TaskResult> runAll(const std::vector<Task>& tasks, int parallel,
                                 bool prefix) override {
    out_ << "runAll: parallel " << parallel << (prefix ? ", prefixed\n" : "\n");
    std::vector<TaskResult> r;
    for (const auto& t : tasks) r.push_back(record("  " + t.label, t.argv));
    return r;
  }
  TaskResult replace(const std::vector<std::string>& argv) override {
    return record("replace", argv);
  }

 private:
  TaskResult record(const std::string& what, const std::vector<std::string>& argv) {
    out_ << what << ":";
    for (const auto& w : argv) out_ << " " << shellQuote(w);
    out_ << "\n";
    if (launch_ == "unstarted") return {false, 0, argv[0] + ": No such file or directory"};
    return {true, launch_.empty() ? 0 : std::stoi(launch_), ""};
  }
  Out& out_;
  std::string launch_;
};

int runCommand(const std::vector<std::string>& argv, CmdIo& io,
               std::map<std::string, std::string>& header) {
  std::vector<std::string> args(argv.begin() + 1, argv.end());
  const std::string& cmd = argv[0];
  FakeLauncher launcher(io.out, header["launch"]);
  RemoteIo rio{launcher, header.count("rsh") ? header["rsh"] : "ssh", "/home/u/my dir"};
  rio.maxParallel = 4;
  rio.readFile = [](const std::string& path) -> Result<std::string> {
    std::string text = readText(std::string(OPENLIM_GOLDEN_DIR) + "/" + path);
    if (text.empty()) return Status(Code::kNotFound, "cannot open");
    return text;
  };
  std::vector<std::string> lines = splitArgs(header["stdin"]);
  size_t next = 0;
  rio.readLine = [&](const std::string& prompt) -> std::optional<std::string> {
    io.out << prompt;
    if (next == lines.size()) return std::nullopt;
    return lines[next++];
  };
  if (cmd == "lsrun") return runLsrun(args, io, rio);
  if (cmd == "lsgrun") return runLsgrun(args, io, rio);
  if (cmd == "lslogin") return runLslogin(args, io, rio);
  if (cmd == "lsloadadj") return runLsloadadj(args, io);
  if (cmd == "lsload") return runLsload(args, io);
  if (cmd == "lshosts") return runLshosts(args, io);
  if (cmd == "lsinfo") return runLsinfo(args, io);
  if (cmd == "lsid") return runLsid(args, io);
  if (cmd == "bhosts") return runBhosts(args, io);
  if (cmd == "lsreserve") return runLsreserve(args, io);
  if (cmd == "lsrelease") return runLsrelease(args, io);
  if (cmd == "lsquota") return runLsquota(args, io);
  if (cmd == "lsclusters") return runLsclusters(args, io);
  if (cmd == "lsmon") return runLsmon(args, io);
  if (cmd == "lsadmin" && !args.empty())
    return runLsadminOp(args[0], std::vector<std::string>(args.begin() + 1, args.end()), io);
  ADD_FAILURE() << "unknown command " << cmd;
  return -1;
}

void loadFixture(FakeLim& lim, const fs::path& casePath, const std::string& fixture) {
  if (fixture == "down") {
    lim.down = true;
    return;
  }
  fs::path dir = fs::path(OPENLIM_GOLDEN_DIR) / "fixtures" / fixture;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".json") lim.replies[e.path().stem().string()] = readText(e.path());
  // <case>.<op>.json next to the case replaces that op's reply.
  std::string prefix = casePath.stem().string() + ".";
  for (const auto& e : fs::directory_iterator(casePath.parent_path())) {
    std::string f = e.path().filename().string();
    if (f.rfind(prefix, 0) == 0 && e.path().extension() == ".json")
      lim.replies[f.substr(prefix.size(), f.size() - prefix.size() - 5)] = readText(e.path());
  }
}

// The build date changes every day; golden files say <build date>.
std::string stableText(std::string s) {
  const std::string date = kBuildDate;
  for (size_t p; (p = s.find(date)) != std::string::npos;)
    s.replace(p, date.size(), "<build date>");
  return s;
}

void checkOrUpdate(const fs::path& expected, const std::string& raw) {
  std::string actual = stableText(raw);
  if (std::getenv("OPENLIM_UPDATE_GOLDEN") != nullptr) {
    if (actual.empty())
      fs::remove(expected);
    else
      std::ofstream(expected) << actual;
    return;
  }
  std::string want = fs::exists(expected) ? readText(expected.string()) : "";
  EXPECT_EQ(want, actual) << "golden file " << expected;
}

class Golden : public ::testing::TestWithParam<Case> {};

TEST_P(Golden, OutputMatches) {
  const Case& c = GetParam();
  ::setenv("TZ", "UTC", 1);  // lsreserve -l prints times in local time
  ::tzset();
  auto header = readHeader(c.path);
  FakeLim lim;
  loadFixture(lim, c.path, header["fixture"]);
  Out out, err;
  bool answer = header["confirm"] != "n";
  CmdIo io{out, err, lim, header.count("local") ? header["local"] : "hostA",
           [&](const std::string& q) {
             out << q;
             return answer;
           }};
  int rc = runCommand(splitArgs(header["args"]), io, header);
  EXPECT_EQ(std::stoi(header["exit"]), rc) << c.name;
  fs::path base = c.path;
  checkOrUpdate(base.replace_extension(".out"), out.str());
  checkOrUpdate(base.replace_extension(".err"), err.str());
  if (header.count("request")) {  // the last request sent, exactly
    ASSERT_FALSE(lim.requests.empty());
    EXPECT_EQ(header["request"], lim.requests.back());
  }
}

INSTANTIATE_TEST_SUITE_P(Cmd, Golden, ::testing::ValuesIn(allCases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           std::string n = info.param.name;
                           for (auto& ch : n)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return n;
                         });

}  // namespace
}  // namespace openlim::cmd::testing
