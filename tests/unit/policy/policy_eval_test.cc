// The policy engine: NLB expressions lowered onto resreq's program, evaluated over a host
// table, with the calendar choosing the default policy.
#include "policy/policy_eval.h"

#include <gtest/gtest.h>

#include <cmath>

#include "nqe_examples.h"
#include "policy_fixture.h"

namespace openlim::policy {
namespace {

using namespace testing;
using S = std::string;

// cool/cloudy/gust/hot: the hosts of the chapter's `nlbpolicy -p AGE` output.
HostTable chapterCluster(const ConfigPtr& cfg) {
  TableBuilder b(cfg);
  b.host("cloudy", HostStatus::kOk,
         {{"A_ut", 0.298246},
          {"NLB_SITE_CPUNORM", 0.01},
          {"NLB_HARDWARE", S("CRAY J90")},
          {"ncpus", 4.0},
          {"mem", 64.0},
          {"maxmem", 512.0},
          {"ut", 0.5}});
  b.host("cool", HostStatus::kOk,
         {{"A_ut", 0.95},
          {"NLB_SITE_CPUNORM", 1.0},
          {"NLB_HARDWARE", S("sun4u")},
          {"ncpus", 2.0},
          {"mem", 16.0},
          {"maxmem", 64.0},
          {"ut", 0.1},
          {"NLB_QUEUE_NAME", S("batch")},
          {"host_nastran", true}});
  b.host("down", HostStatus::kUnavail, {{"A_ut", 0.0}, {"NLB_SITE_CPUNORM", 100.0}});
  b.host("gust", HostStatus::kOk,
         {{"A_ut", 0.760766},
          {"NLB_SITE_CPUNORM", 0.01},
          {"NLB_HARDWARE", S("CRAY T3E")},
          {"ncpus", 8.0},
          {"ut", 0.2},
          {"NLB_QUEUE_NAME", S("nqs")}});
  b.host("hot", HostStatus::kOk,
         {{"A_ut", 0.971751},
          {"NLB_SITE_CPUNORM", 0.01},
          {"NLB_HARDWARE", S("x86_64")},
          {"ncpus", 1.0},
          {"ut", 0.9}});
  HostTable t = b.build();
  t.reportedAt = {990, 700, kUnknown, 999, 100};  // ages at now=1000: 10 300 - 1 900
  return t;
}

// The chapter's cluster under the chapter's configuration.
struct Eval : PolicyRunner {
  Eval() {
    cfg = policyConfig();
    table = chapterCluster(cfg);
  }
};

TEST(PolicyEngine, EveryNqeExamplePolicyCompilesUnchanged) {
  auto cfg = policyConfig();
  for (const char* text : kExamplePolicies) {
    std::string errors;
    EXPECT_TRUE(compilePolicies(cfg, text, &errors)) << text << "\n" << errors;
    EXPECT_EQ(errors, "") << text;
  }
  std::string frags;
  for (const char* f : kExampleFragments) frags += "constraint: " + std::string(f) + "\n";
  std::string errors;
  EXPECT_TRUE(compilePolicies(cfg, "policy: frags\n" + frags, &errors)) << errors;
}

TEST(PolicyEngine, AgeExampleOrdersAsTheChapterPrints) {
  Eval e;
  auto r = e.run("policy:AGE\nsort: NLB_A_IDLECPU * NLB_SITE_CPUNORM\n");
  ASSERT_TRUE(r) << r.status().message();
  EXPECT_EQ(names(e.table, *r), "cool cloudy gust hot");  // `down` is not a candidate
  std::vector<std::string> v;
  for (double x : r->values) v.push_back(formatPolicyValue(x));
  EXPECT_EQ(v, (std::vector<std::string>{"5.000000", "0.701754", "0.239234", "0.028249"}));
}

TEST(PolicyEngine, RegexIsCaseInsensitiveAndUnanchored) {
  Eval e;
  EXPECT_EQ(e.order("policy: p\nconstraint: [NLB_HARDWARE == \"cray\"]\n"), "cloudy gust");
  EXPECT_EQ(e.order("policy: p\nconstraint: [NLB_HARDWARE == \"^CRAY T\"]\n"), "gust");
  // != is the negation; a host without the value is unknown, so never selected either way.
  EXPECT_EQ(e.order("policy: p\nconstraint: [NLB_HARDWARE != \"cray\"]\n"), "cool hot");
  EXPECT_EQ(e.order("policy: p\nconstraint: [NLB_HOST == \"^c\"]\n"), "cloudy cool");
}

TEST(PolicyEngine, StringEqualityIgnoresCase) {
  Eval e;
  EXPECT_EQ(e.order("policy: p\nconstraint: NLB_HARDWARE == \"SUN4U\"\n"), "cool");
  EXPECT_EQ(e.order("policy: p\nconstraint: \"Cray J90\" == NLB_HARDWARE\n"), "cloudy");
  EXPECT_EQ(e.order("policy: p\nconstraint: NLB_HOST == \"HOT\"\n"), "hot");
}

TEST(PolicyEngine, ExistsIsNeverUnknownAndImpliesFollowsTheExamples) {
  Eval e;
  const std::string p = "policy: p\nconstraint: exists(job_nastran) => exists(host_nastran)\n";
  EXPECT_EQ(e.order(p), "cloudy cool gust hot");  // no job attribute: nothing required
  PolicyRequest req;
  req.job = {JobAttribute{"JOB_NASTRAN", 1}};
  EXPECT_EQ(e.order(p, req), "cool");
  EXPECT_EQ(e.order("policy: p\nconstraint: !exists(NLB_QUEUE_NAME)\n"), "cloudy hot");
  EXPECT_EQ(e.order("policy: p\nconstraint: exists(NLB_SWAPPING) || 1\n"), "cloudy cool gust hot");
  EXPECT_EQ(e.order("policy: p\nconstraint: !exists(NLB_SWAPPING)\n"), "cloudy cool gust hot");
}

TEST(PolicyEngine, JobAttributeValuesAreRequestConstants) {
  Eval e;
  PolicyRequest req;
  req.job = {JobAttribute{"JOB_NCPUS", 4}};
  EXPECT_EQ(e.order("policy: p\nconstraint: NLB_NCPUS >= JOB_NCPUS\n", req), "cloudy gust");
  // Without the attribute the comparison is unknown: no host.
  EXPECT_EQ(e.order("policy: p\nconstraint: NLB_NCPUS >= JOB_NCPUS\n"), "");
}

// JOB_REQNAME, the request name, is NQE's string job attribute: matched and compared as a
// string, absent (unknown, exists() false) when the request has none, never a number.
TEST(PolicyEngine, TheRequestNameIsAStringJobAttribute) {
  Eval e;
  const std::string match = "policy: p\nconstraint: [JOB_REQNAME == \"^sim\"] => NLB_NCPUS >= 4\n";
  PolicyRequest sim;
  sim.job = {JobAttribute{.name = "JOB_REQNAME", .text = "SIM_7"}};
  EXPECT_EQ(e.order(match, sim), "cloudy gust");
  PolicyRequest other;
  other.job = {JobAttribute{.name = "JOB_REQNAME", .text = "post"}};
  EXPECT_EQ(e.order(match, other), "cloudy cool gust hot");
  const std::string equal = "policy: p\nconstraint: JOB_REQNAME == \"Post\" || NLB_NCPUS > 4\n";
  EXPECT_EQ(e.order(equal, other), "cloudy cool gust hot");  // ignoring case, as strings do
  EXPECT_EQ(e.order(equal, sim), "gust");
  EXPECT_EQ(e.order(equal), "gust");  // no request name: the comparison is unknown
  EXPECT_EQ(e.order("policy: p\nconstraint: exists(JOB_REQNAME)\n", other), "cloudy cool gust hot");
  EXPECT_EQ(e.order("policy: p\nconstraint: exists(JOB_REQNAME)\n"), "");
  // A placement by the policy reads it too (lsplace -p -a reqname=...).
  auto none = compileRequest("", *e.cfg);
  ASSERT_TRUE(none);
  auto engine = compilePolicies(e.cfg, match);
  ASSERT_TRUE(engine);
  PlaceOptions po;
  po.minSlots = 1;
  auto placed = placeByPolicy(*engine, Calendar(), e.table, sim, **none, po, noon());
  ASSERT_TRUE(placed) << placed.status().message();
  ASSERT_EQ(placed->slots.size(), 1u);
  EXPECT_TRUE(placed->slots[0] == "cloudy" || placed->slots[0] == "gust") << placed->slots[0];
  // Used as a number it is a type error, named with its policy.
  std::string errors;
  EXPECT_FALSE(compilePolicies(e.cfg, "policy: p\nconstraint: JOB_REQNAME > 1\n", &errors));
  EXPECT_NE(errors.find("string"), std::string::npos) << errors;
}

TEST(PolicyEngine, XorAndImpliesAreThreeValued) {
  Eval e;
  // hosts without NLB_QUEUE_NAME: unknown [..] so ^ is unknown there.
  EXPECT_EQ(e.order("policy: p\nconstraint: [NLB_QUEUE_NAME == \"nqs\"] ^ NLB_NCPUS < 4\n"),
            "cool gust");
  EXPECT_EQ(e.order("policy: p\nconstraint: [NLB_QUEUE_NAME == \"nqs\"] ^ NLB_NCPUS > 4\n"), "");
  EXPECT_EQ(e.order("policy: p\nconstraint: NLB_NCPUS > 3 ^ NLB_NCPUS > 1\n"), "cool");
  // unknown => x: true only when x is true; false => unknown is true.
  EXPECT_EQ(e.order("policy: p\nconstraint: [NLB_QUEUE_NAME == \"x\"] => NLB_NCPUS > 2\n"),
            "cloudy cool gust");  // hot: unknown => false is unknown
  EXPECT_EQ(e.order("policy: p\nconstraint: NLB_NCPUS > 4 => [NLB_QUEUE_NAME == \"n\"]\n"),
            "cloudy cool gust hot");
}

TEST(PolicyEngine, NlbNamesAreComputedFromLsfIndices) {
  Eval e;
  auto r = e.run("policy: p\nsort: NLB_IDLECPU\n");
  ASSERT_TRUE(r);
  EXPECT_EQ(names(e.table, *r), "cool gust cloudy hot");
  EXPECT_EQ(formatPolicyValue(r->values[0]), "90.000000");
  EXPECT_EQ(e.order("policy: p\nconstraint: NLB_FREEMEM == 65536\n"), "cloudy");
  EXPECT_EQ(e.order("policy: p\nconstraint: NLB_PHYSMEM == 65536\n"), "cool");
  EXPECT_EQ(e.order("policy: p\nconstraint: NLB_NCPUS == 8\n"), "gust");
  EXPECT_EQ(e.order("policy: p\nconstraint: NLB_TIMESTAMP == 1.7e9 - 1\n"), "gust");
}

TEST(PolicyEngine, AveragedNlbNameIsUnknownWithoutItsAverage) {
  Eval e;
  e.cfg = policyConfig(false);
  e.table = chapterCluster(e.cfg);
  auto r = e.run("policy: p\nsort: NLB_A_IDLECPU\n");
  ASSERT_TRUE(r);
  EXPECT_EQ(names(e.table, *r), "cloudy cool gust hot");  // all unknown: name order
  EXPECT_TRUE(std::isnan(r->values[0]));
  EXPECT_EQ(e.order("policy: p\nconstraint: exists(NLB_A_IDLECPU)\n"), "");
}

TEST(PolicyEngine, NamesWithoutALinuxSourceAreUnknown) {
  Eval e;
  EXPECT_EQ(e.order("policy: p\nconstraint: NLB_SWAPPING < 5\n"), "");
  EXPECT_EQ(e.order("policy: p\nconstraint: !(NLB_RUNQOCC < 5)\n"), "");
  EXPECT_EQ(e.order("policy: p\nconstraint: [NLB_BSUSPEND == \"x\"] || 1\n"),
            "cloudy cool gust hot");
}

TEST(PolicyEngine, AgeIsSecondsSinceTheLastReport) {
  Eval e;
  EXPECT_EQ(e.order("policy: p\nconstraint: age < 300\n"), "cloudy gust");
  EXPECT_EQ(e.order("policy: p\nconstraint: AGE <= 300\n"), "cloudy cool gust");
}

TEST(PolicyEngine, UnknownNeverSelectsAndSortsLast) {
  Eval e;
  // hot and cool have no NLB_QUEUE_NAME... and only cloudy, cool have mem.
  EXPECT_EQ(e.order("policy: p\nconstraint: NLB_FREEMEM > 0 || NLB_NCPUS > 100\n"), "cloudy cool");
  EXPECT_EQ(e.order("policy: p\nsort: NLB_FREEMEM\n"), "cloudy cool gust hot");
  EXPECT_EQ(e.order("policy: p\nsort: -NLB_FREEMEM\n"), "cool cloudy gust hot");
  EXPECT_EQ(e.order("policy: p\nconstraint: NLB_NCPUS / 0 > 1 || NLB_NCPUS / 0 <= 1\n"), "");
}

TEST(PolicyEngine, WithoutSortHostsKeepNameOrder) {
  Eval e;
  auto r = e.run("policy: p\nconstraint: NLB_NCPUS > 0\n");
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->sorted);
  EXPECT_EQ(names(e.table, *r), "cloudy cool gust hot");
}

TEST(PolicyEngine, LaterSortsBreakTiesOfEarlierOnes) {
  Eval e;
  // NLB_SITE_CPUNORM ties cloudy, gust and hot at 0.01; NLB_NCPUS then orders them.
  EXPECT_EQ(e.order("policy: p\nsort: NLB_SITE_CPUNORM\nsort: NLB_NCPUS\n"),
            "cool gust cloudy hot");
  EXPECT_EQ(e.order("policy: p\nsort: NLB_SITE_CPUNORM\nsort: -NLB_NCPUS\n"),
            "cool hot cloudy gust");
}

TEST(PolicyEngine, CountTheSmallerOfPolicyAndRequestWins) {
  Eval e;
  const std::string p = "policy: p\nsort: NLB_NCPUS\ncount: 3\n";
  EXPECT_EQ(e.order(p), "gust cloudy cool");
  PolicyRequest req;
  req.count = 2;
  EXPECT_EQ(e.order(p, req), "gust cloudy");
  req.count = 10;
  EXPECT_EQ(e.order(p, req), "gust cloudy cool");
}

TEST(PolicyEngine, ResreqSelectIsAndedAndItsOrderBreaksTies) {
  Eval e;
  auto req = compileRequest("select[ncpus > 1] order[-ncpus]", *e.cfg);
  ASSERT_TRUE(req) << req.status().message();
  PolicyRequest r;
  r.resreq = req->get();
  EXPECT_EQ(e.order("policy: p\nsort: NLB_SITE_CPUNORM\n", r), "cool cloudy gust");
}

TEST(PolicyEngine, HostRestriction) {
  Eval e;
  PolicyRequest r;
  r.hosts = {"hot", "COOL", "down"};
  EXPECT_EQ(e.order("policy: p\nsort: NLB_NCPUS\n", r), "cool hot");
  r.hosts = {"nosuch"};
  EXPECT_EQ(e.order("policy: p\n", r), "error: nosuch: Unknown host");
}

TEST(PolicyEngine, LoadErrorsNameFileAndLine) {
  auto cfg = policyConfig();
  std::string errors;
  EXPECT_FALSE(compilePolicies(cfg, "policy: p\nconstraint: NLB_NOSUCH > 1\nsort: FOO\n", &errors));
  EXPECT_EQ(errors,
            "lsf.policies:2: constraint: policy <p>: at offset 0: unknown attribute <NLB_NOSUCH>"
            " in <NLB_NOSUCH > 1>\n"
            "lsf.policies:3: sort: policy <p>: at offset 0: unknown attribute <FOO> in <FOO>\n");
  EXPECT_FALSE(compilePolicies(cfg, "policy: p\nconstraint: NLB_HARDWARE > 3\n", &errors));
  EXPECT_EQ(errors,
            "lsf.policies:2: constraint: policy <p>: at offset 0: a string cannot be compared "
            "with a number by '>' in <NLB_HARDWARE > 3>\n");
  EXPECT_FALSE(compilePolicies(cfg, "policy: p\nconstraint: [NLB_NCPUS == \"4\"]\n", &errors));
  EXPECT_NE(errors.find("lsf.policies:2:"), std::string::npos) << errors;
  EXPECT_FALSE(compilePolicies(cfg, "policy: p\nsort: NLB_HARDWARE\n", &errors));
  EXPECT_NE(errors.find("a string is not a number"), std::string::npos) << errors;
}

TEST(PolicyEngine, UnknownPolicyFallsBackWithAWarningUnlessStrict) {
  Eval e;
  const std::string p = "policy: first\nsort: NLB_NCPUS\npolicy: second\n";
  PolicyRequest r;
  r.policy = "nosuch";
  auto res = e.run(p, r);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->policy, "first");
  ASSERT_EQ(res->warnings.size(), 1u);
  EXPECT_EQ(res->warnings[0],
            "unknown policy <nosuch>; using the default policy <first> of prime time");
  r.strict = true;
  res = e.run(p, r);
  ASSERT_FALSE(res);
  EXPECT_EQ(res.status().code(), Code::kNotFound);
  EXPECT_EQ(res.status().message(), "unknown policy <nosuch>");
  r.policy = "SECOND";  // names are case-insensitive
  res = e.run(p, r);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->policy, "second");
}

