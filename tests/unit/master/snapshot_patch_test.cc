// LoadTable keeps its published snapshot current without rebuilding every row: reports and
// placements rewrite their row when no query holds the snapshot, time moves it on row by row,
// and the result always equals a fresh build(). Bursts of placements merge exactly.
#include <gtest/gtest.h>

#include <cmath>

#include "generic_cluster.h"
#include "master/load_table.h"

namespace openlim::master {
namespace {

ConfigPtr makeConfig() {
  auto c = testing::genericHosts({"hostA", "hostB", "hostC", "hostD"});
  c->checksum = "sum1";
  c->resources.push_back(testing::dynamicNumeric("scratch", Direction::kDecreasing, true));
  c->resources.push_back({.name = "site",
                          .type = ResourceType::kString,
                          .direction = Direction::kNone,
                          .interval = 15,
                          .dynamic = true});
  c->hosts[1].thresholds = {{"r1m", 1.5}};
  c->instances.push_back({.resource = "scratch", .hosts = {"hostC", "hostD"}});
  c->params.exInterval = 10;
  c->params.hostInactivityLimit = 3;
  c->params.adjustDuration = 2;
  return c;
}

protocol::LoadReport report(const std::string& host, double r1m, const std::string& site = "") {
  protocol::LoadReport r{.host = host, .checksum = "sum1"};
  r.numbers = {
      {"r1m", r1m, 0}, {"r15s", r1m, 0}, {"mem", 800, 0}, {"ncpus", 1, 0}, {"scratch", 42, 3}};
  if (!site.empty()) r.strings.push_back({"site", site});
  return r;
}

bool same(double a, double b) {
  return (std::isnan(a) && std::isnan(b)) || a == b;
}

// Row by row, value by value (strings by text: the pools may number them differently).
void expectSameTable(const HostTable& a, const HostTable& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t r = 0; r < a.size(); ++r) {
    SCOPED_TRACE(a.names[r]);
    EXPECT_EQ(a.status[r], b.status[r]);
    EXPECT_EQ(a.busyIndices[r], b.busyIndices[r]);
    for (size_t s = 0; s < a.columns.size(); ++s) {
      SCOPED_TRACE(a.config->resources[s].name);
      const Column &x = a.columns[s], &y = b.columns[s];
      if (x.type == ResourceType::kNumeric) {
        EXPECT_TRUE(same(x.numbers[r], y.numbers[r]));
      }
      if (x.type == ResourceType::kBoolean) {
        EXPECT_EQ(x.booleans[r], y.booleans[r]);
      }
      if (x.type == ResourceType::kString) {
        std::string sx = x.strings[r] == kUnknownString ? "<unknown>" : a.strings.get(x.strings[r]);
        std::string sy = y.strings[r] == kUnknownString ? "<unknown>" : b.strings.get(y.strings[r]);
        EXPECT_EQ(sx, sy);
      }
      ASSERT_EQ(x.arrivals.size(), y.arrivals.size());  // only external columns have ages
      EXPECT_TRUE(same(a.age(s, r), b.age(s, r)));
    }
  }
}

TEST(SnapshotPatch, ReportRewritesItsRowInThePublishedSnapshot) {
  LoadTable t(makeConfig());
  t.ingest(report("hostA", 0.5, "east"), 0);
  const HostTable* first = t.snapshot(0).get();
  t.ingest(report("hostB", 2.0, "west"), 0.1);  // past hostB's threshold: busy
  HostTablePtr s = t.snapshot(0.1);
  EXPECT_EQ(s.get(), first) << "patched, not rebuilt";
  EXPECT_EQ(s->status[1], HostStatus::kBusy);
  EXPECT_EQ(s->number(1, "r1m"), 2.0);
  expectSameTable(*s, *t.build(0.1));
}

TEST(SnapshotPatch, HeldSnapshotNeverChangesUnderItsReader) {
  LoadTable t(makeConfig());
  t.ingest(report("hostA", 0.5), 0);
  HostTablePtr held = t.snapshot(0);
  t.ingest(report("hostA", 3.0, "north"), 0.1);
  t.adjust("hostA", 1, 1.0, 0.1);
  EXPECT_EQ(held->number(0, "r1m"), 0.5);
  HostTablePtr next = t.snapshot(0.1);
  EXPECT_NE(next.get(), held.get());
  EXPECT_NEAR(next->number(0, "r1m"), 4.0, 1e-9);
  expectSameTable(*next, *t.build(0.1));
}

// The metrics endpoint's thread holds the snapshot while it writes a scrape: the loop moves
// on with a private copy (reports, placements and time), never writing the held one.
TEST(SnapshotPatch, SnapshotHeldByAnotherReaderIsCopiedAndTheCopyMovesOn) {
  LoadTable t(makeConfig());
  t.ingest(report("hostA", 0.5), 0);
  t.ingest(report("hostB", 0.5), 0);
  HostTablePtr held = t.snapshot(0);
  t.ingest(report("hostB", 2.0), 0.3);
  t.adjust("hostA", 1, 1.0, 0.3);
  HostTablePtr next = t.snapshot(0.3);  // pending rows and time (past 0.25 s) at once
  EXPECT_NE(next.get(), held.get());
  EXPECT_EQ(held->number(0, "r1m"), 0.5);
  EXPECT_EQ(held->number(1, "r1m"), 0.5);
  EXPECT_EQ(held->status[1], HostStatus::kOk);
  expectSameTable(*next, *t.build(0.3));
  EXPECT_EQ(next->row("HOSTB"), 1) << "the copy keeps the row index";
  HostTablePtr later = t.snapshot(20);  // hosts went quiet: a whole-row rewrite of the copy
  expectSameTable(*later, *t.build(20));
  EXPECT_EQ(held->status[0], HostStatus::kOk);
}

TEST(SnapshotPatch, PlacementMadeWhileAQueryHoldsTheSnapshotPatchesItAfterwards) {
  // The lim adjusts the chosen hosts from inside the place query, snapshot still held.
  LoadTable t(makeConfig());
  t.ingest(report("hostA", 0.5), 0);
  t.ingest(report("hostB", 0.5), 0);
  const HostTable* first;
  {
    HostTablePtr held = t.snapshot(0);
    first = held.get();
    t.adjust("hostB", 1, 1.0, 0.1);
    EXPECT_EQ(held->number(1, "r1m"), 0.5) << "never under its reader";
  }
  HostTablePtr next = t.snapshot(0.1);
  EXPECT_EQ(next.get(), first) << "patched once released, not rebuilt";
  EXPECT_NEAR(next->number(1, "r1m"), 1.5, 1e-9);
  expectSameTable(*next, *t.build(0.1));
  EXPECT_EQ(next->row("HOSTB"), 1) << "the row index survives patching";
}

TEST(SnapshotPatch, PlacementAdjustmentPatchesAndStringsReset) {
  LoadTable t(makeConfig());
  t.ingest(report("hostB", 0.5, "east"), 0);
  t.snapshot(0);
  protocol::LoadReport noSite = report("hostB", 0.5);
  t.ingest(noSite, 0.05);  // site stays what was last reported
  t.adjust("hostB", 1, 1.2, 0.1);
  HostTablePtr s = t.snapshot(0.1);
  EXPECT_NEAR(s->number(1, "r1m"), 1.7, 1e-9);
  EXPECT_EQ(s->status[1], HostStatus::kBusy);
  expectSameTable(*s, *t.build(0.1));
}

TEST(SnapshotPatch, TimeMovesRowsOnAsABuildWould) {
  LoadTable t(makeConfig());
  t.ingest(report("hostA", 0.5), 0);
  t.ingest(report("hostB", 0.5, "west"), 0);  // a dynamic string: unknown once down
  t.ingest(report("hostA", 0.5), 20);
  t.adjust("hostA", 1, 1.0, 20);
  t.snapshot(20);
  // hostB is silent past 3 x 10 s; hostA's adjustment decays over 2 x 10 s.
  for (double now : {25.0, 30.5, 39.0, 41.0}) {
    SCOPED_TRACE(now);
    HostTablePtr s = t.snapshot(now);
    expectSameTable(*s, *t.build(now));
  }
  EXPECT_EQ(t.snapshot(41)->status[1], HostStatus::kUnavail);
  EXPECT_EQ(t.snapshot(41)->number(0, "r1m"), 0.5);
}

// The time refresh visits only the rows time changes: a host going quiet, a value going
// stale, a decaying adjustment; quiet seconds visit none, and the result is still a build's.
TEST(SnapshotPatch, TimeRefreshVisitsOnlyTheRowsTimeChanges) {
  LoadTable t(makeConfig());
  for (const char* h : {"hostA", "hostB", "hostC", "hostD"}) t.ingest(report(h, 0.5), 0);
  t.snapshot(0);
  t.snapshot(1);  // the first refresh after a build looks at every row once
  const uint64_t start = t.counters().refreshVisits;
  for (double now : {2.0, 3.0, 4.0}) t.snapshot(now);  // nothing due: no row visited
  EXPECT_EQ(t.counters().refreshVisits, start);
  t.adjust("hostA", 1, 1.0, 4);  // decays over 20 s: visited at each refresh until then
  for (double now : {5.0, 6.0}) {
    SCOPED_TRACE(now);
    expectSameTable(*t.snapshot(now), *t.build(now));
  }
  EXPECT_EQ(t.counters().refreshVisits, start + 2);
  for (const char* h : {"hostA", "hostC", "hostD"}) t.ingest(report(h, 0.5), 29);
  t.snapshot(29);
  const uint64_t beforeQuiet = t.counters().refreshVisits;
  HostTablePtr s = t.snapshot(30.5);  // hostB silent past 3 x 10 s (hostA's decay ended at 24)
  EXPECT_EQ(s->status[1], HostStatus::kUnavail);
  EXPECT_EQ(t.counters().refreshVisits, beforeQuiet + 1);
  expectSameTable(*s, *t.build(30.5));
}

// Time moves only the decaying values of an adjusted host that stays up; its status follows
// them across its busy threshold (hostB: r1m > 1.5), and an ended adjustment leaves the report.
TEST(SnapshotPatch, DecayingAdjustmentMovesValuesAndStatusAsABuildWould) {
  LoadTable t(makeConfig());
  const int r15s = 0, r1m = 1;
  t.ingest(report("hostB", 1.0, "west"), 0);
  t.snapshot(0);
  t.adjust("hostB", r1m, 1.0, 0);  // 2.0 at once, 1.5 at 10 s, 1.0 from 20 s (life 20 s)
  EXPECT_EQ(t.snapshot(0)->number(1, "r1m"), 2.0);
  EXPECT_EQ(t.snapshot(0)->status[1], HostStatus::kBusy);
  for (double now : {2.0, 6.0, 10.0, 12.0, 21.0, 23.0, 25.0, 31.0}) {
    SCOPED_TRACE(now);
    if (now == 2.0) t.adjust("hostB", r15s, 2.0, now);             // ends at 22 s
    if (now == 25.0) t.ingest(report("hostB", 1.0, "west"), now);  // stays up
    t.ingest(report("hostA", 0.5), now);                           // another row patched in between
    HostTablePtr s = t.snapshot(now);
    expectSameTable(*s, *t.build(now));
  }
  HostTablePtr s = t.snapshot(31);
  EXPECT_EQ(s->status[1], HostStatus::kOk);
  EXPECT_EQ(s->number(1, "r1m"), 1.0);
  EXPECT_EQ(s->number(1, "r15s"), 1.0);
  const auto statusSlot = static_cast<size_t>(s->config->resourceIndex("status"));
  EXPECT_EQ(s->strings.get(s->columns[statusSlot].strings[1]), "ok");
}

TEST(SnapshotPatch, SharedServerGoingQuietRebuildsTheSharedColumn) {
  LoadTable t(makeConfig());
  t.setServers({"hostC"});
  t.ingest(report("hostC", 0.5), 0);
  t.ingest(report("hostD", 0.5), 25);
  EXPECT_EQ(t.snapshot(25)->number(3, "scratch"), 42);
  HostTablePtr s = t.snapshot(31);  // hostC silent: hostD's scratch is unknown too
  EXPECT_TRUE(std::isnan(s->number(3, "scratch")));
  expectSameTable(*s, *t.build(31));
}

TEST(SnapshotPatch, ReportFromASharedServerUpdatesEveryHolder) {
  LoadTable t(makeConfig());
  t.setServers({"hostC"});
  t.ingest(report("hostC", 0.5), 0);
  t.snapshot(0);
  protocol::LoadReport r = report("hostC", 0.5);
  r.numbers.back().value = 7;
  t.ingest(r, 0.1);
  HostTablePtr s = t.snapshot(0.1);
  EXPECT_EQ(s->number(3, "scratch"), 7);
  expectSameTable(*s, *t.build(0.1));
}

TEST(SnapshotPatch, BurstOfPlacementsMergesExactlyWhileRunning) {
  LoadTable t(makeConfig());
  t.ingest(report("hostA", 0, ""), 0);
  const int r1m = 1;
  const double life = 20;
  double expected = 0;
  for (int i = 0; i < 500; ++i) t.adjust("hostA", r1m, 0.5, 1 + i * 0.001);
  for (double now : {1.6, 5.0, 20.0}) {
    expected = 0;
    for (int i = 0; i < 500; ++i) {
      double start = 1 + i * 0.001;
      if (now < start + life) expected += 0.5 * (1 - (now - start) / life);
    }
    EXPECT_NEAR(t.build(now)->number(0, "r1m"), expected, 1e-9) << now;
  }
  EXPECT_EQ(t.build(22)->number(0, "r1m"), 0);  // all ended
}

TEST(SnapshotPatch, PlacementsFarApartStayApart) {
  LoadTable t(makeConfig());
  t.ingest(report("hostA", 0, ""), 0);
  t.adjust("hostA", 1, 1.0, 0);
  t.adjust("hostA", 1, 1.0, 10);
  // At 19 the first has 1/20 left, the second 11/20; merged they would differ.
  EXPECT_NEAR(t.build(19)->number(0, "r1m"), 0.05 + 0.55, 1e-9);
  EXPECT_NEAR(t.build(21)->number(0, "r1m"), 0.45, 1e-9);
}

}  // namespace
}  // namespace openlim::master
