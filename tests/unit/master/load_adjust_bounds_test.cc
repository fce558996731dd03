// LoadTable's placement adjustments stay bounded: amounts of either sign merge per slot (a
// host's entries never grow with the number of tasks placed on it), and no adjustment or
// reservation hold pushes a built-in index out of its physical range (load/index_range.h).
// A fake clock: `now` is an argument.
#include <gtest/gtest.h>

#include "generic_cluster.h"
#include "master/load_table.h"

namespace openlim::master {
namespace {

ConfigPtr makeConfig() {
  auto c = testing::genericHosts({"node1", "node2"});
  c->checksum = "sum1";
  // A site index: no physical range of ours.
  c->resources.push_back(testing::dynamicNumeric("licfree", Direction::kDecreasing));
  c->params.exInterval = 20;
  c->params.adjustDuration = 2;  // an adjustment lives 40 s
  c->params.hostInactivityLimit = 100;
  return c;
}

protocol::LoadReport report(const std::string& host, double ut, double mem, double swp) {
  protocol::LoadReport r{.host = host, .checksum = "sum1"};
  r.numbers = {{"r1m", 0.3, 0}, {"ut", ut, 0},   {"mem", mem, 0},     {"swp", swp, 0},
               {"tmp", 900, 0}, {"ncpus", 2, 0}, {"maxmem", 6000, 0}, {"licfree", 3, 0}};
  return r;
}

int slot(const LoadTable& t, const char* name) {
  return t.config()->resourceIndex(name);
}

TEST(LoadAdjustBounds, NegativeAmountsMergeAsPositiveOnesDo) {
  LoadTable t(makeConfig());
  t.ingest(report("node1", 0.1, 50000, 3000), 0);
  for (int i = 0; i < 2000; ++i) {
    t.adjust("node1", slot(t, "mem"), -7, 1);
    t.adjust("node1", slot(t, "r1m"), 1, 1);
  }
  EXPECT_EQ(t.adjustmentEntries("node1"), 2u);  // one per slot, not one per task
  EXPECT_DOUBLE_EQ(t.build(1)->number(0, "mem"), 50000 - 14000);
  EXPECT_DOUBLE_EQ(t.build(1)->number(0, "r1m"), 0.3 + 2000);
  EXPECT_DOUBLE_EQ(t.build(21)->number(0, "mem"), 50000 - 7000);  // half decayed
}

TEST(LoadAdjustBounds, MergedNegativeBurstDecaysAsItsPartsWould) {
  LoadTable t(makeConfig());
  t.ingest(report("node1", 0.1, 50000, 3000), 0);
  const double life = 40;
  for (int i = 0; i < 300; ++i) t.adjust("node1", slot(t, "swp"), -2, 1 + i * 0.001);
  EXPECT_EQ(t.adjustmentEntries("node1"), 1u);
  for (double now : {1.5, 9.0, 30.0}) {
    double expected = 3000;
    for (int i = 0; i < 300; ++i) expected -= 2 * (1 - (now - (1 + i * 0.001)) / life);
    EXPECT_NEAR(t.build(now)->number(0, "swp"), expected, 1e-9) << now;
  }
}

TEST(LoadAdjustBounds, OppositeSignsOnOneSlotKeepApart) {
  LoadTable t(makeConfig());
  t.ingest(report("node1", 0.1, 50000, 3000), 0);
  t.adjust("node1", slot(t, "licfree"), 5, 1);
  t.adjust("node1", slot(t, "licfree"), -2, 1);
  t.adjust("node1", slot(t, "licfree"), 1, 1);
  EXPECT_EQ(t.adjustmentEntries("node1"), 2u);
  EXPECT_DOUBLE_EQ(t.build(1)->number(0, "licfree"), 3 + 4);
}

TEST(LoadAdjustBounds, BatchOfDeltasIsOneAdjustmentPerSlot) {
  LoadTable t(makeConfig());
  t.ingest(report("node1", 0.1, 50000, 3000), 0);
  t.adjust("node1", {{slot(t, "r15s"), 3}, {slot(t, "mem"), -30}, {slot(t, "mem"), -12}}, 1);
  EXPECT_EQ(t.adjustmentEntries("node1"), 2u);
  EXPECT_DOUBLE_EQ(t.build(1)->number(0, "mem"), 50000 - 42);
  t.adjust("node1", {{slot(t, "r15s"), 0}}, 2);  // nothing to add: nothing kept
  EXPECT_EQ(t.adjustmentEntries("node1"), 2u);
}

TEST(LoadAdjustBounds, AdjustedBuiltinsStayInTheirPhysicalRange) {
  LoadTable t(makeConfig());
  t.ingest(report("node1", 0.7, 900, 200), 0);
  t.adjust("node1", {{slot(t, "ut"), 0.6}, {slot(t, "mem"), -2500}, {slot(t, "swp"), -201}}, 1);
  t.adjust("node1", {{slot(t, "tmp"), -5000}, {slot(t, "r1m"), -4}}, 1);
  t.adjust("node1", slot(t, "licfree"), -10, 1);
  HostTablePtr s = t.snapshot(1);
  EXPECT_DOUBLE_EQ(s->number(0, "ut"), 1);
  EXPECT_DOUBLE_EQ(s->number(0, "mem"), 0);
  EXPECT_DOUBLE_EQ(s->number(0, "swp"), 0);
  EXPECT_DOUBLE_EQ(s->number(0, "tmp"), 0);
  EXPECT_DOUBLE_EQ(s->number(0, "r1m"), 0);
  EXPECT_DOUBLE_EQ(s->number(0, "licfree"), -7);  // a site index is the site's to bound
  // Still in range as the adjustment decays, on the refresh path as in a build.
  s.reset();
  s = t.snapshot(31);  // a quarter left: ut 0.7 + 0.15, mem 900 - 625, tmp 900 - 1250
  EXPECT_DOUBLE_EQ(s->number(0, "ut"), 0.85);
  EXPECT_DOUBLE_EQ(s->number(0, "mem"), 275);
  EXPECT_DOUBLE_EQ(s->number(0, "tmp"), 0);
  EXPECT_DOUBLE_EQ(t.build(31)->number(0, "tmp"), 0);
}

TEST(LoadAdjustBounds, ReportOutsideTheRangeIsNeverPushedFurther) {
  LoadTable t(makeConfig());
  t.ingest(report("node1", 1.04, 900, 200), 0);  // a host's own rounding
  t.adjust("node1", slot(t, "ut"), 0.5, 1);
  EXPECT_DOUBLE_EQ(t.build(1)->number(0, "ut"), 1.04);
  t.adjust("node1", slot(t, "ut"), -0.9, 1);  // net -0.4: the other way it moves freely
  EXPECT_NEAR(t.build(1)->number(0, "ut"), 0.64, 1e-12);
}

TEST(LoadAdjustBounds, HoldsStayInRangeAndSurviveTheDecayRefresh) {
  LoadTable t(makeConfig());
  t.ingest(report("node1", 0.1, 8000, 3000), 0);
  t.hold("node1", 1, {{slot(t, "mem"), -1000}}, 0);
  t.adjust("node1", slot(t, "mem"), -400, 1);
  EXPECT_DOUBLE_EQ(t.snapshot(1)->number(0, "mem"), 6600);
  // Half way through the adjustment's life time alone moves the row (no report, no rebuild).
  EXPECT_DOUBLE_EQ(t.snapshot(21)->number(0, "mem"), 6800);
  EXPECT_DOUBLE_EQ(t.build(21)->number(0, "mem"), 6800);
  t.hold("node1", 1, {{slot(t, "mem"), -9000}}, 22);
  EXPECT_DOUBLE_EQ(t.snapshot(22)->number(0, "mem"), 0);
}

}  // namespace
}  // namespace openlim::master
