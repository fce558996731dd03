// Quota usage and admission: every example rule set of the RQS specification behaves as it
// describes, plus periods, reconfiguration and incremental accounting.
#include "quota/quota_state.h"

#include <gtest/gtest.h>

#include "quota_fixture.h"

namespace openlim::quota {
namespace {

using policy::Period;

QuotaConfigPtr configOf(const std::string& text) {
  auto l = testing::load(text);
  EXPECT_EQ(l.errors(), 0) << testing::diagText(l.diagnostics);
  return std::make_shared<const QuotaConfig>(std::move(l.config));
}

std::optional<double> ncpus(const std::string& host, const std::string& res) {
  if (res != "ncpus") return std::nullopt;
  if (host == "durin") return 2;
  if (host == "carc") return 1;
  return 8;
}

Consumer user(const std::string& u, const std::string& project = "") {
  Consumer c;
  c.user = u;
  c.project = project;
  return c;
}

Consumption slots(const Consumer& who, const std::string& host, int64_t n) {
  return Consumption{who, {HostTake{host, n, {}}}, {}};
}

Consumption memory(const Consumer& who, const std::string& host, double mb) {
  return Consumption{who, {HostTake{host, 1, {Amount{"virtual_free", mb}}}}, {}};
}

Consumption licenses(const Consumer& who, double n) {
  return Consumption{who, {}, {Amount{"compiler_lic", n}}};
}

// Would `c` be admitted now? The first blocking verdict's message, else "admitted".
std::string admit(const QuotaState& s, const Consumption& c, Period p = Period::kPrime) {
  Admission a(s, c.who, p, ncpus);
  for (const HostTake& t : c.hosts) {
    Verdict v = a.check(t);
    if (!v.admitted) return v.message();
    a.take(t);
  }
  if (!c.shared.empty()) return a.checkShared(c.shared).message();
  return "admitted";
}

TEST(RqsExamples, ListedUsersShareOneLimit) {
  QuotaState s(configOf("{\nname vf\nlimit users roland, andre to virtual_free=5g\n}\n"));
  s.add(memory(user("roland"), "durin", 3 * 1024));
  EXPECT_EQ(admit(s, memory(user("andre"), "carc", 2 * 1024)), "admitted");
  s.add(memory(user("andre"), "carc", 2 * 1024));
  EXPECT_EQ(admit(s, memory(user("andre"), "sol1", 1)),
            "cannot run on host \"sol1\" because it exceeds limit \"vf/1\" (virtual_free 5G/5G "
            "for users roland,andre)");
  EXPECT_EQ(admit(s, memory(user("alice"), "sol1", 1024 * 1024)), "admitted");  // not listed
}

TEST(RqsExamples, BracedUsersEachHaveTheirOwnLimit) {
  QuotaState s(configOf("{\nname vf\nlimit users {roland, andre} to virtual_free=5g\n}\n"));
  s.add(memory(user("roland"), "durin", 5 * 1024));
  EXPECT_EQ(admit(s, memory(user("andre"), "carc", 5 * 1024)), "admitted");
  EXPECT_EQ(admit(s, memory(user("roland"), "carc", 1)),
            "cannot run on host \"carc\" because it exceeds limit \"vf/1\" (virtual_free 5G/5G "
            "for user roland)");
}

TEST(RqsExamples, BracedHostGroupIsOneLimitPerHost) {
  QuotaState s(configOf("{\nname vf\nlimit users * hosts {@lx_hosts} to virtual_free=10g\n}\n"));
  s.add(memory(user("roland"), "durin", 6 * 1024));
  s.add(memory(user("andre"), "durin", 4 * 1024));
  EXPECT_EQ(admit(s, memory(user("alice"), "durin", 512)),
            "cannot run on host \"durin\" because it exceeds limit \"vf/1\" (virtual_free "
            "10G/10G for users *, host durin)");
  EXPECT_EQ(admit(s, memory(user("alice"), "carc", 10 * 1024)), "admitted");
  EXPECT_EQ(admit(s, memory(user("alice"), "sol1", 100 * 1024)), "admitted");
}

TEST(RqsExamples, ExcludedUserIsNotLimitedEvenWhenListedAgain) {
  for (const char* users : {"@staff,!roland", "@staff,!roland,roland"}) {
    QuotaState s(configOf(std::string("{\nname st\nlimit users ") + users + " to slots=10\n}\n"));
    s.add(slots(user("alice"), "durin", 6));
    EXPECT_EQ(admit(s, slots(user("bob"), "carc", 4)), "admitted") << users;
    s.add(slots(user("bob"), "carc", 4));
    EXPECT_NE(admit(s, slots(user("bob"), "carc", 1)), "admitted") << users;
    EXPECT_EQ(admit(s, slots(user("roland"), "carc", 100)), "admitted") << users;
    EXPECT_EQ(admit(s, slots(user("andre"), "carc", 100)), "admitted") << users;  // not staff
  }
}

TEST(RqsExamples, DynamicLimitIsFivePerProcessorOnEachHost) {
  QuotaState s(configOf("{\nname dyn\nlimit hosts {@lx_hosts} to slots=$num_proc*5\n}\n"));
  EXPECT_EQ(admit(s, slots(user("alice"), "durin", 10)), "admitted");
  EXPECT_EQ(admit(s, slots(user("alice"), "durin", 11)),
            "cannot run on host \"durin\" because it exceeds limit \"dyn/1\" (slots 0/10 for "
            "host durin)");
  s.add(slots(user("alice"), "carc", 5));
  EXPECT_EQ(admit(s, slots(user("bob"), "carc", 1)),
            "cannot run on host \"carc\" because it exceeds limit \"dyn/1\" (slots 5/5 for host "
            "carc)");
  EXPECT_EQ(admit(s, slots(user("bob"), "sol1", 1000)), "admitted");
}

// ruleset1: roland 3 licences, anyone in a project 2, everyone else 1; ruleset2: 20 in all.
constexpr const char* kLicenseSets = R"({
 name ruleset1
 limit users roland to compiler_lic=3
 limit projects * to compiler_lic=2
 limit users * to compiler_lic=1
}
{
 name ruleset2
 limit users * to compiler_lic=20
}
)";

