// LoadCollector over a fixture /proc tree (two samples at fake times 0 and 5), static host
// info from config + detection, and a statvfs that hangs.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

#include "agent/load_collector.h"
#include "load/procfs/utmp.h"
#include "scratch_dir.h"

namespace openlim::agent {
namespace {

namespace fs = std::filesystem;

ConfigSnapshot makeConfig() {
  ConfigSnapshot c;
  c.hostTypes = {"LINUX", "X86_64", "LINUXPPC64"};
  c.models = {{"PC486", 1.0, "i486"}, {"Opteron8", 17.5, "x86_64_AMD"}, {"Power9", 30, "ppc64le"}};
  HostConfig h1;
  h1.name = "hostA";
  h1.model = "!";
  h1.type = "!";
  h1.booleans = {"linux", "fs"};
  h1.strings = {{"rack", "r1"}};
  HostConfig h2;
  h2.name = "hostB";
  h2.model = "Power9";
  h2.type = "LINUXPPC64";
  h2.server = false;
  h2.nd = 7;
  c.hosts = {h1, h2};
  return c;
}

class CollectorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = openlim::testing::scratchDir("agent_collector");
    fs::copy(fs::path(OPENLIM_LIM_FIXTURES) / "host1/sample1", root_, fs::copy_options::recursive);
    fs::create_directories(root_ / "var/run");
    fs::create_directories(root_ / "dev/pts");
  }
  void TearDown() override { fs::remove_all(root_); }
  void overlaySample2() {
    fs::copy(fs::path(OPENLIM_LIM_FIXTURES) / "host1/sample2", root_,
             fs::copy_options::recursive | fs::copy_options::overwrite_existing);
  }
  CollectorOptions options(StatvfsFn fn) {
    CollectorOptions o;
    o.machine = "x86_64";
    o.statvfsFn = std::move(fn);
    o.wallClock = [] { return 1e9 + 600; };
    return o;
  }
  static StatvfsFn fakeStatvfs(unsigned long freeBlocks, unsigned long blocks) {
    return [=](const char*, struct statvfs* st) {
      st->f_frsize = 1 << 20;
      st->f_bsize = 4096;
      st->f_bavail = freeBlocks;
      st->f_blocks = blocks;
      return 0;
    };
  }
  // Ticks at a fixed fake time until pred holds (the statvfs worker runs in real time).
  template <typename Pred>
  static bool tickUntil(LoadCollector& c, double now, Pred pred) {
    for (int i = 0; i < 1000 && !pred(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      c.tick(now);
    }
    return pred();
  }
  fs::path root_;
};

double idx(const LoadCollector& c, BuiltinIndex i) {
  return c.builtins()[static_cast<size_t>(i)];
}

TEST_F(CollectorTest, TwoSamplesFiveSecondsApartGiveRatesAndSmoothedRunQueue) {
  LoadCollector c(root_.string(), makeConfig(), "hostA", options(fakeStatvfs(300, 1000)));
  EXPECT_EQ(c.nextDeadline(), -INFINITY);
  c.tick(0);
  EXPECT_DOUBLE_EQ(idx(c, BuiltinIndex::kR15s), 3);  // procs_running 4 minus lim itself
  EXPECT_TRUE(std::isnan(idx(c, BuiltinIndex::kUt)));
  EXPECT_DOUBLE_EQ(idx(c, BuiltinIndex::kMem), 8000);
  EXPECT_DOUBLE_EQ(idx(c, BuiltinIndex::kSwp), 1024);
  overlaySample2();
  c.tick(5);
  double f15 = std::exp(-5.0 / 15), f60 = std::exp(-5.0 / 60);
  EXPECT_NEAR(idx(c, BuiltinIndex::kR15s), 3 * f15 + 6 * (1 - f15), 1e-9);
  EXPECT_NEAR(idx(c, BuiltinIndex::kR1m), 3 * f60 + 6 * (1 - f60), 1e-9);
  EXPECT_NEAR(idx(c, BuiltinIndex::kUt), 0.6, 1e-9);
  EXPECT_NEAR(idx(c, BuiltinIndex::kPg), 100, 1e-9);
  EXPECT_NEAR(idx(c, BuiltinIndex::kIo), 1000, 1e-9);  // sda + nvme0n1 only
  EXPECT_DOUBLE_EQ(idx(c, BuiltinIndex::kMem), 4000);
  EXPECT_DOUBLE_EQ(idx(c, BuiltinIndex::kSwp), 1024);  // swp refreshes every 15 s
  c.tick(15);
  EXPECT_DOUBLE_EQ(idx(c, BuiltinIndex::kSwp), 512);
  EXPECT_EQ(c.counters().readErrors, 0u);
  auto m = c.builtinMap();
  EXPECT_EQ(m.size(), 11u);
  EXPECT_DOUBLE_EQ(m.at("mem"), 4000);
}

// NLB_SWAPPING from the swap counters the pg index reads, in KB of the page size; NLB_RUNQOCC
// from the CPU pressure file, unknown (and no read error) on a kernel without one.
TEST_F(CollectorTest, SwappingAndRunQueueOccupancyFromVmstatAndCpuPressure) {
  auto pressure = [&](const char* total) {
    fs::create_directories(root_ / "proc/pressure");
    std::ofstream(root_ / "proc/pressure/cpu")
        << "some avg10=1.00 avg60=0.50 avg300=0.10 total=" << total
        << "\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";
  };
  auto nlb = [](const LoadCollector& c, NlbIndex i) {
    return c.nlbValues()[static_cast<size_t>(i)];
  };
  pressure("1000000");
  LoadCollector c(root_.string(), makeConfig(), "hostA", options(fakeStatvfs(300, 1000)));
  c.tick(0);
  EXPECT_TRUE(std::isnan(nlb(c, NlbIndex::kSwapping)));
  EXPECT_TRUE(std::isnan(nlb(c, NlbIndex::kRunqOcc)));
  overlaySample2();
  pressure("2500000");  // 1.5 s of 5 s stalled
  c.tick(5);
  const double pageKb = static_cast<double>(::sysconf(_SC_PAGESIZE)) / 1024;
  EXPECT_NEAR(nlb(c, NlbIndex::kSwapping), idx(c, BuiltinIndex::kPg) * pageKb, 1e-9);
  EXPECT_NEAR(nlb(c, NlbIndex::kSwapping), 100 * pageKb, 1e-9);
  EXPECT_NEAR(nlb(c, NlbIndex::kRunqOcc), 30, 1e-9);
  fs::remove(root_ / "proc/pressure/cpu");
  c.tick(10);
  EXPECT_TRUE(std::isnan(nlb(c, NlbIndex::kRunqOcc)));
  EXPECT_EQ(c.counters().readErrors, 0u);
}

TEST_F(CollectorTest, UsersAndIdleTimeFromUtmpAndTtyAtimes) {
  std::ofstream(root_ / "var/run/utmp", std::ios::binary)
      << procfs::makeUtmpRecord(7, "alice", "pts/1") + procfs::makeUtmpRecord(7, "bob", "pts/2") +
             procfs::makeUtmpRecord(7, "alice", "pts/3");
  for (auto [tty, ago] : {std::pair{"pts/1", 1200.0}, {"pts/2", 600.0}}) {
    std::ofstream(root_ / "dev" / tty) << "";
    struct timespec times[2] = {{static_cast<time_t>(1e9 + 600 - ago), 0}, {0, UTIME_OMIT}};
    ASSERT_EQ(::utimensat(AT_FDCWD, (root_ / "dev" / tty).c_str(), times, 0), 0);
  }
  LoadCollector c(root_.string(), makeConfig(), "hostA", options(fakeStatvfs(1, 2)));
  c.tick(0);
  EXPECT_DOUBLE_EQ(idx(c, BuiltinIndex::kLs), 2);
  EXPECT_NEAR(idx(c, BuiltinIndex::kIt), 10, 1e-6);  // pts/3 has no device: ignored
}

TEST_F(CollectorTest, NoUtmpMeansNobodyLoggedIn) {
  LoadCollector c(root_.string(), makeConfig(), "hostA", options(fakeStatvfs(1, 2)));
  c.tick(0);
  EXPECT_DOUBLE_EQ(idx(c, BuiltinIndex::kLs), 0);
  EXPECT_DOUBLE_EQ(idx(c, BuiltinIndex::kIt), kIdleNobodyMinutes);
}

TEST_F(CollectorTest, MissingProcFileMakesItsIndicesUnknownOthersKeepGoing) {
  fs::remove(root_ / "proc/vmstat");
  LoadCollector c(root_.string(), makeConfig(), "hostA", options(fakeStatvfs(1, 2)));
  c.tick(0);
  overlaySample2();
  fs::remove(root_ / "proc/vmstat");
  c.tick(5);
  EXPECT_TRUE(std::isnan(idx(c, BuiltinIndex::kPg)));
  EXPECT_NEAR(idx(c, BuiltinIndex::kIo), 1000, 1e-9);
  EXPECT_EQ(c.counters().readErrors, 2u);
}

TEST_F(CollectorTest, TmpComesFromTheStatvfsWorker) {
  LoadCollector c(root_.string(), makeConfig(), "hostA", options(fakeStatvfs(300, 1000)));
  c.tick(0);
  // Answered within the tick, or the loop is asked to come back soon for the answer.
  EXPECT_TRUE(!std::isnan(idx(c, BuiltinIndex::kTmp)) || c.nextDeadline() <= 0.2 + 1e-9);
  ASSERT_TRUE(tickUntil(c, 0.1, [&] { return !std::isnan(idx(c, BuiltinIndex::kTmp)); }));
  EXPECT_DOUBLE_EQ(idx(c, BuiltinIndex::kTmp), 300);
  EXPECT_DOUBLE_EQ(c.staticInfo().maxtmp, 1000);
  EXPECT_DOUBLE_EQ(c.nextDeadline(), 5);
  EXPECT_DOUBLE_EQ(c.wakeAt(), 5.01);  // 10 ms later: melim's line of that instant comes first
}

TEST_F(CollectorTest, HungStatvfsYieldsUnknownTmpAndNeverBlocksSampling) {
  struct Gate {
    std::mutex mu;
    std::condition_variable cv;
    bool open = false;
    int calls = 0;
  };
  auto gate = std::make_shared<Gate>();
  StatvfsFn hang = [gate](const char*, struct statvfs* st) {
    std::unique_lock<std::mutex> lock(gate->mu);
    ++gate->calls;
    gate->cv.wait(lock, [&] { return gate->open; });
    st->f_frsize = 1 << 20;
    st->f_bavail = 42;
    st->f_blocks = 100;
    return 0;
  };
  LoadCollector c(root_.string(), makeConfig(), "hostA", options(hang));
  c.tick(0);
  auto calls = [&] {
    std::lock_guard<std::mutex> lock(gate->mu);
    return gate->calls;
  };
  for (int i = 0; i < 2000 && calls() == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ASSERT_EQ(calls(), 1);  // the worker is inside statvfs now
  c.tick(1);
  EXPECT_EQ(c.counters().tmpTimeouts, 0u);
  c.tick(2);  // statvfsTimeout = 2 s
  EXPECT_EQ(c.counters().tmpTimeouts, 1u);
  EXPECT_TRUE(std::isnan(idx(c, BuiltinIndex::kTmp)));
  overlaySample2();
  for (double t = 5; t <= 125; t += 5) c.tick(t);  // tmp due again at 120: still hung
  EXPECT_EQ(c.counters().ticks, 28u);
  EXPECT_NEAR(idx(c, BuiltinIndex::kUt), 0.6, 1e-9);  // sampling went on
  EXPECT_TRUE(std::isnan(idx(c, BuiltinIndex::kTmp)));
  {
    std::lock_guard<std::mutex> lock(gate->mu);
    EXPECT_EQ(gate->calls, 1);  // no pile of stuck threads
    gate->open = true;
  }
  gate->cv.notify_all();
  // The late answer is discarded and a new probe starts at once.
  ASSERT_TRUE(tickUntil(c, 126, [&] { return !std::isnan(idx(c, BuiltinIndex::kTmp)); }));
  EXPECT_DOUBLE_EQ(idx(c, BuiltinIndex::kTmp), 42);
}

TEST_F(CollectorTest, StaticInfoDetectsTypeModelAndCounts) {
  LoadCollector c(root_.string(), makeConfig(), "hostA", options(fakeStatvfs(1, 2)));
  const StaticHostInfo& s = c.staticInfo();
  EXPECT_EQ(s.type, "X86_64");
  EXPECT_EQ(s.model, "Opteron8");
  EXPECT_DOUBLE_EQ(s.cpuFactor, 17.5);
  EXPECT_EQ(s.ncpus, 8);
  EXPECT_EQ(s.ncores, 4);
  EXPECT_EQ(s.nthreads, 8);
  EXPECT_DOUBLE_EQ(s.maxmem, 16000);
  EXPECT_DOUBLE_EQ(s.maxswp, 2048);
  EXPECT_EQ(s.ndisks, 2);
  EXPECT_TRUE(s.server);
  EXPECT_EQ(s.booleans, (std::vector<std::string>{"linux", "fs"}));
  EXPECT_EQ(s.strings.at("rack"), "r1");
}

TEST_F(CollectorTest, ConfiguredTypeModelNdAndLsfNcpusWin) {
  ConfigSnapshot cfg = makeConfig();
  cfg.lsf.ncpus = 3;  // LSF_NCPUS, typed by the config reader
  LoadCollector c(root_.string(), cfg, "hostB", options(fakeStatvfs(1, 2)));
  EXPECT_EQ(c.staticInfo().type, "LINUXPPC64");
  EXPECT_EQ(c.staticInfo().model, "Power9");
  EXPECT_DOUBLE_EQ(c.staticInfo().cpuFactor, 30);
  EXPECT_EQ(c.staticInfo().ncpus, 3);
  EXPECT_EQ(c.staticInfo().ndisks, 7);
  EXPECT_FALSE(c.staticInfo().server);
  cfg.lsf.ncpus = 0;
  c.reconfigure(cfg);
  EXPECT_EQ(c.staticInfo().ncpus, 8);
}

TEST(HostDetect, TypeAndModelFallbacks) {
  ConfigSnapshot c = makeConfig();
  EXPECT_EQ(detectHostType(c, "aarch64"), "LINUX");  // no match: the first HostType
  EXPECT_EQ(detectHostType(c, "X86-64"), "X86_64");
  EXPECT_EQ(detectHostModel(c, "ppc64le"), "Power9");
  EXPECT_EQ(detectHostModel(c, "riscv64"), "PC486");
  EXPECT_EQ(detectHostType(ConfigSnapshot{}, "x86_64"), "UNKNOWN_AUTO_DETECT");
  EXPECT_EQ(detectHostModel(ConfigSnapshot{}, "x86_64"), "UNKNOWN_AUTO_DETECT");
}

}  // namespace
}  // namespace openlim::agent