TEST(PolicyEngine, CalendarSwitchesTheDefaultAtTheRightMinute) {
  Eval e;
  HolidaysLoad h = parseHolidays(
      "YEAR 2026\nweekday 0800 1800\nsaturday none all\nsunday none all\nDec 25 Christmas\n",
      "lsf.holidays");
  ASSERT_EQ(h.errors(), 0) << h.diagnostics[0].toString();
  e.calendar = Calendar(h.holidays, {});
  const std::string p = "policy: day\nwhen: prime\npolicy: night\nwhen: non_prime\n";
  auto at = [&](int month, int day, int hour, int minute) {
    PolicyTime t = noon();
    t.local = LocalTime{2026, month, day, hour, minute};
    auto r = e.run(p, {}, t);
    return r ? r->policy + " " + periodName(r->period.period) : r.status().message();
  };
  EXPECT_EQ(at(11, 25, 7, 59), "night non_prime");
  EXPECT_EQ(at(11, 25, 8, 0), "day prime");
  EXPECT_EQ(at(11, 25, 17, 59), "day prime");
  EXPECT_EQ(at(11, 25, 18, 0), "night non_prime");
  EXPECT_EQ(at(11, 28, 12, 0), "night non_prime");  // a Saturday
  EXPECT_EQ(at(12, 25, 12, 0), "night non_prime");  // a holiday
  // A named policy out of its period is refused.
  PolicyRequest r;
  r.policy = "day";
  PolicyTime t = noon();
  t.local.hour = 20;
  auto res = e.run(p, r, t);
  ASSERT_FALSE(res);
  EXPECT_EQ(res.status().code(), Code::kUnavailable);
  EXPECT_EQ(res.status().message(),
            "policy <day> is for prime time only; it is non_prime time now");
}