TEST(RqsExamples, FirstMatchInsideASetMostRestrictiveAcrossSets) {
  QuotaState s(configOf(kLicenseSets));
  EXPECT_EQ(admit(s, licenses(user("roland", "p1"), 3)), "admitted");  // rule 1 wins over 2
  EXPECT_EQ(admit(s, licenses(user("roland"), 4)),
            "cannot run on cluster because it exceeds limit \"ruleset1/1\" (compiler_lic 0/3 for "
            "users roland)");
  EXPECT_EQ(admit(s, licenses(user("alice", "p1"), 2)), "admitted");
  EXPECT_NE(admit(s, licenses(user("alice", "p1"), 3)), "admitted");
  EXPECT_EQ(admit(s, licenses(user("alice"), 1)), "admitted");
  EXPECT_EQ(admit(s, licenses(user("alice"), 2)),
            "cannot run on cluster because it exceeds limit \"ruleset1/3\" (compiler_lic 0/1 for "
            "users *)");
  // Twenty licences in use by projects' users: ruleset2 now refuses roland too.
  for (int i = 0; i < 10; ++i) s.add(licenses(user("u" + std::to_string(i), "p1"), 2));
  EXPECT_EQ(admit(s, licenses(user("roland"), 1)),
            "cannot run on cluster because it exceeds limit \"ruleset2/1\" (compiler_lic 20/20 "
            "for users *)");
}

TEST(RqsExamples, IssueExampleNamesTheRuleAndTheUser) {
  QuotaState s(configOf(R"({
   name         max_slots_per_user
   limit        users {*} hosts {@lx_hosts} to slots=$ncpus*5
   limit        users {*} to slots=20
}
)"));
  s.add(Consumption{user("alice"), {HostTake{"sol1", 12, {}}, HostTake{"sol2", 8, {}}}, {}});
  EXPECT_EQ(admit(s, slots(user("alice"), "sol1", 1)),
            "cannot run on host \"sol1\" because it exceeds limit \"max_slots_per_user/2\" (slots "
            "20/20 for user alice)");
  EXPECT_EQ(admit(s, slots(user("alice"), "durin", 10)), "admitted");  // rule 1 on linux
  EXPECT_EQ(admit(s, slots(user("bob"), "sol1", 20)), "admitted");
}

