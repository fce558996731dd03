// The pure load sampler under a fake clock: smoothing constants, refresh periods, rates.
#include <gtest/gtest.h>

#include <cmath>

#include "load/load_sampler.h"
#include "load/smoothing.h"

namespace openlim {
namespace {

procfs::ProcStat stat(uint64_t idle, uint64_t total, int64_t running) {
  procfs::ProcStat s;
  s.cpu = {idle, total};
  s.procsRunning = running;
  return s;
}

double v(const LoadSampler& s, BuiltinIndex i) {
  return s.value(i);
}

TEST(ExpSmoother, FirstSampleSetsValueThenDecaysWithTau) {
  ExpSmoother s(15);
  EXPECT_TRUE(std::isnan(s.value()));
  EXPECT_DOUBLE_EQ(s.update(2, 0), 2);
  double f = std::exp(-5.0 / 15);
  EXPECT_NEAR(s.update(8, 5), 2 * f + 8 * (1 - f), 1e-12);
  double before = s.value();
  EXPECT_DOUBLE_EQ(s.update(100, 0), before);           // clock did not move
  EXPECT_DOUBLE_EQ(s.update(std::nan(""), 5), before);  // unknown sample ignored
}

TEST(ExpSmoother, ConvergesToAConstantInput) {
  ExpSmoother s(60);
  s.update(0, 0);
  for (int i = 0; i < 200; ++i) s.update(4, 5);
  EXPECT_NEAR(s.value(), 4, 1e-6);
  EXPECT_DOUBLE_EQ(smoothingFactor(5, 0), 0);
}

TEST(LoadSampler, EverythingDueFirstThenPerIndexPeriods) {
  LoadSampler s;
  EXPECT_EQ(s.due(0), 0x7fu);
  EXPECT_EQ(s.nextDue(), -INFINITY);
  RawSample raw;
  raw.attempted = s.due(0);
  s.ingest(raw, 0);
  EXPECT_EQ(s.due(2), 0u);
  EXPECT_DOUBLE_EQ(s.nextDue(), 5);
  uint32_t fast = kSrcStat | kSrcVmstat | kSrcDiskstats | kSrcMemAvail;
  EXPECT_EQ(s.due(5), fast);
  EXPECT_EQ(s.due(4.99), fast);  // a timer a little early still counts
  EXPECT_EQ(s.due(15), fast | kSrcSwap);
  EXPECT_EQ(s.due(30), fast | kSrcSwap | kSrcUsers);
  EXPECT_EQ(s.due(120), 0x7fu);
}

// A source falls due on the next multiple of its period (util/period_grid.h), where melim's
// ELIM_POLL_INTERVAL lines come too: a first read off those instants is followed by a
// shorter interval, then every period on them; a read a little early counts for its instant.
TEST(LoadSampler, SourcesFallDueOnMultiplesOfTheirPeriods) {
  LoadSampler s;
  RawSample raw;
  raw.attempted = s.due(101.3);
  s.ingest(raw, 101.3);
  EXPECT_DOUBLE_EQ(s.nextDue(), 105);
  uint32_t fast = kSrcStat | kSrcVmstat | kSrcDiskstats | kSrcMemAvail;
  EXPECT_EQ(s.due(104.9), 0u);
  EXPECT_EQ(s.due(105), fast | kSrcSwap);  // 105 is a multiple of 15 too
  raw.attempted = fast;
  s.ingest(raw, 104.98);               // woken a little before 105: that was 105's read
  EXPECT_DOUBLE_EQ(s.nextDue(), 105);  // swap, not read, is still due
  raw.attempted = kSrcSwap;
  s.ingest(raw, 105.0004);
  EXPECT_DOUBLE_EQ(s.nextDue(), 110);
  EXPECT_EQ(s.due(110), fast);
  EXPECT_EQ(s.due(120), fast | kSrcSwap | kSrcUsers | kSrcTmp);
}

TEST(LoadSampler, RunQueueFromProcsRunningMinusSelfWithThreeTaus) {
  LoadSampler s;
  RawSample a;
  a.stat = stat(0, 0, 4);
  a.attempted = kSrcStat;
  s.ingest(a, 0);
  EXPECT_DOUBLE_EQ(v(s, BuiltinIndex::kR15s), 3);
  EXPECT_DOUBLE_EQ(v(s, BuiltinIndex::kR15m), 3);
  RawSample b = a;
  b.stat = stat(0, 0, 7);
  s.ingest(b, 5);
  auto expect = [](double tau) {
    double f = std::exp(-5 / tau);
    return 3 * f + 6 * (1 - f);
  };
  EXPECT_NEAR(v(s, BuiltinIndex::kR15s), expect(15), 1e-12);
  EXPECT_NEAR(v(s, BuiltinIndex::kR1m), expect(60), 1e-12);
  EXPECT_NEAR(v(s, BuiltinIndex::kR15m), expect(900), 1e-12);
  EXPECT_GT(v(s, BuiltinIndex::kR15s), v(s, BuiltinIndex::kR1m));
  RawSample idle = a;
  idle.stat = stat(0, 0, 0);  // only... nobody: clamps at 0, never negative
  for (int t = 10; t < 400; t += 5) s.ingest(idle, t);
  EXPECT_GE(v(s, BuiltinIndex::kR15s), 0);
  EXPECT_LT(v(s, BuiltinIndex::kR15s), 1e-6);
}

TEST(LoadSampler, UtilisationIsUnknownUntilTwoSamplesThenSmoothed) {
  LoadSampler s;
  RawSample r;
  r.attempted = kSrcStat;
  r.stat = stat(8500, 10000, 1);
  s.ingest(r, 0);
  EXPECT_TRUE(std::isnan(v(s, BuiltinIndex::kUt)));
  r.stat = stat(8900, 11000, 1);
  s.ingest(r, 5);
  EXPECT_NEAR(v(s, BuiltinIndex::kUt), 0.6, 1e-12);
  r.stat = stat(9900, 12000, 1);  // fully idle interval
  s.ingest(r, 10);
  double f = std::exp(-5.0 / 60);
  EXPECT_NEAR(v(s, BuiltinIndex::kUt), 0.6 * f, 1e-12);
}

TEST(LoadSampler, PagingAndIoRatesPerSecondAndCounterResetRestartsRate) {
  LoadSampler s;
  RawSample r;
  r.attempted = kSrcVmstat | kSrcDiskstats;
  r.vmstat = procfs::PageCounters{100, 50};
  r.disks = procfs::DiskTotals{1000, 1};
  s.ingest(r, 0);
  EXPECT_TRUE(std::isnan(v(s, BuiltinIndex::kPg)));
  EXPECT_TRUE(std::isnan(v(s, BuiltinIndex::kIo)));
  r.vmstat = procfs::PageCounters{400, 250};
  r.disks = procfs::DiskTotals{11000, 1};
  s.ingest(r, 5);
  EXPECT_NEAR(v(s, BuiltinIndex::kPg), 100, 1e-9);   // 500 pages / 5 s
  EXPECT_NEAR(v(s, BuiltinIndex::kIo), 1000, 1e-9);  // 10000 sectors * 0.5 KB / 5 s
  r.disks = procfs::DiskTotals{10, 1};               // disk removed: counter went backwards
  s.ingest(r, 10);
  EXPECT_NEAR(v(s, BuiltinIndex::kIo), 1000, 1e-9);  // kept, no negative spike
  r.disks = procfs::DiskTotals{10, 1};
  s.ingest(r, 15);
  double f = std::exp(-5.0 / 60);
  EXPECT_NEAR(v(s, BuiltinIndex::kIo), 1000 * f, 1e-9);
}

TEST(LoadSampler, FailedReadsMakeIndicesUnknownAndTmpArrivesWhenever) {
  LoadSampler s;
  RawSample r;
  r.attempted = kSrcMemAvail | kSrcSwap | kSrcUsers;
  r.meminfo = procfs::MemInfo{16000, 8000, 2048, 1024};
  r.users = 2;
  r.idleMinutes = 3.5;
  s.ingest(r, 0);
  EXPECT_DOUBLE_EQ(v(s, BuiltinIndex::kMem), 8000);
  EXPECT_DOUBLE_EQ(v(s, BuiltinIndex::kSwp), 1024);
  EXPECT_DOUBLE_EQ(v(s, BuiltinIndex::kLs), 2);
  EXPECT_DOUBLE_EQ(v(s, BuiltinIndex::kIt), 3.5);
  RawSample failed;
  failed.attempted = kSrcMemAvail | kSrcStat;
  failed.tmpFreeMb = 512;
  s.ingest(failed, 5);
  EXPECT_TRUE(std::isnan(v(s, BuiltinIndex::kMem)));
  EXPECT_TRUE(std::isnan(v(s, BuiltinIndex::kR1m)));
  EXPECT_DOUBLE_EQ(v(s, BuiltinIndex::kSwp), 1024);  // not attempted: kept
  EXPECT_DOUBLE_EQ(v(s, BuiltinIndex::kTmp), 512);
}

TEST(BuiltinNames, LsfOrderAndLookup) {
  EXPECT_EQ(builtinIndexOf("r15s"), 0);
  EXPECT_EQ(builtinIndexOf("mem"), 10);
  EXPECT_EQ(builtinIndexOf("it"), static_cast<int>(BuiltinIndex::kIt));
  EXPECT_EQ(builtinIndexOf("gpu"), -1);
}

}  // namespace
}  // namespace openlim