TEST(PolicyEngine, ExplainListsEveryFailingConstraintWithItsValues) {
  Eval e;
  PolicyRequest r;
  r.explain = true;
  auto res = e.run(
      "policy: p\nconstraint: age < 300\nconstraint: NLB_NCPUS >= 2\n"
      "sort: NLB_A_IDLECPU * NLB_SITE_CPUNORM\ncount: 1\n",
      r);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->explain,
            "cloudy: selected, rank 1\n"
            "  constraint 1 <age < 300>: true; AGE=10\n"
            "  constraint 2 <NLB_NCPUS >= 2>: true; NLB_NCPUS=4\n"
            "  sort 1 <NLB_A_IDLECPU * NLB_SITE_CPUNORM>: 0.701754; NLB_A_IDLECPU=70.1754 "
            "NLB_SITE_CPUNORM=0.01\n"
            "cool: rejected by constraint 1 false\n"
            "  constraint 1 <age < 300>: false; AGE=300\n"
            "  constraint 2 <NLB_NCPUS >= 2>: true; NLB_NCPUS=2\n"
            "  sort 1 <NLB_A_IDLECPU * NLB_SITE_CPUNORM>: 5.000000; NLB_A_IDLECPU=5 "
            "NLB_SITE_CPUNORM=1\n"
            "down: not a candidate: status unavail\n"
            "gust: passes, beyond the count\n"
            "  constraint 1 <age < 300>: true; AGE=1\n"
            "  constraint 2 <NLB_NCPUS >= 2>: true; NLB_NCPUS=8\n"
            "  sort 1 <NLB_A_IDLECPU * NLB_SITE_CPUNORM>: 0.239234; NLB_A_IDLECPU=23.9234 "
            "NLB_SITE_CPUNORM=0.01\n"
            "hot: rejected by constraint 1 false, constraint 2 false\n"
            "  constraint 1 <age < 300>: false; AGE=900\n"
            "  constraint 2 <NLB_NCPUS >= 2>: false; NLB_NCPUS=1\n"
            "  sort 1 <NLB_A_IDLECPU * NLB_SITE_CPUNORM>: 0.028249; NLB_A_IDLECPU=2.8249 "
            "NLB_SITE_CPUNORM=0.01\n");
}

}  // namespace
}  // namespace openlim::policy