TEST(QuotaState, ARequestOverSeveralHostsIsCheckedAsAWhole) {
  QuotaState s(configOf("{\nname u\nlimit users {*} to slots=20\n}\n"));
  s.add(slots(user("alice"), "durin", 10));
  Admission a(s, user("alice"), Period::kPrime, ncpus);
  for (const char* h : {"carc", "sol1"}) {
    ASSERT_TRUE(a.check(HostTake{h, 4, {}}).admitted) << h;
    a.take(HostTake{h, 4, {}});
  }
  Verdict v = a.check(HostTake{"sol2", 4, {}});
  EXPECT_FALSE(v.admitted);
  EXPECT_EQ(v.used, 18);
  EXPECT_TRUE(a.check(HostTake{"sol2", 2, {}}).admitted);
}

TEST(QuotaState, ProjectsAndPesHaveThreeWayStar) {
  QuotaState s(configOf(
      "{\nname any\nlimit projects * to slots=0\n}\n{\nname none\nlimit pes !* to slots=0\n}\n"));
  Consumer none = user("alice");
  Consumer proj = user("alice", "p1");
  EXPECT_EQ(admit(s, slots(none, "durin", 1)),
            "cannot run on host \"durin\" because it exceeds limit \"none/1\" (slots 0/0 for "
            "pes !*)");
  EXPECT_EQ(admit(s, slots(proj, "durin", 1)),
            "cannot run on host \"durin\" because it exceeds limit \"any/1\" (slots 0/0 for "
            "projects *)");
  Consumer neither = user("alice");
  neither.pe = "mpi";
  EXPECT_EQ(admit(s, slots(neither, "durin", 1)), "admitted");
}

TEST(QuotaState, PeriodLimitedSetsApplyOnlyInTheirPeriod) {
  QuotaState s(
      configOf("{\nname day\nenabled prime\nlimit users * to slots=1\n}\n"
               "{\nname night\nenabled non_prime\nlimit users * to slots=2\n}\n"
               "{\nname off\nenabled false\nlimit users * to slots=0\n}\n"));
  EXPECT_NE(admit(s, slots(user("a"), "durin", 2), Period::kPrime), "admitted");
  EXPECT_EQ(admit(s, slots(user("a"), "durin", 2), Period::kNonPrime), "admitted");
  EXPECT_NE(admit(s, slots(user("a"), "durin", 3), Period::kNonPrime), "admitted");
  EXPECT_EQ(admit(s, slots(user("a"), "durin", 100), Period::kDedicated), "admitted");
}

TEST(QuotaState, ALoweredLimitKeepsWhatIsHeldAndShowsUsageAboveIt) {
  Consumption held = slots(user("alice"), "durin", 8);
  QuotaState before(configOf("{\nname u\nlimit users {*} to slots=10\n}\n"));
  before.add(held);
  QuotaState after(configOf("{\nname u\nlimit users {*} to slots=5\n}\n"));
  after.add(held);  // reconfiguration: every held reservation is counted again
  EXPECT_EQ(admit(after, slots(user("alice"), "carc", 1)),
            "cannot run on host \"carc\" because it exceeds limit \"u/1\" (slots 8/5 for user "
            "alice)");
  after.remove(held);
  EXPECT_EQ(admit(after, slots(user("alice"), "carc", 5)), "admitted");
}

TEST(QuotaState, RemoveUndoesAddAndLeavesNoBuckets) {
  QuotaState s(configOf(kLicenseSets));
  Consumption c = licenses(user("roland", "p1"), 2.5);  // rounded up to 3
  s.add(c);
  ASSERT_EQ(s.buckets(s.flat(0, 0)).size(), 1u);
  EXPECT_EQ(s.buckets(s.flat(0, 0)).begin()->second[0], 3);
  EXPECT_EQ(s.buckets(s.flat(1, 0)).begin()->second[0], 3);
  s.remove(c);
  EXPECT_TRUE(s.buckets(s.flat(0, 0)).empty());
  EXPECT_TRUE(s.buckets(s.flat(1, 0)).empty());
  s.remove(c);  // a double remove changes nothing
  EXPECT_TRUE(s.buckets(s.flat(0, 0)).empty());
}

TEST(QuotaState, ARequestsOwnGroupsCountForUserGroups) {
  QuotaState s(configOf("{\nname g\nlimit users @eng to slots=1\n}\n"));
  Consumer dave = user("dave");
  EXPECT_EQ(admit(s, slots(dave, "durin", 5)), "admitted");
  dave.groups = {"eng"};
  EXPECT_NE(admit(s, slots(dave, "durin", 5)), "admitted");
  EXPECT_NE(admit(s, slots(user("carol"), "durin", 5)), "admitted");  // listed by the directory
}

