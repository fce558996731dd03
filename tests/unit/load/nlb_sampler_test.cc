// NlbSampler: NLB_SYSCPU, NLB_NUMPROC, NLB_PSWCH and NLB_IOREQS from successive readings.
#include "load/nlb_sampler.h"

#include <gtest/gtest.h>

#include <cmath>

namespace openlim {
namespace {

procfs::ProcStat stat(uint64_t total, uint64_t system, int64_t ctxt) {
  procfs::ProcStat s;
  s.cpu.total = total;
  s.cpu.system = system;
  s.ctxt = ctxt;
  return s;
}

procfs::DiskTotals disks(uint64_t requests) {
  procfs::DiskTotals d;
  d.requests = requests;
  return d;
}

TEST(NlbSampler, RatesNeedTwoReadings) {
  NlbSampler n;
  n.ingest(stat(1000, 100, 5000), false, disks(10), false, 250, 0);
  EXPECT_TRUE(std::isnan(n.value(NlbIndex::kSysCpu)));
  EXPECT_TRUE(std::isnan(n.value(NlbIndex::kPswch)));
  EXPECT_TRUE(std::isnan(n.value(NlbIndex::kIoReqs)));
  EXPECT_EQ(n.value(NlbIndex::kNumProc), 250);
  n.ingest(stat(1400, 150, 6000), false, disks(60), false, 251, 5);
  EXPECT_DOUBLE_EQ(n.value(NlbIndex::kSysCpu), 12.5);  // 50 of 400 jiffies
  EXPECT_DOUBLE_EQ(n.value(NlbIndex::kPswch), 200);    // 1000 in 5 s
  EXPECT_DOUBLE_EQ(n.value(NlbIndex::kIoReqs), 10);    // 50 in 5 s
  EXPECT_EQ(n.value(NlbIndex::kNumProc), 251);
}

TEST(NlbSampler, ACounterGoingBackwardsRestartsTheRate) {
  NlbSampler n;
  n.ingest(stat(1000, 100, 5000), false, disks(10), false, 1, 0);
  n.ingest(stat(1400, 150, 6000), false, disks(60), false, 1, 5);
  n.ingest(stat(1400, 150, 10), false, disks(5), false, 1, 10);
  EXPECT_TRUE(std::isnan(n.value(NlbIndex::kPswch)));
  EXPECT_TRUE(std::isnan(n.value(NlbIndex::kIoReqs)));
  n.ingest(stat(1800, 150, 510), false, disks(15), false, 1, 15);
  EXPECT_DOUBLE_EQ(n.value(NlbIndex::kPswch), 100);
  EXPECT_DOUBLE_EQ(n.value(NlbIndex::kIoReqs), 2);
  EXPECT_DOUBLE_EQ(n.value(NlbIndex::kSysCpu), 0);
}

TEST(NlbSampler, AFailedReadMakesItsValuesUnknownAndASkippedOneKeepsThem) {
  NlbSampler n;
  n.ingest(stat(1000, 100, 5000), false, disks(10), false, 3, 0);
  n.ingest(stat(1400, 150, 6000), false, disks(60), false, 3, 5);
  n.ingest(std::nullopt, false, std::nullopt, false, std::nullopt, 10);  // not due
  EXPECT_DOUBLE_EQ(n.value(NlbIndex::kSysCpu), 12.5);
  EXPECT_DOUBLE_EQ(n.value(NlbIndex::kIoReqs), 10);
  n.ingest(std::nullopt, true, std::nullopt, true, std::nullopt, 15);
  EXPECT_TRUE(std::isnan(n.value(NlbIndex::kSysCpu)));
  EXPECT_TRUE(std::isnan(n.value(NlbIndex::kPswch)));
  EXPECT_TRUE(std::isnan(n.value(NlbIndex::kIoReqs)));
}

TEST(NlbSampler, NoCtxtLineIsUnknownAndAStillClockKeepsTheValue) {
  NlbSampler n;
  n.ingest(stat(1000, 100, -1), false, disks(10), false, 1, 0);
  n.ingest(stat(1400, 150, -1), false, disks(60), false, 1, 5);
  EXPECT_TRUE(std::isnan(n.value(NlbIndex::kPswch)));
  n.ingest(stat(1500, 150, -1), false, disks(70), false, 1, 5);  // same time: no new rate
  EXPECT_DOUBLE_EQ(n.value(NlbIndex::kIoReqs), 10);
}

procfs::PageCounters swapped(uint64_t in, uint64_t out) {
  procfs::PageCounters p;
  p.pswpin = in;
  p.pswpout = out;
  return p;
}

// NLB_SWAPPING: pages swapped in and out per second, in KB of the host's page size.
TEST(NlbSampler, SwappingIsKilobytesPerSecondOfSwapPages) {
  NlbSampler n(16);  // 16 KB pages
  n.ingestSwap(swapped(100, 50), false, 0);
  EXPECT_TRUE(std::isnan(n.value(NlbIndex::kSwapping)));  // one reading: no rate yet
  n.ingestSwap(swapped(130, 70), false, 10);
  EXPECT_DOUBLE_EQ(n.value(NlbIndex::kSwapping), 80);  // 50 pages x 16 KB in 10 s
  n.ingestSwap(std::nullopt, false, 15);               // not read this time: kept
  EXPECT_DOUBLE_EQ(n.value(NlbIndex::kSwapping), 80);
  n.ingestSwap(swapped(0, 0), false, 20);  // counters reset: unknown until the next reading
  EXPECT_TRUE(std::isnan(n.value(NlbIndex::kSwapping)));
  n.ingestSwap(swapped(0, 4), false, 22);
  EXPECT_DOUBLE_EQ(n.value(NlbIndex::kSwapping), 32);
  n.ingestSwap(std::nullopt, true, 25);  // the read failed
  EXPECT_TRUE(std::isnan(n.value(NlbIndex::kSwapping)));
}

// NLB_RUNQOCC: the share of the time some runnable process waited for a CPU, 0-100 %.
TEST(NlbSampler, RunQueueOccupancyIsThePercentOfTimeStalledOnTheCpu) {
  NlbSampler n;
  n.ingestCpuPressure(1'000'000, false, 0);
  EXPECT_TRUE(std::isnan(n.value(NlbIndex::kRunqOcc)));
  n.ingestCpuPressure(3'500'000, false, 10);  // 2.5 s stalled in 10 s
  EXPECT_DOUBLE_EQ(n.value(NlbIndex::kRunqOcc), 25);
  n.ingestCpuPressure(3'500'000, false, 20);  // none stalled
  EXPECT_DOUBLE_EQ(n.value(NlbIndex::kRunqOcc), 0);
  n.ingestCpuPressure(53'500'000, false, 30);  // more than the wall time: at most 100
  EXPECT_DOUBLE_EQ(n.value(NlbIndex::kRunqOcc), 100);
  n.ingestCpuPressure(std::nullopt, true, 35);  // no pressure file: unknown
  EXPECT_TRUE(std::isnan(n.value(NlbIndex::kRunqOcc)));
}

}  // namespace
}  // namespace openlim
