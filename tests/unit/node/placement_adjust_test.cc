// What a placement adjusts, through the master's query service (docs/protocol.md "What a
// placement adjusts"): an LSF placement (lsplace, ls_placereq, ls_loadadj) adds LSF's
// adjustment only, +1 per slot to the run queues and the rusage amounts; the rating's
// dispatch drop (ut + 1/ncpus, mem - maxmem/ncpus per slot) goes only to placements that
// rated their hosts (an order or a policy sort on the rating); and ls_loadadj costs one
// adjustment per host however many tasks name it.
#include <gtest/gtest.h>

#include "../master/policy_cluster_fixture.h"
#include "config/builtins.h"
#include "format/json.h"
#include "master/query_service.h"
#include "node/queries.h"
#include "policy/policy_config.h"
#include "protocol/request.h"

namespace openlim::node {

using format::Json;
using protocol::parseRequest;
namespace {

// Two policies: one sorts on the rating, one on free memory.
const char* kPolicies = "policy: rated\nsort: rating\npolicy: roomy\nsort: mem\n";

ConfigPtr makeConfig() {
  auto c = testing::genericCluster({"alpha", "beta"});
  c->params.exInterval = 10;
  c->params.adjustDuration = 3;
  testing::installPolicies(*c, kPolicies);
  return c;
}

// alpha: 2 CPUs, 3000 of 5000 MB free, ut 0.3. beta: 8 CPUs, busy enough to come second.
class PlacementAdjust : public ::testing::Test {
 protected:
  PlacementAdjust() : table_(makeConfig()) {
    protocol::LoadReport a{.host = "alpha", .checksum = "sum1"};
    a.numbers = {{"r15s", 0.1, 0}, {"r1m", 0.2, 0},  {"r15m", 0.4, 0},
                 {"ut", 0.3, 0},   {"mem", 3000, 0}, {"maxmem", 5000, 0},
                 {"swp", 700, 0},  {"tmp", 90, 0},   {"ncpus", 2, 0}};
    protocol::LoadReport b{.host = "beta", .checksum = "sum1"};
    b.numbers = {{"r15s", 5, 0},  {"r1m", 5, 0},        {"r15m", 5, 0}, {"ut", 0.95, 0},
                 {"mem", 100, 0}, {"maxmem", 64000, 0}, {"ncpus", 8, 0}};
    table_.ingest(a, 1);
    table_.ingest(b, 1);
  }
  QueryContext context() {
    QueryContext ctx{table_.snapshot(2), "alpha", &cache_, &table_, 2};
    ctx.policyState = &state_;
    return ctx;
  }
  std::string run(Answer (*fn)(const format::Json&, const QueryContext&), const std::string& req) {
    auto parsed = parseRequest(req);
    EXPECT_TRUE(parsed.isOk()) << req;
    Answer answer = fn(*parsed, context());
    EXPECT_TRUE(answer.ok) << req << " -> " << answer.body;
    std::string reply = answer.body;
    EXPECT_NE(reply.find("\"ok\":true"), std::string::npos) << req << " -> " << reply;
    return reply;
  }
  double value(const char* host, const char* name) {
    HostTablePtr s = table_.snapshot(2);
    return s->number(static_cast<uint32_t>(s->row(host)), name);
  }
  master::LoadTable table_;
  RequestCache cache_;
  master::PolicyState state_;
};

TEST_F(PlacementAdjust, PlainPlacementAddsRunQueuesAndRusageOnly) {
  run(queryPlace,
      R"({"op":"place","n":2,"w":2,"hosts":["alpha"],"resreq":"rusage[mem=100:swp=30:tmp=5]"})");
  EXPECT_DOUBLE_EQ(value("alpha", "r15s"), 2.1);
  EXPECT_DOUBLE_EQ(value("alpha", "r1m"), 2.2);
  EXPECT_DOUBLE_EQ(value("alpha", "r15m"), 2.4);
  EXPECT_DOUBLE_EQ(value("alpha", "mem"), 2800);  // the rusage, per slot
  EXPECT_DOUBLE_EQ(value("alpha", "swp"), 640);
  EXPECT_DOUBLE_EQ(value("alpha", "tmp"), 80);
  EXPECT_DOUBLE_EQ(value("alpha", "ut"), 0.3);  // no rating: no dispatch drop
}

// Six two-slot placements on a 2-CPU host: lsload still shows what the host has, and a
// memory select still finds it.
TEST_F(PlacementAdjust, RepeatedPlacementsLeaveUtAndMemAsReported) {
  for (int i = 0; i < 6; ++i) run(queryPlace, R"({"op":"place","n":2,"w":2,"hosts":["alpha"]})");
  EXPECT_DOUBLE_EQ(value("alpha", "ut"), 0.3);
  EXPECT_DOUBLE_EQ(value("alpha", "mem"), 3000);
  EXPECT_DOUBLE_EQ(value("alpha", "r1m"), 12.2);
  std::string r = run(queryPlace, R"({"op":"place","resreq":"select[mem>100]","hosts":["alpha"]})");
  EXPECT_NE(r.find("alpha"), std::string::npos);
}

TEST_F(PlacementAdjust, RatingOrderTakesTheDispatchDropWithinRange) {
  run(queryPlace, R"({"op":"place","hosts":["alpha"],"resreq":"order[rating]"})");
  EXPECT_DOUBLE_EQ(value("alpha", "ut"), 0.8);   // + 1/2
  EXPECT_DOUBLE_EQ(value("alpha", "mem"), 500);  // - 5000/2
  EXPECT_DOUBLE_EQ(value("alpha", "r1m"), 1.2);  // LSF's part too
  run(queryPlace, R"({"op":"place","hosts":["alpha"],"resreq":"order[rating]"})");
  EXPECT_DOUBLE_EQ(value("alpha", "ut"), 1);   // 1.3: a CPU cannot be more than busy
  EXPECT_DOUBLE_EQ(value("alpha", "mem"), 0);  // -2000: nor memory less than gone
}

TEST_F(PlacementAdjust, PolicyPlacementDropsOnlyWhenItsSortReadsTheRating) {
  run(queryPlace, R"({"op":"place","policy":"roomy","hosts":["alpha"]})");
  EXPECT_DOUBLE_EQ(value("alpha", "ut"), 0.3);
  EXPECT_DOUBLE_EQ(value("alpha", "r1m"), 1.2);
  run(queryPlace, R"({"op":"place","policy":"rated","hosts":["alpha"]})");
  EXPECT_DOUBLE_EQ(value("alpha", "ut"), 0.8);
  EXPECT_DOUBLE_EQ(value("alpha", "mem"), 500);
}

TEST_F(PlacementAdjust, PolicyOpPlacementDropsOnlyWhenItsSortReadsTheRating) {
  auto place = [&](const char* policy) {
    master::PolicyQuery q{.policy = policy, .strict = true};
    q.place = true;
    q.hosts = {"alpha"};
    q.slots = 1;
    auto r = master::answerPolicy(q, context());
    ASSERT_TRUE(r) << r.status().message();
  };
  place("roomy");
  EXPECT_DOUBLE_EQ(value("alpha", "ut"), 0.3);
  EXPECT_DOUBLE_EQ(value("alpha", "r15s"), 1.1);
  place("rated");
  EXPECT_DOUBLE_EQ(value("alpha", "ut"), 0.8);
  EXPECT_DOUBLE_EQ(value("alpha", "r15s"), 2.1);
}

TEST_F(PlacementAdjust, LoadAdjIsLsfsAdjustmentWithoutTheRatingDrop) {
  run(queryLoadAdj,
      R"({"op":"loadadj","hosts":["alpha","beta","alpha"],"resreq":"rusage[mem=50]"})");
  EXPECT_DOUBLE_EQ(value("alpha", "r15m"), 2.4);
  EXPECT_DOUBLE_EQ(value("alpha", "mem"), 2900);
  EXPECT_DOUBLE_EQ(value("alpha", "ut"), 0.3);
  EXPECT_DOUBLE_EQ(value("beta", "r15m"), 6);
  EXPECT_DOUBLE_EQ(value("beta", "mem"), 50);
  EXPECT_DOUBLE_EQ(value("beta", "ut"), 0.95);
}

// The cost of a request is per host: 30,000 tasks on one host leave one entry per slot it
// touched (r15s, r1m, r15m, mem), and the sum is exact.
TEST_F(PlacementAdjust, LoadAdjOfManyTasksOnOneHostIsOneAdjustmentPerSlot) {
  std::string req = R"({"op":"loadadj","resreq":"rusage[mem=0.05]","hosts":[)";
  for (int i = 0; i < 30000; ++i) req += i ? ",\"alpha\"" : "\"alpha\"";
  req += "]}";
  std::string reply = run(queryLoadAdj, req);
  EXPECT_NE(reply.find("\"adjusted\":30000"), std::string::npos) << reply;
  EXPECT_EQ(table_.adjustmentEntries("alpha"), 4u);
  EXPECT_EQ(table_.adjustmentEntries("beta"), 0u);
  EXPECT_DOUBLE_EQ(value("alpha", "r1m"), 30000.2);
  EXPECT_NEAR(value("alpha", "mem"), 3000 - 1500, 1e-6);
}

}  // namespace
}  // namespace openlim::node