TEST(QuotaState, AnUnknownHostValueBlocksADynamicLimit) {
  QuotaState s(configOf("{\nname dyn\nlimit hosts {*} to slots=$ncpus*2\n}\n"));
  Admission a(s, user("alice"), Period::kPrime,
              [](const std::string&, const std::string&) { return std::optional<double>{}; });
  EXPECT_EQ(a.check(HostTake{"durin", 1, {}}).message(),
            "cannot run on host \"durin\" because limit \"dyn/1\" reads ncpus, which the host does "
            "not report");
}

TEST(QuotaState, BlockingListsEveryLimitForExplain) {
  QuotaState s(
      configOf("{\nname a\nlimit users * to slots=1\n}\n{\nname b\nlimit hosts {*} to "
               "slots=2\n}\n"));
  Admission a(s, user("alice"), Period::kPrime, ncpus);
  auto v = a.blocking(HostTake{"durin", 3, {}});
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].set, "a");
  EXPECT_EQ(v[1].set, "b");
  EXPECT_TRUE(a.blocking(HostTake{"durin", 1, {}}).empty());
}

TEST(QuotaState, ExplainListsEveryLimitInForceAdmittingOrBlocking) {
  QuotaState s(
      configOf("{\nname a\nlimit users {*} to slots=4\n}\n{\nname b\nlimit hosts {*} to "
               "slots=2\n}\n{\nname off\nenabled false\nlimit users * to slots=0\n}\n"
               "{\nname lic\nlimit users * to compiler_lic=5\n}\n"));
  s.add(Consumption{user("alice"), {HostTake{"durin", 1, {}}}, {}});
  Admission a(s, user("alice"), Period::kPrime, ncpus);
  auto v = a.explain(nullptr, nullptr);
  EXPECT_TRUE(v.empty());
  HostTake two{"durin", 2, {}};
  v = a.explain(&two, nullptr);
  ASSERT_EQ(v.size(), 2u);  // the disabled set and the license rule count nothing asked
  EXPECT_TRUE(v[0].admitted);
  EXPECT_EQ(v[0].usage(), "a/1 slots 1+2/4 for user alice");
  EXPECT_FALSE(v[1].admitted);
  EXPECT_EQ(v[1].usage(), "b/1 slots 1+2/2 for host durin");
  std::vector<Amount> lic{{"compiler_lic", 6}};
  v = a.explain(nullptr, &lic);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_FALSE(v[0].admitted);
  EXPECT_EQ(v[0].usage(), "lic/1 compiler_lic 0+6/5 for users *");
}

TEST(QuotaState, ExplainNamesAValueTheHostDoesNotReport) {
  QuotaState s(configOf("{\nname dyn\nlimit hosts {*} to slots=$ncpus*2\n}\n"));
  Admission a(s, user("alice"), Period::kPrime,
              [](const std::string&, const std::string&) { return std::optional<double>{}; });
  HostTake t{"durin", 1, {}};
  auto v = a.explain(&t, nullptr);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].usage(), "dyn/1 slots 0+1/? for host durin (ncpus not reported)");
}

// Shared amounts travel with the slots of their host (HostTake::amounts).
Consumption licensesOn(const Consumer& who, const std::string& host, double n) {
  return Consumption{who, {HostTake{host, 1, {Amount{"compiler_lic", n}}}}, {}};
}

