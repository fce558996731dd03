// MelimLink against fake melim scripts: environment, values and status from the pipes,
// throttled restart after a death, TERM then KILL on stop, restart on a changed served set.
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "agent/melim_link.h"
#include "scratch_dir.h"

namespace openlim::agent {
namespace {

namespace fs = std::filesystem;

class MelimLinkTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = openlim::testing::scratchDir("agent_melim");
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Writes an executable fake melim with the given sh body.
  std::string script(const std::string& body) {
    fs::path p = dir_ / "melim";
    std::ofstream(p) << "#!/bin/sh\n" << body << "\n";
    fs::permissions(p, fs::perms::owner_all);
    return p.string();
  }
  MelimOptions options() {
    MelimOptions o;
    o.serverDir = dir_.string();
    o.envDir = "/etc/lsf-test";
    o.hostName = "hostA";
    o.params.elimAbortValue = 42;
    o.params.elimBlockTime = 0.5;
    o.params.elimRestarts = 3;
    o.stopGrace = 0.3;
    return o;
  }
  // Polls the link's pipes and timer at fake time `now` until pred holds (10 s real cap).
  template <typename Pred>
  static bool pump(MelimLink& link, double now, Pred pred) {
    auto end = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!pred() && std::chrono::steady_clock::now() < end) {
      std::vector<pollfd> pfds;
      for (int fd : link.fds()) pfds.push_back({fd, POLLIN, 0});
      if (pfds.empty())
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      else
        ::poll(pfds.data(), pfds.size(), 20);
      for (auto& p : pfds)
        if (p.revents) link.onReadable(p.fd, now);
      link.onTimer(now);
    }
    return pred();
  }
  static std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  fs::path dir_;
};

// Running (not a zombie): a zombie still answers kill(pid, 0).
bool alive(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  size_t close = stat.rfind(')');
  return close != std::string::npos && close + 2 < stat.size() && stat[close + 2] != 'Z';
}

TEST_F(MelimLinkTest, NothingRunsWithoutExternalResources) {
  script("echo started > \"$(dirname \"$0\")/started\"; exec sleep 30");
  MelimLink link(options());
  ASSERT_TRUE(link.start({}, true, 0).isOk());
  EXPECT_FALSE(link.running());
  EXPECT_TRUE(link.fds().empty());
  EXPECT_EQ(link.nextDeadline(), INFINITY);
  EXPECT_EQ(link.counters().starts, 0u);
}

TEST_F(MelimLinkTest, PassesEnvironmentAndReadsValuesAndStatus) {
  script(
      "env > \"$LSF_SERVERDIR/env.out\"\n"
      "echo '{\"elims\":0}' >&3\n"
      "echo \"3 gpu 4 model A100 lic -\"\n"
      "echo '{\"elims\":1}' >&3\n"
      "exec sleep 30");
  ::setenv("OPENLIM_TEST_INHERITED", "yes", 1);
  MelimLink link(options());
  ASSERT_TRUE(link.start({"gpu", "model", "lic"}, true, 0).isOk());
  EXPECT_TRUE(link.running());
  const size_t pidfd = link.fds().size() - 2;  // its pipes, and its pidfd where there is one
  EXPECT_LE(pidfd, 1u);
  ASSERT_TRUE(pump(
      link, 0, [&] { return link.values().size() == 3 && link.statusJson() == "{\"elims\":1}"; }));
  EXPECT_DOUBLE_EQ(link.values().at("gpu").number, 4);
  EXPECT_EQ(link.values().at("model").text, "A100");
  EXPECT_FALSE(link.values().at("lic").known);
  EXPECT_EQ(link.counters().lines, 1u);
  EXPECT_EQ(link.counters().statusLines, 2u);
  std::string env = slurp(dir_ / "env.out");
  for (auto kv : {"LSF_RESOURCES=gpu model lic", "LSF_MASTER=Y", "ELIM_ABORT_VALUE=42",
                  "LSF_ENVDIR=/etc/lsf-test", "OPENLIM_HOST=hostA", "LSF_ELIM_BLOCKTIME=0.5",
                  "LSF_ELIM_RESTARTS=3", "LSF_ELIM_DEBUG=n", "LSF_ELIM_RESTART_INTERVAL=90",
                  "OPENLIM_TEST_INHERITED=yes"})
    EXPECT_NE(env.find(std::string(kv) + "\n"), std::string::npos) << kv;
  EXPECT_NE(env.find("LSF_SERVERDIR=" + dir_.string() + "\n"), std::string::npos);
}

