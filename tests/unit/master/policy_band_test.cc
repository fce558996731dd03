// The band's turn through the master's query service: successive placements through the
// `policy` op with "place" go round-robin among the hosts within the band, a look (no
// "place") moves nothing, and a reconfig keeps the turn.
#include <gtest/gtest.h>

#include "config/builtins.h"
#include "master/query_request.h"
#include "master/query_service.h"
#include "policy/policy_config.h"
#include "policy_cluster_fixture.h"

namespace openlim::master {
namespace {

const char* kPolicies = "policy: rated\nsort: rating\nband: 10\n";

// hostA and hostB rate within 10% of each other, hostC well below. The dispatch drop is off,
// so the ratings stay put and only the turn moves.
ConfigPtr makeConfig() {
  auto c = testing::genericCluster({"hostA", "hostB", "hostC"});
  c->params.exInterval = 10;
  c->params.ratingDispatchDrop = false;
  testing::installPolicies(*c, kPolicies);
  return c;
}

void report(LoadTable& t) {
  auto host = [&](const char* name, double ut) {
    protocol::LoadReport r{.host = name, .checksum = "sum1"};
    r.numbers = {{"ut", ut, 0},   {"r15s", 0, 0},   {"r1m", 0, 0},
                 {"ncpus", 4, 0}, {"mem", 8000, 0}, {"maxmem", 16000, 0}};
    t.ingest(r, 1);
  };
  host("hostA", 0.20);
  host("hostB", 0.25);
  host("hostC", 0.90);
}

std::string place(LoadTable& t, RequestCache& cache, PolicyState& st, bool really = true) {
  QueryContext ctx{t.snapshot(2), "hostA", &cache, &t, 2};
  ctx.policyState = &st;
  PolicyQuery q{.policy = "rated", .strict = true};
  q.place = really;
  auto r = answerPolicy(q, ctx);
  EXPECT_TRUE(r) << r.status().message();
  if (!r) return "?";
  const format::Json* hosts = r->doc.find("hosts");
  if (!hosts || hosts->size() == 0) return "-";
  return hosts->items()[0].find("host")->asString();
}

TEST(PolicyBand, TenPlacementsGoRoundRobinWithinTheBand) {
  LoadTable table(makeConfig());
  report(table);
  RequestCache cache;
  PolicyState st;
  std::string picks;
  for (int i = 0; i < 10; ++i) picks += place(table, cache, st) + " ";
  EXPECT_EQ(picks, "hostA hostB hostA hostB hostA hostB hostA hostB hostA hostB ");
  // A look shows the next turn without taking it.
  EXPECT_EQ(place(table, cache, st, false), "hostA");
  EXPECT_EQ(place(table, cache, st, false), "hostA");
  EXPECT_EQ(st.rating.builds(), 1u);  // one rating setup for the configuration
  EXPECT_EQ(place(table, cache, st), "hostA");
  // A reconfig (a new configuration, the same policy) keeps the turn: hostB is next.
  LoadTable after(makeConfig());
  report(after);
  EXPECT_EQ(place(after, cache, st), "hostB");
  EXPECT_EQ(place(after, cache, st), "hostA");
  EXPECT_EQ(st.bands.size(), 1u);
}

TEST(PolicyBand, PlaceIsAStrictlyDecodedBoolean) {
  auto bad = decodePolicyQuery(*format::parseJson(R"({"op":"policy","place":1})"));
  EXPECT_FALSE(bad);
  auto good = decodePolicyQuery(*format::parseJson(R"({"op":"policy","place":true})"));
  ASSERT_TRUE(good);
  EXPECT_TRUE(good->place);
}

}  // namespace
}  // namespace openlim::master
