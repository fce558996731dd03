// The rating, the band and PBS load balancing inside the policy engine: `rating` as a built-in
// attribute of policies and of resreq select[]/order[], hosts rated 0 left out of a rating
// sort, the band's round-robin, load_balancing's bands, and options by period.
#include <gtest/gtest.h>

#include "policy_fixture.h"

namespace openlim::policy {
namespace {

using namespace testing;

// Three idle-ish hosts: a (cpuf 100, ut 0.5), b (cpuf 100, ut 0.52), c (cpuf 50, ut 0.1);
// 1 CPU, 1000 MB, half free each. Host configs give MAX_JOBS and load limits.
struct Cluster : PolicyRunner {
  explicit Cluster(std::vector<HostConfig> hosts = {}) {
    auto own = std::make_shared<ConfigSnapshot>(*policyConfig());
    own->hosts = std::move(hosts);
    cfg = own;
    TableBuilder b(cfg);
    auto host = [&](const char* n, double cpuf, double ut, double r1m) {
      b.host(n, HostStatus::kOk,
             {{"cpuf", cpuf},
              {"ut", ut},
              {"ncpus", 1.0},
              {"r15s", 0.0},
              {"r1m", r1m},
              {"mem", 500.0},
              {"maxmem", 1000.0}});
    };
    host("a", 100, 0.5, 0.2);
    host("b", 100, 0.52, 1.5);
    host("c", 50, 0.1, 0.0);
    table = b.build();
  }
};

HostConfig hostConfig(const char* name) {
  HostConfig h;
  h.name = name;
  return h;
}

// By hand (SMP 0.2, weights cpu 1, mem 0.1, COM_FACTOR 1.5 with run queue 0 < 1 CPU):
//   a: Cpu_calc = 50 x 100 x 1 x 1.5 + 300 = 7800; Memory 0.5 x 1000 x 10 x 0.1 = 500: 8300
//   b: 48 x 100 x 1.5 + 300 = 7500: 8000;  c: 90 x 50 x 1.5 + 150 = 6900: 7400
TEST(PolicyRating, RatingIsABuiltinAttributeOfPolicies) {
  Cluster c;
  auto r = c.run("policy: r\nsort: rating\n");
  ASSERT_TRUE(r) << r.status().message();
  EXPECT_EQ(names(c.table, *r), "a b c");
  ASSERT_EQ(r->values.size(), 3u);
  EXPECT_DOUBLE_EQ(r->values[0], 8300);
  EXPECT_DOUBLE_EQ(r->values[1], 8000);
  EXPECT_DOUBLE_EQ(r->values[2], 7400);
  EXPECT_EQ(c.order("policy: r\nconstraint: rating > 7900\nsort: -rating\n"), "b a");
  EXPECT_EQ(c.order("policy: r\nconstraint: exists(RATING)\nsort: NLB_NCPUS\n"), "a b c");
}

TEST(PolicyRating, ResreqSelectAndOrderReadTheRating) {
  Cluster c;
  auto req = compileRequest("select[rating > 7500] order[-rating]", *c.cfg);
  ASSERT_TRUE(req) << req.status().message();
  PolicyRequest r1;
  r1.resreq = req->get();
  EXPECT_EQ(c.order("policy: all\n", r1), "a b");
  auto up = compileRequest("order[rating]", *c.cfg);
  ASSERT_TRUE(up) << up.status().message();
  PolicyRequest r2;
  r2.resreq = up->get();
  EXPECT_EQ(c.order("policy: all\n", r2), "c b a");
  // rusage and same[] take resources only.
  EXPECT_FALSE(compileRequest("rusage[rating=1]", *c.cfg));
}

TEST(PolicyRating, HostRatedZeroIsNeverChosenByARatingSort) {
  HostConfig full = hostConfig("a");
  full.maxJobs = 2;
  Cluster c({full, hostConfig("b"), hostConfig("c")});
  std::vector<double> jobs{2, 0, 0};  // a is at MAX_JOBS
  PolicyRequest req;
  req.explain = true;
  req.reservedSlots = jobs.data();
  auto r = c.run("policy: r\nsort: rating\n", req);
  ASSERT_TRUE(r);
  EXPECT_EQ(names(c.table, *r), "b c");
  EXPECT_NE(r->explain.find("a: left out: rating 0"), std::string::npos) << r->explain;
  EXPECT_NE(r->explain.find("jobs 2 of MAX_JOBS 2"), std::string::npos) << r->explain;
  // Without a rating sort the host stays.
  req.explain = false;
  EXPECT_EQ(c.order("policy: n\nsort: NLB_NCPUS\n", req), "a b c");
}

// A host's current jobs are maxslots - slots where the host reports both (an elim, a
// snapshot, a scheduler), whatever the reservations hold there; the reservations count only
// where the host reports no jobs. The master (reserved slots given) and the offline tester
// (a snapshot: none given) read one rule, so they rate one snapshot alike.
TEST(PolicyRating, CurrentJobsAreWhatTheHostReportsElseTheReservations) {
  std::vector<HostConfig> hosts;
  for (const char* n : {"a", "b", "c"}) {
    hosts.push_back(hostConfig(n));
    hosts.back().maxJobs = 3;
  }
  Cluster c(hosts);
  auto set = [&](const char* host, const char* name, double v) {
    const int row = c.table.names[0] == host ? 0 : c.table.names[1] == host ? 1 : 2;
    c.table.columns[static_cast<size_t>(c.cfg->resourceIndex(name))].numbers[row] = v;
  };
  set("a", "maxslots", 6);  // 3 running: at MAX_JOBS 3, though no reservation is there
  set("a", "slots", 3);
  set("b", "maxslots", 6);  // 1 running: below MAX_JOBS, though 5 slots are reserved
  set("b", "slots", 5);
  set("c", "slots", 0);  // no maxslots: c reports no jobs, its 3 reservations count
  const std::string policy = "policy: r\nsort: rating\n";
  std::vector<double> reserved{0, 5, 3};
  PolicyRequest live;
  live.explain = true;
  live.reservedSlots = reserved.data();
  auto onMaster = c.run(policy, live);
  ASSERT_TRUE(onMaster) << onMaster.status().message();
  EXPECT_EQ(names(c.table, *onMaster), "b");
  EXPECT_NE(onMaster->explain.find("jobs 3 of MAX_JOBS 3"), std::string::npos) << onMaster->explain;
  EXPECT_NE(onMaster->explain.find("jobs 1 of MAX_JOBS 3"), std::string::npos) << onMaster->explain;
  // Offline: the snapshot carries no reservations; a and b still report their jobs, c's
  // count is gone with the reservations.
  PolicyRequest offline;
  offline.ratingTerms = true;
  auto fromSnapshot = c.run(policy, offline);
  ASSERT_TRUE(fromSnapshot);
  EXPECT_EQ(names(c.table, *fromSnapshot), "b c");
  ASSERT_EQ(fromSnapshot->ratingTerms.size(), 2u);
  EXPECT_DOUBLE_EQ(fromSnapshot->ratingTerms[0].in.jobs, 1);
  EXPECT_DOUBLE_EQ(fromSnapshot->ratingTerms[1].in.jobs, 0);
  // A host that reports more free slots than its maximum runs nothing, not a negative count.
  set("b", "slots", 9);
  auto over = c.run(policy, offline);
  ASSERT_TRUE(over);
  ASSERT_FALSE(over->ratingTerms.empty());
  EXPECT_DOUBLE_EQ(over->ratingTerms[0].in.jobs, 0);
}

TEST(PolicyRating, BandGoesRoundRobinOverSuccessivePlacements) {
  Cluster c;
  placement::BandCursors bands;
  std::string picks;
  for (int i = 0; i < 6; ++i) {
    PolicyRequest req;
    req.bands = &bands;
    auto r = c.run("policy: r\nsort: rating\nband: 5\n", req);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->bandSize, 2u);  // a 8300 and b 8000 (within 5%); c 7400 is not
    picks += c.table.names[r->rows.front()];
  }
  EXPECT_EQ(picks, "ababab");
  // A band of 0: only the best.
  placement::BandCursors zero;
  PolicyRequest req;
  req.bands = &zero;
  EXPECT_EQ(c.order("policy: r\nsort: rating\nband: 0\n", req), "a b c");
  EXPECT_EQ(c.order("policy: r\nsort: rating\nband: 0\n", req), "a b c");
}

// Only what is returned is ordered: the turn first, then the best of the others, the same
// rows as ordering every host, putting the turn first and cutting to the count.
TEST(PolicyRating, BandWithACountGivesTheTurnThenTheBestOfTheOthers) {
  Cluster c;
  for (int count : {0, 1, 2}) {
    placement::BandCursors bands;
    std::vector<std::string> got;
    for (int i = 0; i < 3; ++i) {
      PolicyRequest req;
      req.bands = &bands;
      req.count = count;
      auto r = c.run("policy: r\nsort: rating\nband: 15\n", req);  // a, b and c within 15%
      ASSERT_TRUE(r);
      EXPECT_EQ(r->bandSize, 3u);
      got.push_back(names(c.table, *r));
    }
    const std::vector<std::vector<std::string>> want{
        {"a b c", "b a c", "c a b"}, {"a", "b", "c"}, {"a b", "b a", "c a"}};
    EXPECT_EQ(got, want[static_cast<size_t>(count)]) << "count " << count;
  }
}

TEST(PolicyRating, LoadBalancingNeverUsesAHostAboveItsMaxLoad) {
  HostConfig a = hostConfig("a"), b = hostConfig("b"), cc = hostConfig("c");
  a.idealLoad = 1, a.maxLoad = 2;
  b.idealLoad = 1, b.maxLoad = 2;  // r1m 1.5 + 1 slot = 2.5: over
  cc.idealLoad = 0.5, cc.maxLoad = 3;
  Cluster c({a, b, cc});
  PolicyRequest req;
  req.explain = true;
  auto r = c.run("policy: pbs\nload_balancing: true\n", req);
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->loadBalancing);
  // a: 0.2 + 1 = 1.2 > ideal 1, <= max 2: band max; c: 0 + 1 = 1 > 0.5: band max, less loaded.
  EXPECT_EQ(names(c.table, *r), "c a");
  EXPECT_NE(r->explain.find("b: left out: load_balancing, over max_load"), std::string::npos)
      << r->explain;
  EXPECT_EQ(c.order("policy: pbs\nload_balancing: false\n"), "a b c");
  // With a count only the best are ordered: the same first hosts.
  EXPECT_EQ(c.order("policy: pbs\nload_balancing: true\ncount: 1\n"), "c");
  // With a band on the projected load (c 1, a 1.2: within 25%), the turn goes round.
  placement::BandCursors bands;
  std::string picks;
  for (int i = 0; i < 3; ++i) {
    PolicyRequest turn;
    turn.bands = &bands;
    auto t = c.run("policy: pbs\nload_balancing: true\nband: 25\ncount: 1\n", turn);
    ASSERT_TRUE(t);
    picks += names(c.table, *t);
  }
  EXPECT_EQ(picks, "aca");
}