TEST_F(MelimLinkTest, BadAndOverlongLinesAreCountedNotApplied) {
  script("echo garbage; echo '2 a 1'; printf '%0200d\\n' 7; echo '1 a 5'; exec sleep 30");
  MelimOptions o = options();
  o.maxLineBytes = 64;
  MelimLink link(o);
  ASSERT_TRUE(link.start({"a"}, false, 0).isOk());
  ASSERT_TRUE(pump(link, 0, [&] { return link.values().count("a") == 1; }));
  EXPECT_DOUBLE_EQ(link.values().at("a").number, 5);
  EXPECT_EQ(link.counters().badLines, 3u);
  EXPECT_EQ(link.counters().lines, 1u);
}

TEST_F(MelimLinkTest, DeadMelimIsRestartedNoSoonerThanTheThrottle) {
  script("echo '1 a 1'; exit 3");
  MelimOptions o = options();
  o.restartThrottle = 10;
  MelimLink link(o);
  ASSERT_TRUE(link.start({"a"}, false, 100).isOk());
  ASSERT_TRUE(pump(link, 100, [&] { return link.counters().deaths == 1; }));
  EXPECT_EQ(link.counters().lastExit, 3);
  EXPECT_FALSE(link.running());
  EXPECT_TRUE(link.values().empty());  // a dead melim's values are unknown
  EXPECT_DOUBLE_EQ(link.nextDeadline(), 110);
  link.onTimer(109.9);
  EXPECT_EQ(link.counters().starts, 1u);
  link.onTimer(110);
  EXPECT_EQ(link.counters().starts, 2u);
  EXPECT_TRUE(link.running());
  ASSERT_TRUE(pump(link, 110, [&] { return link.counters().deaths == 2; }));
  EXPECT_DOUBLE_EQ(link.nextDeadline(), 120);
}

// An idle lim does not wake to ask whether melim still runs: melim's pidfd is polled with its
// pipes, and its exit wakes the loop (kernels without pidfds check every second instead).
TEST_F(MelimLinkTest, ASilentMelimSetsNoDeadlineAndItsExitIsStillSeen) {
  script("exec 1>&- 3>&-; sleep 0.3; exit 5");  // closes both pipes first: only its exit tells
  MelimLink link(options());
  ASSERT_TRUE(link.start({"a"}, false, 100).isOk());
  ASSERT_TRUE(link.running());
  if (link.fds().size() < 3) GTEST_SKIP() << "no pidfd on this kernel";
  EXPECT_EQ(link.nextDeadline(), INFINITY);  // no waitpid beat while it runs
  ASSERT_TRUE(pump(link, 100, [&] { return link.counters().deaths == 1; }));
  EXPECT_EQ(link.counters().lastExit, 5);
  EXPECT_TRUE(link.fds().empty());             // the pidfd went with it
  EXPECT_DOUBLE_EQ(link.nextDeadline(), 110);  // only the throttled restart is due
}

TEST_F(MelimLinkTest, MissingBinaryShowsAsExit127AndIsRetried) {
  MelimOptions o = options();
  o.melimPath = (dir_ / "no-such-melim").string();
  MelimLink link(o);
  ASSERT_TRUE(link.start({"a"}, false, 0).isOk());
  ASSERT_TRUE(pump(link, 0, [&] { return link.counters().deaths == 1; }));
  EXPECT_EQ(link.counters().lastExit, 127);
  EXPECT_DOUBLE_EQ(link.nextDeadline(), 10);
}