namespace openlim::policy {
namespace {

TEST(PolicyPlacement, PlacesOnThePolicysHostsInItsOrder) {
  auto cfg = testing::policyConfig();
  HostTable t = chapterCluster(cfg);
  std::string errors;
  auto engine = testing::compilePolicies(
      cfg,
      "policy: p\nconstraint: exists(job_nastran) => exists(host_nastran)\n"
      "sort: NLB_A_IDLECPU * NLB_SITE_CPUNORM\ncount: 2\n",
      &errors);
  ASSERT_TRUE(engine) << errors;
  auto none = compileRequest("", *cfg);
  ASSERT_TRUE(none);
  PolicyRequest req;
  req.policy = "p";
  PlaceOptions po;
  po.minSlots = 3;
  auto r = placeByPolicy(*engine, Calendar(), t, req, **none, po, testing::noon());
  ASSERT_TRUE(r) << r.status().message();
  // cool (2 CPUs) first, then cloudy; gust is beyond the policy's count of 2.
  EXPECT_EQ(r->slots, (std::vector<std::string>{"cool", "cool", "cloudy"}));
  req.job = {JobAttribute{"JOB_NASTRAN", 1}};
  po.minSlots = 3;
  r = placeByPolicy(*engine, Calendar(), t, req, **none, po, testing::noon());
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->status.isOk());  // only cool has nastran: 2 slots, not 3
  auto sel = compileRequest("select[ncpus > 2]", *cfg);
  req.job.clear();
  po.minSlots = 1;
  r = placeByPolicy(*engine, Calendar(), t, req, **sel, po, testing::noon());
  ASSERT_TRUE(r);
  EXPECT_EQ(r->slots, (std::vector<std::string>{"cloudy"}));
}

}  // namespace
}  // namespace openlim::policy
