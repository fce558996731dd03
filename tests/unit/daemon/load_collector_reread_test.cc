// LoadCollector reads again only what may have changed: /proc is listed for NLB_NUMPROC
// only when a task came or went, /sys/block only when /proc/diskstats names other devices.
// Over a fixture /proc tree (host1/sample1) at fake times 0, 5, 10 ...
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "agent/load_collector.h"
#include "scratch_dir.h"

namespace openlim::agent {
namespace {

namespace fs = std::filesystem;

class CollectorRereadTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = openlim::testing::scratchDir("agent_reread");
    fs::copy(fs::path(OPENLIM_LIM_FIXTURES) / "host1/sample1", root_, fs::copy_options::recursive);
  }
  void TearDown() override { fs::remove_all(root_); }
  LoadCollector collector() {
    CollectorOptions o;
    o.machine = "x86_64";
    o.statvfsFn = [](const char*, struct statvfs* st) {
      st->f_frsize = 1 << 20;
      st->f_bavail = 1;
      st->f_blocks = 2;
      return 0;
    };
    o.wallClock = [] { return 1e9; };
    ConfigSnapshot config;
    HostConfig h;
    h.name = "hostA";
    config.hosts = {h};
    return LoadCollector(root_.string(), config, "hostA", o);
  }
  fs::path root_;
};

double idx(const LoadCollector& c, BuiltinIndex i) {
  return c.builtins()[static_cast<size_t>(i)];
}

// NLB_NUMPROC lists /proc again only when a task came (the fork count of /proc/stat grew) or
// went (the task count of /proc/loadavg moved); without /proc/loadavg, at every sample.
TEST_F(CollectorRereadTest, ProcessCountListsProcOnlyWhenATaskCameOrWent) {
  auto numproc = [](const LoadCollector& c) {
    return c.nlbValues()[static_cast<size_t>(NlbIndex::kNumProc)];
  };
  std::ofstream(root_ / "proc/loadavg") << "0.00 0.00 0.00 1/3 77\n";
  for (const char* pid : {"1", "42"}) fs::create_directories(root_ / "proc" / pid);
  LoadCollector c = collector();
  c.tick(0);
  EXPECT_DOUBLE_EQ(numproc(c), 2);
  // A process the counters do not show: the count stands, /proc is not listed.
  fs::create_directories(root_ / "proc/43");
  c.tick(5);
  EXPECT_DOUBLE_EQ(numproc(c), 2);
  EXPECT_EQ(c.counters().procListings, 1u);
  EXPECT_EQ(c.counters().procCountsReused, 1u);
  std::ofstream(root_ / "proc/loadavg") << "0.00 0.00 0.00 1/4 78\n";
  c.tick(10);
  EXPECT_DOUBLE_EQ(numproc(c), 3);
  EXPECT_EQ(c.counters().procListings, 2u);
  fs::remove(root_ / "proc/loadavg");
  fs::create_directories(root_ / "proc/44");
  c.tick(15);
  EXPECT_DOUBLE_EQ(numproc(c), 4);
  c.tick(20);
  EXPECT_EQ(c.counters().procListings, 4u);
  EXPECT_EQ(c.counters().procCountsReused, 1u);
  EXPECT_EQ(c.counters().readErrors, 0u);
}

// /sys/block (which devices are whole disks, for io) is listed again only when the device
// names of /proc/diskstats change, not at every sample.
TEST_F(CollectorRereadTest, WholeDisksAreListedAgainOnlyWhenDiskstatsNamesChange) {
  LoadCollector c = collector();
  c.tick(0);
  EXPECT_EQ(c.counters().diskListings, 2u);         // at start (detection) and the first sample
  fs::create_directories(root_ / "sys/block/sdy");  // no diskstats line: nothing to list for
  c.tick(5);
  EXPECT_EQ(c.counters().diskListings, 2u);
  EXPECT_DOUBLE_EQ(idx(c, BuiltinIndex::kIo), 0);  // the same counters: no I/O
  fs::create_directories(root_ / "sys/block/sdz");
  std::ofstream(root_ / "proc/diskstats", std::ios::app)
      << "   8      16 sdz 100 0 102400 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n";
  c.tick(10);
  EXPECT_EQ(c.counters().diskListings, 3u);
  EXPECT_GT(idx(c, BuiltinIndex::kIo), 0);  // sdz counted: /sys/block names it a whole disk
  c.tick(15);
  EXPECT_EQ(c.counters().diskListings, 3u);
  EXPECT_EQ(c.counters().readErrors, 0u);
}

}  // namespace
}  // namespace openlim::agent