TEST_F(MelimLinkTest, StopSendsTermThenKillAfterGrace) {
  script("trap '' TERM; echo '1 a 1'; while :; do sleep 0.05; done");
  MelimLink link(options());
  ASSERT_TRUE(link.start({"a"}, false, 0).isOk());
  ASSERT_TRUE(pump(link, 0, [&] { return !link.values().empty(); }));
  pid_t pid = link.pid();
  link.stop(1);
  EXPECT_FALSE(link.running());
  EXPECT_TRUE(link.values().empty());
  link.onTimer(1.1);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  link.onTimer(1.2);
  EXPECT_TRUE(alive(pid));  // ignored TERM, still there inside the grace
  ASSERT_TRUE(pump(link, 1.3, [&] { return link.nextDeadline() == INFINITY; }));
  EXPECT_NE(::kill(pid, 0), 0);           // killed and reaped
  EXPECT_EQ(link.counters().deaths, 0u);  // asked for: not a death
  link.onTimer(100);
  EXPECT_EQ(link.counters().starts, 1u);  // and not restarted
}

TEST_F(MelimLinkTest, RestartOnlyWhenServedSetOrRoleChanges) {
  script("echo \"1 n $(echo $LSF_RESOURCES | wc -w)\"; exec sleep 30");
  MelimLink link(options());
  ASSERT_TRUE(link.start({"a", "b"}, false, 0).isOk());
  pid_t first = link.pid();
  ASSERT_TRUE(link.restart({"b", "a"}, false, 1).isOk());
  EXPECT_EQ(link.pid(), first);
  ASSERT_TRUE(link.restart({"a", "b", "c"}, false, 2).isOk());
  EXPECT_NE(link.pid(), first);
  ASSERT_TRUE(pump(link, 2, [&] { return !link.values().empty(); }));
  EXPECT_DOUBLE_EQ(link.values().at("n").number, 3);
  pid_t second = link.pid();
  ASSERT_TRUE(link.restart({"a", "b", "c"}, true, 3).isOk());  // became master
  EXPECT_NE(link.pid(), second);
  ASSERT_TRUE(link.restart({}, true, 4).isOk());
  EXPECT_FALSE(link.running());
  EXPECT_EQ(link.counters().starts, 3u);
  ASSERT_TRUE(pump(link, 5, [&] { return link.nextDeadline() == INFINITY; }));
  EXPECT_NE(::kill(first, 0), 0);
  EXPECT_NE(::kill(second, 0), 0);
}

TEST_F(MelimLinkTest, HungMelimsValuesGoStaleByLimsOwnClock) {
  script("echo '1 a 5'; exec sleep 30");  // says one thing, then nothing more
  MelimOptions o = options();
  o.params.elimStaleFactor = 3;  // no INTERVAL for `a`: 60 s x 3
  MelimLink link(o);
  ASSERT_TRUE(link.start({"a"}, false, 0).isOk());
  ASSERT_TRUE(pump(link, 0, [&] { return link.values().count("a") == 1; }));
  // The stale limit comes first; without a pidfd, the reap check each second before it.
  EXPECT_DOUBLE_EQ(link.nextDeadline(), link.fds().size() == 3 ? 180 : 1);
  EXPECT_FALSE(link.onTimer(179.9));
  EXPECT_TRUE(link.values().at("a").known);
  EXPECT_DOUBLE_EQ(link.age("a", 179.9), 179.9);
  EXPECT_TRUE(link.onTimer(180));
  EXPECT_TRUE(link.running());  // melim never said the value was stale: lim knows by itself
  EXPECT_FALSE(link.values().at("a").known);
  EXPECT_TRUE(std::isnan(link.age("a", 180)));
  EXPECT_EQ(link.counters().staleValues, 1u);
}

TEST_F(MelimLinkTest, EachValueHasItsOwnAgeFromMelimsStatus) {
  script(
      "echo '2 a 5 b 6'\n"
      "echo '{\"values\":[{\"name\":\"a\",\"value\":\"5\",\"age\":7.5},"
      "{\"name\":\"b\",\"value\":\"6\",\"age\":0.5}]}' >&3\n"
      "exec sleep 30");
  MelimLink link(options());
  ASSERT_TRUE(link.start({"a", "b", "c"}, false, 100).isOk());
  ASSERT_TRUE(pump(link, 100,
                   [&] { return link.counters().lines == 1 && link.counters().statusLines == 1; }));
  EXPECT_DOUBLE_EQ(link.age("a", 100), 7.5);
  EXPECT_DOUBLE_EQ(link.age("b", 101), 1.5);
  EXPECT_TRUE(std::isnan(link.age("c", 100)));  // unknown: no age
}

