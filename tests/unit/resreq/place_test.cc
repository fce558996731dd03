// place(): lsplace's slot choice, load adjustment between picks, span, same, rusage, explain.
#include <gtest/gtest.h>

#include "fixture.h"

namespace openlim {
namespace {

class Place : public ::testing::Test {
 protected:
  PlacementResult run(const std::string& text, PlaceOptions o = {}) {
    auto r = compileRequest(text, *cfg_);
    EXPECT_TRUE(r) << r.status().message();
    if (!r) return {};
    return place(**r, t_, o);
  }
  std::string slots(const std::string& text, PlaceOptions o = {}) {
    auto p = run(text, o);
    if (!p.status.isOk()) return "ERROR " + p.status.message();
    std::string s;
    for (const auto& h : p.slots) s += (s.empty() ? "" : " ") + h;
    return s;
  }
  ConfigPtr cfg_ = testing::makeConfig();
  HostTable t_ = testing::fixtureTable(cfg_);
};

// Eligible (ok): A r15s .25 ncpus 4, B .2 ncpus 1, C .5 ncpus 8, D unknown ncpus 2.
TEST_F(Place, OneSlotOnTheBestOkHostByDefault) {
  EXPECT_EQ(slots(""), "hostB");
}

TEST_F(Place, LoadAdjustmentBetweenPicksSpreadsSlots) {
  // B is full after one slot; A's r15s becomes (0.5+1)/4*2 = .75 > C's .5.
  EXPECT_EQ(slots("", {.minSlots = 3}), "hostB hostA hostC");
}

TEST_F(Place, AsManyAsPossibleRepeatsEachHostUpToNcpus) {
  auto p = run("", {.minSlots = 0});
  ASSERT_TRUE(p.status.isOk());
  EXPECT_EQ(p.slots.size(), 15u);  // 4 + 1 + 8 + 2
  EXPECT_EQ(std::count(p.slots.begin(), p.slots.end(), "hostC"), 8);
  EXPECT_EQ(p.slots.front(), "hostB");
  EXPECT_EQ(slots("", {.minSlots = 2, .maxSlots = 0}).size(),
            std::string("hostB ").size() * 15 - 1);
}

// A placement rates when an order key reads the rating: its hosts then take the rating's
// dispatch drop (the master's query service).
TEST_F(Place, APlacementRatesOnlyWhenAnOrderKeyReadsTheRating) {
  EXPECT_TRUE(run("order[rating]").rated);
  EXPECT_TRUE(run("order[r15s:-rating]").rated);
  EXPECT_FALSE(run("order[r15s]").rated);
  EXPECT_FALSE(run("").rated);
  EXPECT_FALSE(run("select[rating > 0]").rated);  // a select is no order
}

TEST_F(Place, MaxSlotsCapsAndMinSlotsMustBeMet) {
  EXPECT_EQ(slots("", {.minSlots = 1, .maxSlots = 2}), "hostB hostA");
  EXPECT_EQ(slots("", {.minSlots = 16}), "ERROR Not enough host(s) currently eligible");
  EXPECT_EQ(slots("select[mem>100G]"), "ERROR Not enough host(s) currently eligible");
}

TEST_F(Place, FewestHostsFillsEachHostFirst) {
  EXPECT_EQ(slots("", {.minSlots = 3, .fewestHosts = true}), "hostB hostA hostA");
}

TEST_F(Place, SpanHostsOnePutsEverySlotOnOneHost) {
  EXPECT_EQ(slots("span[hosts=1]", {.minSlots = 3}), "hostA hostA hostA");
  EXPECT_EQ(slots("span[hosts=1]", {.minSlots = 9}), "ERROR Not enough host(s) currently eligible");
}

TEST_F(Place, SpanHostsOneNeedsRusageForEverySlotOnTheHost) {
  // rusage is per slot: 3 slots of mem=1500 need 4500 MB on one host. A (4096) no longer
  // qualifies although one slot would fit; C (65536) takes all three.
  EXPECT_EQ(slots("rusage[mem=1500] span[hosts=1]", {.minSlots = 1}), "hostA");
  EXPECT_EQ(slots("rusage[mem=1500] span[hosts=1]", {.minSlots = 3}), "hostC hostC hostC");
  EXPECT_EQ(slots("rusage[mem=1G] span[hosts=1]", {.minSlots = 3}), "hostA hostA hostA");
  PlaceOptions onlyA{.minSlots = 3, .candidates = {"hostA"}};
  EXPECT_EQ(slots("rusage[mem=1500] span[hosts=1]", onlyA),
            "ERROR Not enough host(s) currently eligible");
  // The first alternative that fits every slot is used.
  EXPECT_EQ(slots("rusage[mem=2G || mem=1G] span[hosts=1]", onlyA), "hostA hostA hostA");
}

TEST_F(Place, SpanHostsOneTakesOnlyAsManyExtraSlotsAsRusageAllows) {
  // -n 2 -w 4 on A: ncpus 4, but 4096 / 1500 leaves room for 2 slots only.
  PlaceOptions o{.minSlots = 2, .maxSlots = 4, .candidates = {"hostA"}};
  EXPECT_EQ(slots("rusage[mem=1500] span[hosts=1]", o), "hostA hostA");
  o.maxSlots = 3;
  EXPECT_EQ(slots("rusage[mem=1000] span[hosts=1]", o), "hostA hostA hostA");
}

TEST_F(Place, SpanHostsOneExplainsARusageShortfall) {
  auto p = run("rusage[mem=1500] span[hosts=1]", {.minSlots = 3, .explain = true});
  ASSERT_TRUE(p.status.isOk());
  EXPECT_EQ(p.explanations[0].line(),
            "hostA: dropped by span[hosts=1] (rusage[mem=1500] x 3 slots failed: mem=4096M)");
  EXPECT_EQ(p.explanations[2].line(), "hostC: chosen for slots 1,2,3");
}

TEST_F(Place, SpanHostsMinusOneMeansNoHostLimit) {
  // LSF's span[hosts=-1]: the same choice as no span at all (not one host).
  EXPECT_EQ(slots("span[hosts=-1]", {.minSlots = 3}), "hostB hostA hostC");
  EXPECT_EQ(slots("span[hosts=-1]", {.minSlots = 9}), slots("", {.minSlots = 9}));
  EXPECT_EQ(slots("span[hosts=-1:ptile=2]", {.minSlots = 4}), "hostB hostA hostC hostC");
  auto r = compileRequest("span[hosts=-1]", *cfg_);
  ASSERT_TRUE(r);
  EXPECT_EQ(r.value()->span().hosts, 0);
  EXPECT_EQ(r.value()->span().ptile, 0);
}

TEST_F(Place, SpanPtileCapsSlotsPerHost) {
  // B .2 -> 2.2; A .25 -> .75; C .5 -> .625; C again (cap 2).
  EXPECT_EQ(slots("span[ptile=2]", {.minSlots = 4}), "hostB hostA hostC hostC");
}

TEST_F(Place, SameKeepsTheLargestGroup) {
  // type: A, D LINUX86; B MIPS; C ALPHA. D's r15s is unknown, so it sorts after A.
  EXPECT_EQ(slots("same[type]", {.minSlots = 0}), "hostA hostA hostA hostA hostD hostD");
  auto p = run("same[type]", {.minSlots = 0, .explain = true});
  EXPECT_EQ(p.explanations[1].line(), "hostB: dropped by same[type]");
}

TEST_F(Place, RusageNeedsTheAmountAvailableAndIsAdjustedAfterEachPick) {
  EXPECT_EQ(slots("rusage[mem=2G]"), "hostA");
  EXPECT_EQ(slots("rusage[mem=10G || mem=500]"), "hostB");
  PlaceOptions o{.minSlots = 2, .candidates = {"hostA"}};
  EXPECT_EQ(slots("rusage[mem=3G]", o), "ERROR Not enough host(s) currently eligible");
  EXPECT_EQ(slots("rusage[mem=2G]", o), "hostA hostA");  // 4096 - 2048 still fits
  EXPECT_EQ(slots("rusage[r1m=0.5]", {.minSlots = 1, .candidates = {"hostC"}}), "hostC");
}

TEST_F(Place, AValuelessRusageNamePutsAtMostOneSlotOnAHost) {
  // LSF: a resource named without a value is used intensively, so no more than one task goes
  // to a host whatever its CPUs. hostD's mem is unknown: it does not qualify.
  auto r = compileRequest("rusage[mem]", *cfg_);
  ASSERT_TRUE(r) << r.status().message();
  EXPECT_TRUE(r.value()->rusage()[0].items[0].intensive);
  EXPECT_DOUBLE_EQ(r.value()->rusage()[0].items[0].amount, 0);
  EXPECT_EQ(slots("rusage[mem]", {.minSlots = 0}), "hostB hostA hostC");
  EXPECT_EQ(slots("rusage[mem]", {.minSlots = 3}), "hostB hostA hostC");
  EXPECT_EQ(slots("rusage[mem]", {.minSlots = 2, .fewestHosts = true}), "hostB hostA");
  EXPECT_EQ(slots("rusage[mem]", {.minSlots = 4}), "ERROR Not enough host(s) currently eligible");
  EXPECT_EQ(slots("rusage[mem:gpu_free=1]", {.minSlots = 0}), "hostA");
  EXPECT_EQ(slots("rusage[mem] span[hosts=1]"), "hostB");
  EXPECT_EQ(
      slots("rusage[mem] span[hosts=1]", {.minSlots = 1, .maxSlots = 4, .candidates = {"hostA"}}),
      "hostA");
  EXPECT_EQ(slots("rusage[mem] span[hosts=1]", {.minSlots = 2}),
            "ERROR Not enough host(s) currently eligible");
  auto p = run("rusage[mem] span[hosts=1]", {.minSlots = 2, .explain = true});
  EXPECT_EQ(p.explanations[0].line(),
            "hostA: dropped by span[hosts=1] (rusage[mem] without a value: one slot per host)");
  // With a value (even 0) the CPUs count: A 4 + B 1 + C 8.
  EXPECT_EQ(run("rusage[mem=0]", {.minSlots = 0}).slots.size(), 13u);
}

TEST_F(Place, AFailedPlacementSaysWhatEachEligibleHostCouldTakeNeverNotNeeded) {
  // select[fs]: hostB alone qualifies, with one CPU; -n 4 cannot be met.
  auto p = run("select[fs] order[-mem]", {.minSlots = 4, .explain = true});
  ASSERT_FALSE(p.status.isOk());
  EXPECT_EQ(p.explanations[1].line(),
            "hostB: eligible for 1 slot only (ncpus 1): -n 4 needs 4 slots, the eligible hosts "
            "have 1");
  EXPECT_EQ(p.explanations[1].outcome, Outcome::kRejected);
  EXPECT_EQ(p.explanations[0].line(), "hostA: select[fs] failed: fs=0");
  auto cs = run("select[cs] order[-mem]", {.minSlots = 16, .explain = true});
  ASSERT_FALSE(cs.status.isOk());
  EXPECT_EQ(cs.explanations[0].line(),
            "hostA: eligible for 4 slots only (ncpus 4): -n 16 needs 16 slots, the eligible "
            "hosts have 12");
  EXPECT_EQ(cs.explanations[2].line(),
            "hostC: eligible for 8 slots only (ncpus 8): -n 16 needs 16 slots, the eligible "
            "hosts have 12");
  auto ptile = run("select[cs] span[ptile=2]", {.minSlots = 5, .explain = true});
  EXPECT_EQ(ptile.explanations[0].line(),
            "hostA: eligible for 2 slots only (span[ptile=2]): -n 5 needs 5 slots, the "
            "eligible hosts have 4");
  auto intensive = run("rusage[mem]", {.minSlots = 4, .explain = true});
  EXPECT_EQ(intensive.explanations[2].line(),
            "hostC: eligible for 1 slot only (rusage[mem] without a value: one slot per host): "
            "-n 4 needs 4 slots, the eligible hosts have 3");
  // hostA: r15s .25, .75 after one slot, 1.25 after two: the select stops it at two.
  auto load = run("select[r15s<1 && cs]", {.minSlots = 16, .explain = true});
  EXPECT_EQ(load.explanations[0].line(),
            "hostA: eligible for 2 slots only (the request no longer fits it after its load "
            "adjustment): -n 16 needs 16 slots, the eligible hosts have 6");
  for (const auto* r : {&p, &cs, &ptile, &intensive, &load})
    for (const HostExplanation& e : r->explanations) {
      EXPECT_EQ(e.reason.find("not needed"), std::string::npos) << e.line();
      EXPECT_NE(e.outcome, Outcome::kChosen) << e.line();
    }
}

TEST_F(Place, HostArgumentsRestrictCandidates) {
  EXPECT_EQ(slots("", {.candidates = {"hostc"}}), "hostC");
  EXPECT_EQ(slots("", {.candidates = {"hostE"}}), "ERROR Not enough host(s) currently eligible");
  EXPECT_EQ(slots("", {.candidates = {"nosuch"}}), "ERROR Unknown host <nosuch>");
}

TEST_F(Place, ExplainSaysWhyForEveryHost) {
  auto p = run("select[mem>=4G]", {.explain = true});
  ASSERT_EQ(p.explanations.size(), 5u);
  EXPECT_EQ(p.explanations[0].line(), "hostA: chosen for slot 1");
  EXPECT_EQ(p.explanations[1].line(), "hostB: select[mem>=4G] failed: mem=800M");
  EXPECT_EQ(p.explanations[2].line(), "hostC: not needed (-n 1)");
  EXPECT_EQ(p.explanations[3].line(), "hostD: select[mem>=4G] unknown: mem=-");
  EXPECT_EQ(p.explanations[4].line(), "hostE: status busy");
  auto q = run("select[cs && type==LINUX86] rusage[mem=5000]", {.explain = true});
  EXPECT_EQ(q.explanations[0].line(), "hostA: rusage[mem=5000] failed: mem=4096M");
  EXPECT_EQ(q.explanations[1].line(), "hostB: select[cs] failed: cs=0");
  EXPECT_EQ(q.explanations[2].line(), "hostC: select[type==LINUX86] failed: type=ALPHA");
  auto s = run("span[hosts=1]", {.minSlots = 3, .explain = true});
  EXPECT_EQ(s.explanations[1].line(), "hostB: dropped by span[hosts=1] (ncpus 1 < 3)");
  EXPECT_EQ(s.explanations[0].line(), "hostA: chosen for slots 1,2,3");
}

TEST_F(Place, ExplainShowsBusyThresholds) {
  auto cfg = testing::makeConfig();
  HostConfig hc;
  hc.name = "hostE";
  hc.thresholds["r1m"] = 3.5;
  cfg->hosts.push_back(hc);
  HostTable t = testing::fixtureTable(cfg);
  t.busyIndices[4] = {cfg->resourceIndex("r1m")};
  auto r = compileRequest("", *cfg);
  ASSERT_TRUE(r);
  auto p = place(**r, t, {.explain = true});
  EXPECT_EQ(p.explanations[4].line(), "hostE: status busy (r1m 3.9 > 3.5)");
}

TEST(ImplicitType, LocalTypeIsAddedUnlessAStringOrBooleanIsNamed) {
  auto cfg = testing::makeConfig();
  HostTable t = testing::fixtureTable(cfg);
  CompileOptions local{.implicitTypeLocal = true, .localType = "MIPS"};
  EXPECT_EQ(testing::selectedNames("mem>500", *cfg, t, local), "hostB");
  EXPECT_EQ(testing::selectedNames("mem>500 && cs", *cfg, t, local), "hostA hostC hostE");
  EXPECT_EQ(testing::selectedNames("type==local", *cfg, t, {.localType = "ALPHA"}), "hostC");
  EXPECT_EQ(testing::selectedNames("type==local", *cfg, t, {}),
            "hostA hostB hostC hostD hostE");  // asker outside the cluster: any
  CompileOptions outside{.implicitTypeLocal = true};
  EXPECT_EQ(testing::selectedNames("mem>500", *cfg, t, outside), "hostA hostB hostC hostE");
  auto r = compileRequest("mem>500", *cfg, local);
  ASSERT_TRUE(r);
  EXPECT_EQ(r.value()->termTexts().back(), "type==local");
}

TEST(Sections, RusageSpanSameAreExposed) {
  auto cfg = testing::makeConfig();
  auto r = compileRequest(
      "rusage[mem=2G:swp=100:duration=1h:decay=1 || mem=1G:duration=10] span[ptile=4] "
      "same[type:model]",
      *cfg);
  ASSERT_TRUE(r) << r.status().message();
  const CompiledRequest& c = **r;
  ASSERT_EQ(c.rusage().size(), 2u);
  EXPECT_EQ(c.rusage()[0].items[0].name, "mem");
  EXPECT_DOUBLE_EQ(c.rusage()[0].items[0].amount, 2048);
  EXPECT_DOUBLE_EQ(c.rusage()[0].items[1].amount, 100);
  EXPECT_DOUBLE_EQ(c.rusage()[0].durationMinutes, 60);
  EXPECT_TRUE(c.rusage()[0].decay);
  EXPECT_DOUBLE_EQ(c.rusage()[1].items[0].amount, 1024);
  EXPECT_DOUBLE_EQ(c.rusage()[1].durationMinutes, 10);
  EXPECT_FALSE(c.rusage()[1].decay);
  EXPECT_EQ(c.span().ptile, 4);
  EXPECT_EQ(c.same(), (std::vector<std::string>{"type", "model"}));
  ASSERT_EQ(c.orderKeys().size(), 2u);
  EXPECT_EQ(c.orderKeys()[0].text, "r15s");
}

TEST(Cache, ReturnsTheSameProgramForTheSameTextOptionsAndConfig) {
  ConfigPtr cfg = testing::makeConfig();
  RequestCache cache(2);
  auto a = cache.get("mem>1", cfg);
  auto b = cache.get("mem>1", cfg);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a.value().get(), b.value().get());
  EXPECT_EQ(cache.hits(), 1u);
  auto c = cache.get("mem>1", cfg, {.implicitTypeLocal = true, .localType = "MIPS"});
  EXPECT_NE(a.value().get(), c.value().get());
  ConfigPtr other = testing::makeConfig();
  EXPECT_NE(cache.get("mem>1", other).value().get(), a.value().get());
  EXPECT_LE(cache.size(), 2u);
  EXPECT_FALSE(cache.get("mem>", cfg));
  EXPECT_EQ(cache.misses(), 4u);
}

TEST(TermApi, ValuesAndOutcomeOfOneTerm) {
  auto cfg = testing::makeConfig();
  HostTable t = testing::fixtureTable(cfg);
  auto r = compileRequest("select[mem>1G && (r1m<1 || osrel==\"x\")]", *cfg);
  ASSERT_TRUE(r);
  EXPECT_EQ(termValues(**r, t, 1, 0), "r1m=1 osrel=bookworm");
  EXPECT_EQ(termOutcome(**r, t, 1, 0), "false");
  EXPECT_EQ(termOutcome(**r, t, 0, 3), "unknown");
  EXPECT_EQ(termOutcome(**r, t, 0, 2), "true");
}

}  // namespace
}  // namespace openlim
