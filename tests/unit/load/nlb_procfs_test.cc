// The /proc readings behind the NLB values: system CPU, context switches, disk requests, the
// clock and the process count (lim/lib/load/procfs). Malformed input is an error, never 0.
#include <gtest/gtest.h>

#include "load/procfs/diskstats.h"
#include "load/procfs/nlb_host.h"
#include "load/procfs/proc_stat.h"

namespace openlim::procfs {
namespace {

TEST(NlbProcStat, ReadsTheSystemColumnAndContextSwitches) {
  auto s = parseProcStat("cpu  10 1 5 100 20 3 4 7 9 9\nctxt 123456\nprocs_running 3\n");
  ASSERT_TRUE(s.isOk());
  EXPECT_EQ(s->cpu.system, 5u);
  EXPECT_EQ(s->ctxt, 123456);
}

TEST(NlbProcStat, AbsentCtxtIsUnknownAndABadOneAnError) {
  auto s = parseProcStat("cpu 1 2 3 4 5\n");
  ASSERT_TRUE(s.isOk());
  EXPECT_EQ(s->ctxt, -1);
  EXPECT_FALSE(parseProcStat("cpu 1 2 3 4 5\nctxt -4\n").isOk());
  EXPECT_FALSE(parseProcStat("cpu 1 2 3 4 5\nctxt 12x\n").isOk());
  EXPECT_FALSE(parseProcStat("cpu 1 2 3 4 5\nctxt 99999999999999999999\n").isOk());
}

// "processes" (tasks created since boot) tells ProcessCountGate whether a task came: only a
// hint, so a bad one leaves it unknown and is no error; lines the parser does not read (intr,
// softirq, however long or odd) are never looked into.
TEST(NlbProcStat, ReadsTheForkCountAndSkipsLinesItDoesNotUse) {
  auto s = parseProcStat(
      "cpu 1 2 3 4 5\nintr 9 x y -1 junk\nctxt 7\nprocesses 5000\nsoftirq a b\n"
      "procs_running 2\n");
  ASSERT_TRUE(s.isOk()) << s.status().message();
  EXPECT_EQ(s->forks, 5000);
  EXPECT_EQ(s->ctxt, 7);
  EXPECT_EQ(s->procsRunning, 2);
  EXPECT_EQ(parseProcStat("cpu 1 2 3 4 5\n")->forks, -1);
  for (const char* bad : {"processes x\n", "processes -3\n", "processes 1 2\n", "processes\n"}) {
    auto b = parseProcStat(std::string("cpu 1 2 3 4 5\n") + bad);
    ASSERT_TRUE(b.isOk()) << bad;
    EXPECT_EQ(b->forks, -1) << bad;
  }
  EXPECT_FALSE(parseProcStat("cpu 1 2 3 4 5\nprocs_running 3x\n").isOk());
}

TEST(NlbDiskstats, SumsReadsAndWritesCompletedOfRealDisks) {
  auto d = parseDiskstats(
      "8 0 sda 100 0 2000 0 50 0 1000 0 0 0 0\n"
      "8 1 sda1 90 0 1800 0 40 0 900 0 0 0 0\n"
      "7 0 loop0 5 0 10 0 5 0 10 0 0 0 0\n"
      "259 0 nvme0n1 7 0 70 0 3 0 30 0 0 0 0\n");
  ASSERT_TRUE(d.isOk());
  EXPECT_EQ(d->requests, 100u + 50 + 7 + 3);
}

// The digest of the device names tells the collector when to list /sys/block again: the same
// names with other counters give the same digest; a device more, less or renamed another.
TEST(NlbDiskstats, NamesDigestChangesOnlyWhenTheDevicesDo) {
  const char* a = "   8 0 sda 1 0 2 0 3 0 4 0 0 0 0\n 259 0 nvme0n1 5 0 6 0 7 0 8 0 0 0 0\n";
  const char* counters = "   8 0 sda 9 9 9 9 9 9 9 9 9 9 9\n 259 0 nvme0n1 1 1 1 1 1 1 1 1 1 1 1\n";
  EXPECT_EQ(deviceNamesDigest(a), deviceNamesDigest(counters));
  EXPECT_NE(deviceNamesDigest(a), deviceNamesDigest("   8 0 sda 1 0 2 0 3 0 4 0 0 0 0\n"));
  EXPECT_NE(deviceNamesDigest(a),
            deviceNamesDigest("   8 0 sdb 1 0 2 0 3 0 4 0 0 0 0\n 259 0 nvme0n1 5 0 6 0 7 0 8\n"));
  EXPECT_NE(deviceNamesDigest("1 0 ab\n1 0 c\n"), deviceNamesDigest("1 0 a\n1 0 bc\n"));
}

TEST(NlbDiskstats, ABadRequestCountIsAnError) {
  EXPECT_FALSE(parseDiskstats("8 0 sda x 0 2000 0 50 0 1000 0 0 0 0\n").isOk());
  EXPECT_FALSE(parseDiskstats("8 0 sda 1 0 2000 0 -5 0 1000 0 0 0 0\n").isOk());
}

TEST(NlbClock, MaxFreqInKhzGivesPicoseconds) {
  auto ps = parseMaxFreqPicoseconds("2500000\n");
  ASSERT_TRUE(ps.isOk());
  EXPECT_DOUBLE_EQ(*ps, 400);  // 2.5 GHz
  for (auto bad : {"", "0", "-1", "2.5e6", "abc", "99999999999999"})
    EXPECT_FALSE(parseMaxFreqPicoseconds(bad).isOk()) << bad;
}

TEST(NlbClock, CpuinfoMhzGivesPicoseconds) {
  auto ps = parseCpuinfoPicoseconds(
      "processor\t: 0\nmodel name\t: X\ncpu MHz\t\t: 2000.000\n"
      "processor\t: 1\ncpu MHz\t\t: 1000.000\n");
  ASSERT_TRUE(ps.isOk());
  EXPECT_DOUBLE_EQ(*ps, 500);  // the first CPU's
  EXPECT_FALSE(parseCpuinfoPicoseconds("processor : 0\n").isOk());
  for (auto bad : {"cpu MHz : \n", "cpu MHz : 0\n", "cpu MHz : -3\n", "cpu MHz : fast\n",
                   "cpu MHz : nan\n", "cpu MHz : inf\n"})
    EXPECT_FALSE(parseCpuinfoPicoseconds(bad).isOk()) << bad;
}

TEST(NlbProcesses, CountsNumericProcEntriesOnly) {
  EXPECT_EQ(countProcesses({"1", "42", "self", "stat", "7x", "", "31337", "thread-self"}), 3);
  EXPECT_EQ(countProcesses({}), 0);
}

TEST(NlbLoadavg, ReadsTheTaskCountAfterTheSlash) {
  auto t = parseLoadavgTasks("0.60 1.17 1.49 3/105 14564\n");
  ASSERT_TRUE(t.isOk()) << t.status().message();
  EXPECT_EQ(*t, 105u);
  EXPECT_EQ(*parseLoadavgTasks("0.00 0.00 0.00 1/1 1"), 1u);
  for (const char* bad :
       {"", "\n", "0.60 1.17 1.49\n", "0.60 1.17 1.49 3 14564\n", "0.60 1.17 1.49 3/ 14564\n",
        "0.60 1.17 1.49 3/-5 1\n", "0.60 1.17 1.49 3/1x 1\n"})
    EXPECT_FALSE(parseLoadavgTasks(bad).isOk()) << bad;
}

TEST(NlbCpuPressure, ReadsTheTotalOfTheSomeLine) {
  auto t = parseCpuPressureTotal(
      "some avg10=1.50 avg60=0.80 avg300=0.20 total=123456789\n"
      "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n");
  ASSERT_TRUE(t.isOk()) << t.status().message();
  EXPECT_EQ(*t, 123456789u);
  // Older kernels have no full line.
  EXPECT_EQ(*parseCpuPressureTotal("some avg10=0.00 avg60=0.00 avg300=0.00 total=7\n"), 7u);
}

TEST(NlbCpuPressure, AMissingOrBadTotalIsAnError) {
  for (const char* bad :
       {"", "\n", "full avg10=0.00 total=5\n", "some avg10=0.00\n", "some avg10=0.00 total=\n",
        "some avg10=0.00 total=-5\n", "some avg10=0.00 total=1e6\n",
        "some avg10=0.00 total=99999999999999999999999\n"})
    EXPECT_FALSE(parseCpuPressureTotal(bad).isOk()) << bad;
}

}  // namespace
}  // namespace openlim::procfs