TEST_F(MelimLinkTest, CrashLoopIsLoggedSparselyGivesUpAtTheCapAndReconfigRetries) {
  script("exit 3");
  MelimOptions o = options();
  o.restartThrottle = 1;
  o.maxRestarts = 3;
  MelimLink link(o);
  double now = 0;
  ASSERT_TRUE(link.start({"a"}, false, now).isOk());
  for (uint64_t d = 1; d <= 4; ++d) {
    ASSERT_TRUE(pump(link, now, [&] { return link.counters().deaths == d; }));
    now += 1;
    link.onTimer(now);
  }
  EXPECT_EQ(link.counters().starts, 4u);  // the first start and three restarts
  EXPECT_EQ(link.counters().gaveUp, 1u);
  EXPECT_EQ(link.state(), MelimState::kGaveUp);
  EXPECT_EQ(link.counters().failureLogs, 4u);  // three deaths, one give-up
  EXPECT_EQ(link.nextDeadline(), INFINITY);
  link.onTimer(now + 100);
  EXPECT_EQ(link.counters().starts, 4u);
  link.reconfigure(now + 100);  // the admin fixed something: try again at once
  link.onTimer(now + 100);
  EXPECT_EQ(link.counters().starts, 5u);
}

TEST_F(MelimLinkTest, StoppedMelimMeetsNoBrokenPipeOnItsWayOut) {
  script(
      "trap 'echo bye >&3 && echo ok > \"$LSF_SERVERDIR/term\"; exit 0' TERM\n"
      "echo '1 a 1'\n"
      "while :; do sleep 0.05; done");
  MelimLink link(options());
  ASSERT_TRUE(link.start({"a"}, false, 0).isOk());
  ASSERT_TRUE(pump(link, 0, [&] { return !link.values().empty(); }));
  link.stop(1);
  ASSERT_TRUE(pump(link, 1, [&] { return link.nextDeadline() == INFINITY; }));
  EXPECT_EQ(slurp(dir_ / "term"), "ok\n");  // its write to fd 3 did not fail with EPIPE
}

TEST_F(MelimLinkTest, DestructorStopsAndReapsMelim) {
  script("exec sleep 30");
  pid_t pid;
  {
    MelimLink link(options());
    ASSERT_TRUE(link.start({"a"}, false, 0).isOk());
    pid = link.pid();
    EXPECT_TRUE(alive(pid));
  }
  EXPECT_NE(::kill(pid, 0), 0);
}

TEST_F(MelimLinkTest, MelimDiesWhenLimIsKilled) {
  script(
      "echo $$ > \"$LSF_SERVERDIR/melim.pid.tmp\"; mv \"$LSF_SERVERDIR/melim.pid.tmp\" "
      "\"$LSF_SERVERDIR/melim.pid\"; exec sleep 30");
  pid_t lim = ::fork();
  ASSERT_GE(lim, 0);
  if (lim == 0) {  // plays lim: starts melim, then is killed without any cleanup
    MelimLink link(options());
    if (!link.start({"a"}, false, 0).isOk()) ::_exit(1);
    for (int i = 0; i < 1000 && !fs::exists(dir_ / "melim.pid"); ++i) ::usleep(10000);
    ::kill(::getpid(), SIGKILL);
  }
  int st = 0;
  ASSERT_EQ(::waitpid(lim, &st, 0), lim);
  ASSERT_TRUE(WIFSIGNALED(st));
  pid_t melim = std::stoi(slurp(dir_ / "melim.pid"));
  for (int i = 0; i < 1000 && alive(melim); ++i) ::usleep(10000);
  EXPECT_FALSE(alive(melim));
}

}  // namespace
}  // namespace openlim::agent