// Grid Engine counts a global consumable where the job's slots are: a braced host filter
// gives each host its own licence count, and a dynamic limit reads that host's values.
TEST(SharedPerHost, ADynamicLicenceLimitPerHostReadsThatHostsValues) {
  QuotaState s(configOf(
      "{\nname lic_host\nlimit users {*} hosts {@lx_hosts} to compiler_lic=$ncpus*1\n}\n"));
  s.add(licensesOn(user("alice"), "durin", 2));  // durin: 2 CPUs, so 2 licences each
  EXPECT_EQ(admit(s, licensesOn(user("alice"), "durin", 1)),
            "cannot run on host \"durin\" because it exceeds limit \"lic_host/1\" (compiler_lic "
            "2/2 for user alice, host durin)");
  EXPECT_EQ(admit(s, licensesOn(user("alice"), "carc", 1)), "admitted");  // 1 CPU: 1 licence
  EXPECT_EQ(admit(s, licensesOn(user("alice"), "carc", 2)),
            "cannot run on host \"carc\" because it exceeds limit \"lic_host/1\" (compiler_lic "
            "0/1 for user alice, host carc)");
  EXPECT_EQ(admit(s, licensesOn(user("bob"), "durin", 2)), "admitted");    // a count of his own
  EXPECT_EQ(admit(s, licensesOn(user("alice"), "sol1", 50)), "admitted");  // not in the group
  ASSERT_EQ(s.buckets(s.flat(0, 0)).size(), 1u);
  EXPECT_EQ(s.buckets(s.flat(0, 0)).begin()->second[0], 2);
  s.remove(licensesOn(user("alice"), "durin", 2));
  EXPECT_TRUE(s.buckets(s.flat(0, 0)).empty());
}

TEST(SharedPerHost, FirstMatchingRuleCountsLicencesPerHostOrAcrossHosts) {
  QuotaState s(configOf(R"({
 name lic
 limit hosts {@sol_hosts} to compiler_lic=3
 limit hosts @lx_hosts to compiler_lic=4
 limit users * to compiler_lic=6
}
)"));
  s.add(licensesOn(user("andre"), "sol1", 3));
  EXPECT_EQ(admit(s, licensesOn(user("bob"), "sol1", 1)),
            "cannot run on host \"sol1\" because it exceeds limit \"lic/1\" (compiler_lic 3/3 for "
            "host sol1)");
  EXPECT_EQ(admit(s, licensesOn(user("bob"), "sol2", 3)), "admitted");
  // Unbraced hosts share one count: 3 on durin and 2 on carc in one request is over 4.
  Consumption both{user("bob"),
                   {HostTake{"durin", 1, {Amount{"compiler_lic", 3}}},
                    HostTake{"carc", 1, {Amount{"compiler_lic", 2}}}},
                   {}};
  EXPECT_EQ(admit(s, both),
            "cannot run on host \"carc\" because it exceeds limit \"lic/2\" (compiler_lic 3/4 for "
            "hosts @lx_hosts)");
  // Hosts in neither group fall to the rule without hosts, and the host-less check too.
  EXPECT_EQ(admit(s, licenses(user("bob"), 6)), "admitted");
  EXPECT_EQ(admit(s, licenses(user("bob"), 7)),
            "cannot run on cluster because it exceeds limit \"lic/3\" (compiler_lic 0/6 for "
            "users *)");
}

TEST(SharedPerHost, ARuleWithoutHostsSumsTheLicencesOfEveryHost) {
  QuotaState s(configOf("{\nname lic\nlimit users {*} to compiler_lic=5\n}\n"));
  s.add(Consumption{user("alice"),
                    {HostTake{"durin", 2, {Amount{"compiler_lic", 2}}},
                     HostTake{"sol1", 1, {Amount{"compiler_lic", 1}}}},
                    {}});
  s.add(licenses(user("alice"), 1));  // amounts on no host count here too
  EXPECT_EQ(admit(s, licensesOn(user("alice"), "carc", 1)), "admitted");
  EXPECT_EQ(admit(s, licensesOn(user("alice"), "carc", 2)),
            "cannot run on host \"carc\" because it exceeds limit \"lic/1\" (compiler_lic 4/5 for "
            "user alice)");
}

// A limit on a site consumable written with a size unit counts the resource in MB.
TEST(SizeUnits, OnASiteConsumableCountInMegabytes) {
  QuotaState s(configOf("{\nname sc\nlimit users {*} to scratch=3g\n}\n"));
  s.add(Consumption{user("alice"), {HostTake{"durin", 1, {Amount{"scratch", 2048}}}}, {}});
  EXPECT_EQ(
      admit(s, Consumption{user("alice"), {HostTake{"carc", 1, {Amount{"scratch", 1024}}}}, {}}),
      "admitted");
  EXPECT_EQ(
      admit(s, Consumption{user("alice"), {HostTake{"carc", 1, {Amount{"scratch", 1025}}}}, {}}),
      "cannot run on host \"carc\" because it exceeds limit \"sc/1\" (scratch 2G/3G for user "
      "alice)");
}

