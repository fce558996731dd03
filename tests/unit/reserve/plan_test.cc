// A reservation's placement with --explain: every candidate host gets the admission hook's
// verdict, the chosen and refused hosts with what they were asked to take, the others with
// one slot, in table row order.
#include "reserve/plan.h"

#include <gtest/gtest.h>

#include "fixture.h"

namespace openlim::reserve {
namespace {

// Refuses `blocked`, admits the rest; one limit line per claim saying what it saw.
class FakeCheck final : public AdmissionCheck {
 public:
  explicit FakeCheck(std::string blocked) : blocked_(std::move(blocked)) {}
  Verdict mayTake(const Claim& c, const std::vector<Claim>&, double) const override {
    if (c.host == blocked_) return {false, "cannot run on host \"" + c.host + "\""};
    return {};
  }
  std::vector<LimitUse> explain(const Claim& c, const std::vector<Claim>& earlier,
                                double) const override {
    LimitUse l;
    l.admitted = c.host != blocked_;
    l.set = "s";
    l.rule = "1";
    l.resource = "slots";
    l.used = static_cast<int64_t>(earlier.size());
    l.requested = c.slots;
    l.limit = 4;
    l.text = "s/1 slots " + std::to_string(l.used) + "+" + std::to_string(c.slots) + "/4";
    return {l};
  }

 private:
  std::string blocked_;
};

class PlanExplain : public ::testing::Test {
 protected:
  PlanExplain() : table_(testing::makeConfig()) {
    testing::reportAll(table_, 1);
    hosts_ = table_.snapshot(1);
    req_ = *compileRequest("", *table_.config(), {});
  }
  Plan plan(PlaceOptions o, const AdmissionCheck& check) {
    return planReservation(*req_, *hosts_, o, labels_, check, 1000);
  }

  master::LoadTable table_;
  HostTablePtr hosts_;
  CompiledRequestPtr req_;
  Labels labels_{"alice", "", "", ""};
};

TEST_F(PlanExplain, WithoutExplainNoQuotaVerdicts) {
  Plan p = plan({.minSlots = 1}, FakeCheck("hostA"));
  ASSERT_TRUE(p.placement.status.isOk());
  EXPECT_TRUE(p.quota.empty());
}

TEST_F(PlanExplain, EveryHostGetsAVerdictInRowOrder) {
  Plan p = plan({.minSlots = 3, .explain = true}, FakeCheck("hostA"));
  ASSERT_TRUE(p.placement.status.isOk()) << p.placement.status.message();
  ASSERT_EQ(p.quota.size(), 3u);
  EXPECT_EQ(p.quota[0].host, "hostA");
  EXPECT_FALSE(p.quota[0].admitted);
  EXPECT_EQ(p.quota[1].host, "hostB");
  EXPECT_TRUE(p.quota[1].admitted);
  EXPECT_EQ(p.quota[2].host, "hostC");
  // hostA was refused what the first placement gave it; the chosen hosts are asked for
  // theirs, the later one counting the earlier admitted host.
  EXPECT_EQ(p.blocked.size(), 1u);
  EXPECT_EQ(p.quota[1].reason(), "quota admits 2 slot(s): s/1 slots 0+2/4");
  EXPECT_EQ(p.quota[2].reason(), "quota admits 1 slot(s): s/1 slots 1+1/4");
  EXPECT_EQ(p.quota[0].reason().rfind("quota blocks ", 0), 0u) << p.quota[0].reason();
}

TEST_F(PlanExplain, HostsNotChosenAreCheckedForOneSlotAndAFailureStillExplains) {
  Plan p = plan({.minSlots = 9, .explain = true}, FakeCheck("hostC"));
  EXPECT_FALSE(p.placement.status.isOk());  // 7 slots in all
  ASSERT_EQ(p.quota.size(), 3u);
  EXPECT_EQ(p.quota[2].reason(), "quota blocks 1 slot(s): s/1 slots 0+1/4");
  EXPECT_EQ(p.quota[0].reason(), "quota admits 1 slot(s): s/1 slots 0+1/4");
}

TEST_F(PlanExplain, OnlyTheCandidatesAndNoLimitIsSaid) {
  Plan p = plan({.minSlots = 1, .candidates = {"hostC"}, .explain = true}, AdmitAll());
  ASSERT_EQ(p.quota.size(), 1u);
  EXPECT_EQ(p.quota[0].host, "hostC");
  EXPECT_EQ(p.quota[0].reason(), "quota admits 1 slot(s): no limit applies");
}

}  // namespace
}  // namespace openlim::reserve