TEST(PolicyRating, OptionsByPeriod) {
  auto l = parsePolicies(
      "policy: p\nsort: rating\ncount: 1 prime\ncount: 2 non_prime\nband: 10\n"
      "band: 3 NON_PRIME\nload_balancing: true all\n",
      "lsf.policies");
  ASSERT_EQ(l.errors(), 0);
  const Policy& p = l.set.policies().front();
  EXPECT_EQ(p.count.in(OptionPeriod::kPrime), 1);
  EXPECT_EQ(p.count.in(OptionPeriod::kNonPrime), 2);
  EXPECT_EQ(p.count.in(OptionPeriod::kAll), 0);  // dedicated time: no count
  EXPECT_EQ(p.band.in(OptionPeriod::kPrime), 10);
  EXPECT_EQ(p.band.in(OptionPeriod::kNonPrime), 3);
  EXPECT_TRUE(p.loadBalancing.in(OptionPeriod::kNonPrime));
  Cluster c;
  EXPECT_EQ(c.order("policy: p\nsort: rating\ncount: 1 prime\ncount: 2 non_prime\n"), "a");
}

TEST(PolicyRating, BadOptionValuesAreNamedByLine) {
  auto l = parsePolicies(
      "policy: p\nband: 101\nband: -1 prime\nload_balancing: yes\nband: 5 weekends\n"
      "count: 2 prime\ncount: 3 prime\n",
      "lsf.policies");
  std::string all;
  for (const auto& d : l.diagnostics) all += d.toString() + "\n";
  EXPECT_EQ(l.errors(), 5) << all;
  EXPECT_NE(all.find("lsf.policies:2: band: bad band <101>"), std::string::npos) << all;
  EXPECT_NE(all.find("lsf.policies:3: band: bad band <-1>"), std::string::npos) << all;
  EXPECT_NE(all.find("lsf.policies:4: load_balancing: <yes> is not true or false"),
            std::string::npos)
      << all;
  EXPECT_NE(all.find("lsf.policies:5: band: unknown period <weekends>"), std::string::npos) << all;
  EXPECT_NE(all.find("lsf.policies:7: count: policy <p> already has one for prime at line 6"),
            std::string::npos)
      << all;
}

}  // namespace
}  // namespace openlim::policy
