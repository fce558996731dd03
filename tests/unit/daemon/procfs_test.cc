// The lim agent's pure /proc parsers: well-formed texts give the right numbers, malformed
// ones give an error (never a silent 0).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "load/procfs/cpu_topology.h"
#include "load/procfs/diskstats.h"
#include "load/procfs/meminfo.h"
#include "load/procfs/proc_stat.h"
#include "load/procfs/utmp.h"
#include "load/procfs/vmstat.h"

namespace openlim::procfs {
namespace {

std::string fixture(const std::string& rel) {
  std::ifstream in(std::string(OPENLIM_LIM_FIXTURES) + "/" + rel);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(ProcStat, CountsIowaitAsIdleAndIrqStealInTotal) {
  auto s = parseProcStat("cpu  10 1 5 100 20 3 4 7 9 9\nprocs_running 3\n");
  ASSERT_TRUE(s.isOk()) << s.status().message();
  EXPECT_EQ(s->cpu.idle, 120u);
  EXPECT_EQ(s->cpu.total, 10u + 1 + 5 + 100 + 20 + 3 + 4 + 7);  // guest not added twice
  EXPECT_EQ(s->procsRunning, 3);
}

TEST(ProcStat, ReadsFixture) {
  auto s = parseProcStat(fixture("host1/sample1/proc/stat"));
  ASSERT_TRUE(s.isOk());
  EXPECT_EQ(s->cpu.total, 10000u);
  EXPECT_EQ(s->cpu.idle, 8500u);
  EXPECT_EQ(s->cpuLines, 8);
  EXPECT_EQ(s->procsRunning, 4);
}

TEST(ProcStat, OldKernelWithFourCountersIsAccepted) {
  auto s = parseProcStat("cpu 1 2 3 4\n");
  ASSERT_TRUE(s.isOk());
  EXPECT_EQ(s->cpu.total, 10u);
  EXPECT_EQ(s->procsRunning, -1);
}

TEST(ProcStat, RejectsMalformed) {
  EXPECT_FALSE(parseProcStat("").isOk());
  EXPECT_FALSE(parseProcStat("cpu0 1 2 3 4 5\n").isOk());
  EXPECT_FALSE(parseProcStat("cpu 1 2 x 4 5\n").isOk());
  EXPECT_FALSE(parseProcStat("cpu 1 2 3\n").isOk());
  EXPECT_FALSE(parseProcStat("cpu 1 2 3 -4 5\n").isOk());
  EXPECT_FALSE(parseProcStat("cpu 1 2 3 4 5\nprocs_running abc\n").isOk());
  EXPECT_FALSE(parseProcStat("cpu 1 2 3 99999999999999999999999 5\n").isOk());
}

TEST(Vmstat, ReadsSwapCounters) {
  auto v = parseVmstat(fixture("host1/sample1/proc/vmstat"));
  ASSERT_TRUE(v.isOk());
  EXPECT_EQ(v->pswpin, 100u);
  EXPECT_EQ(v->pswpout, 50u);
  EXPECT_EQ(v->total(), 150u);
}

TEST(Vmstat, RejectsMissingOrBadCounters) {
  EXPECT_FALSE(parseVmstat("pswpin 1\n").isOk());
  EXPECT_FALSE(parseVmstat("pswpout 1\n").isOk());
  EXPECT_FALSE(parseVmstat("pswpin 1x\npswpout 2\n").isOk());
  EXPECT_FALSE(parseVmstat("").isOk());
}

TEST(Diskstats, NameRuleCountsWholeRealDisksOnly) {
  auto d = parseDiskstats(fixture("host1/sample1/proc/diskstats"));
  ASSERT_TRUE(d.isOk()) << d.status().message();
  EXPECT_EQ(d->disks, 2);  // sda, nvme0n1
  EXPECT_EQ(d->sectors, 20000u + 30000 + 40000 + 60000);
}

TEST(Diskstats, SysBlockListDecidesWhatIsWhole) {
  std::set<std::string> whole = {"sda", "nvme0n1", "loop0", "dm-0", "cciss!c0d0"};
  std::string text =
      fixture("host1/sample1/proc/diskstats") + " 104 0 cciss/c0d0 1 0 10 0 1 0 6 0 0 0 0\n";
  auto d = parseDiskstats(text, &whole);
  ASSERT_TRUE(d.isOk());
  EXPECT_EQ(d->disks, 3);
  EXPECT_EQ(d->sectors, 150000u + 16);
}

TEST(Diskstats, VirtualDevicesAreNotDisks) {
  for (auto n : {"loop3", "ram0", "zram0", "dm-7", "md127", "nbd0", "sr0", "fd0"})
    EXPECT_TRUE(isVirtualBlockDevice(n)) << n;
  for (auto n : {"sda", "vda", "xvdb", "nvme0n1", "mmcblk0", "hda"})
    EXPECT_FALSE(isVirtualBlockDevice(n)) << n;
}

TEST(Diskstats, PartitionsOfMmcAndOldKernelLinesSkipped) {
  auto d = parseDiskstats(
      "179 0 mmcblk0 1 0 100 0 1 0 100 0 0 0 0\n"
      "179 1 mmcblk0p1 1 0 50 0 1 0 50 0 0 0 0\n"
      "8 1 sdb1 10 20 30 40\n");
  ASSERT_TRUE(d.isOk());
  EXPECT_EQ(d->disks, 1);
  EXPECT_EQ(d->sectors, 200u);
}

TEST(Diskstats, RejectsMalformed) {
  EXPECT_FALSE(parseDiskstats("8 0 sda 1 2\n").isOk());
  EXPECT_FALSE(parseDiskstats("8 0 sda 1 0 x 0 1 0 100 0 0 0 0\n").isOk());
  EXPECT_FALSE(parseDiskstats("8 0 sda 1 0 5 0 1 0 -100 0 0 0 0\n").isOk());
  auto empty = parseDiskstats("");
  ASSERT_TRUE(empty.isOk());
  EXPECT_EQ(empty->disks, 0);
}

TEST(Meminfo, ConvertsKbToMb) {
  auto m = parseMeminfo(fixture("host1/sample1/proc/meminfo"));
  ASSERT_TRUE(m.isOk());
  EXPECT_DOUBLE_EQ(*m->memTotalMb, 16000);
  EXPECT_DOUBLE_EQ(*m->memAvailableMb, 8000);
  EXPECT_DOUBLE_EQ(*m->swapTotalMb, 2048);
  EXPECT_DOUBLE_EQ(*m->swapFreeMb, 1024);
}

TEST(Meminfo, MissingKeysStayUnknownAndBadValuesFail) {
  auto m = parseMeminfo("MemTotal: 1024 kB\n");
  ASSERT_TRUE(m.isOk());
  EXPECT_FALSE(m->memAvailableMb.has_value());
  EXPECT_FALSE(parseMeminfo("MemAvailable: lots kB\n").isOk());
  EXPECT_FALSE(parseMeminfo("SwapFree: 12 MB\n").isOk());
  EXPECT_FALSE(parseMeminfo("SwapFree:\n").isOk());
}

TEST(Utmp, CountsDistinctUsersOfUserProcessEntries) {
  std::string bytes = makeUtmpRecord(7, "alice", "pts/1") + makeUtmpRecord(7, "bob", "pts/2") +
                      makeUtmpRecord(7, "alice", "tty1") + makeUtmpRecord(8, "carol", "pts/3") +
                      makeUtmpRecord(2, "reboot", "~") + makeUtmpRecord(7, "", "pts/4");
  auto entries = parseUtmp(bytes + "partial");
  ASSERT_EQ(entries.size(), 3u);
  EXPECT_EQ(entries[0].line, "pts/1");
  EXPECT_EQ(countDistinctUsers(entries), 2);
  EXPECT_TRUE(parseUtmp("short").empty());
}

TEST(Utmp, FullWidthFieldsWithoutTerminator) {
  std::string longUser(40, 'u');
  auto e = parseUtmp(makeUtmpRecord(7, longUser, "pts/9"));
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].user, std::string(32, 'u'));
}

TEST(CpuTopology, CountsSocketsCoresThreads) {
  auto t = parseCpuinfo(fixture("host1/sample1/proc/cpuinfo"));
  ASSERT_TRUE(t.isOk());
  EXPECT_EQ(t->logical, 8);
  EXPECT_EQ(t->cores, 4);
  EXPECT_EQ(t->sockets, 2);
}

TEST(CpuTopology, WithoutCoreIdsEveryProcessorIsACore) {
  auto t = parseCpuinfo("processor : 0\nBogoMIPS : 50\n\nprocessor : 1\nBogoMIPS : 50\n");
  ASSERT_TRUE(t.isOk());
  EXPECT_EQ(t->logical, 2);
  EXPECT_EQ(t->cores, 2);
  EXPECT_EQ(t->sockets, 1);
  EXPECT_FALSE(parseCpuinfo("vendor : x\n").isOk());
}

TEST(CpuTopology, OnlineRangeList) {
  EXPECT_EQ(*parseCpuRangeCount("0-3,6,8-9\n"), 7);
  EXPECT_EQ(*parseCpuRangeCount("0\n"), 1);
  EXPECT_FALSE(parseCpuRangeCount("").isOk());
  EXPECT_FALSE(parseCpuRangeCount("3-1").isOk());
  EXPECT_FALSE(parseCpuRangeCount("0-").isOk());
  EXPECT_FALSE(parseCpuRangeCount("a").isOk());
  EXPECT_FALSE(parseCpuRangeCount("0-99999999").isOk());
}

}  // namespace
}  // namespace openlim::procfs

namespace openlim::procfs {
namespace {

// Found by agent_procfs_fuzz: an empty physical id and no core id gave 0 cores.
TEST(CpuTopology, EmptyIdsStillCountOneCorePerProcessor) {
  auto t = parseCpuinfo("core id : 1\nprocessor\t: 3\nphysical id\t: \n");
  ASSERT_TRUE(t.isOk());
  EXPECT_EQ(t->logical, 1);
  EXPECT_EQ(t->cores, 1);
}

}  // namespace
}  // namespace openlim::procfs