// Host values for string and boolean limits: osrel sles-15 on the linux hosts, sol-11 on
// sol1, none on sol2; fs only on durin.
std::optional<std::string> hostText(const std::string& host, const std::string& res) {
  if (res == "fs") return host == "durin" ? "true" : "false";
  if (res != "osrel") return std::nullopt;
  if (host == "durin" || host == "carc") return "sles-15";
  if (host == "sol1") return "sol-11";
  return std::nullopt;
}

std::string admitOn(const QuotaState& s, const Consumer& who, const std::string& host,
                    int64_t n = 1) {
  Admission a(s, who, Period::kPrime, ncpus, hostText);
  return a.check(HostTake{host, n, {}}).message();
}

TEST(MatchLimits, AStringLimitRefusesHostsWhoseValueDiffers) {
  QuotaState s(configOf(R"({
 name rs
 limit users @eng to slots=10
 limit name os_rule users @staff to osrel=sles-15
}
)"));
  EXPECT_EQ(admitOn(s, user("alice"), "durin", 50), "admitted");  // a condition, not a count
  EXPECT_EQ(admitOn(s, user("alice"), "sol1"),
            "cannot run on host \"sol1\" because limit \"rs/os_rule\" wants osrel=sles-15 for "
            "users @staff (the host has osrel=sol-11)");
  EXPECT_EQ(admitOn(s, user("alice"), "sol2"),
            "cannot run on host \"sol2\" because limit \"rs/os_rule\" wants osrel=sles-15 for "
            "users @staff (the host does not report osrel)");
  EXPECT_EQ(admitOn(s, user("andre"), "sol1"), "admitted");  // eng: the first rule applies
  // Without host text every value is unknown: refused, never admitted silently.
  Admission blind(s, user("alice"), Period::kPrime, ncpus);
  EXPECT_FALSE(blind.check(HostTake{"durin", 1, {}}).admitted);
  // Explain shows the verdict on each host.
  Admission a(s, user("alice"), Period::kPrime, ncpus, hostText);
  HostTake sol1{"sol1", 1, {}};
  auto v = a.explain(&sol1, nullptr);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_FALSE(v[0].admitted);
  EXPECT_EQ(v[0].usage(), "rs/os_rule osrel=sol-11 (wants sles-15) for users @staff");
  HostTake sol2{"sol2", 1, {}};
  EXPECT_EQ(a.explain(&sol2, nullptr)[0].usage(),
            "rs/os_rule osrel=? (wants sles-15) for users @staff (osrel not reported)");
  HostTake carc{"carc", 1, {}};
  v = a.explain(&carc, nullptr);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_TRUE(v[0].admitted);
  // Amounts on no host: there is no host value to test.
  std::vector<Amount> lic{{"compiler_lic", 1}};
  EXPECT_TRUE(a.explain(nullptr, &lic).empty());
  EXPECT_TRUE(a.checkShared(lic).admitted);
}

TEST(MatchLimits, ABooleanLimitAndACountInOneRule) {
  QuotaState s(configOf("{\nname b\nlimit users {*} to fs=true, slots=2\n}\n"));
  EXPECT_EQ(admitOn(s, user("bob"), "carc"),
            "cannot run on host \"carc\" because limit \"b/1\" wants fs=true for user bob (the "
            "host has fs=false)");
  s.add(slots(user("bob"), "durin", 2));
  EXPECT_EQ(admitOn(s, user("bob"), "durin"),
            "cannot run on host \"durin\" because it exceeds limit \"b/1\" (slots 2/2 for user "
            "bob)");
  EXPECT_EQ(admitOn(s, user("carol"), "durin", 2), "admitted");
  QuotaState no(configOf("{\nname b\nlimit users * to fs=false\n}\n"));
  EXPECT_EQ(admitOn(no, user("bob"), "carc"), "admitted");
  EXPECT_NE(admitOn(no, user("bob"), "durin"), "admitted");
}

TEST(QuotaState, FormatsMemoryWithUnits) {
  EXPECT_EQ(formatQuantity(4096, true), "4G");
  EXPECT_EQ(formatQuantity(1536, true), "1536M");
  EXPECT_EQ(formatQuantity(2 * 1024 * 1024, true), "2T");
  EXPECT_EQ(formatQuantity(INT64_MAX, false), "9223372036854775807");
}

}  // namespace
}  // namespace openlim::quota
