// The lsquota report: which rules a query matches, and qquota's text, JSON and XML layouts.
#include "quota/quota_report.h"

#include <gtest/gtest.h>

#include "quota_fixture.h"

namespace openlim::quota {
namespace {

using policy::Period;

using testing::configOf;
constexpr const char* kHeader = testing::kReportHeader;

std::optional<double> ncpus(const std::string& host, const std::string& res) {
  if (res != "ncpus") return std::nullopt;
  return host == "durin" ? 2 : 1;
}

Consumption slots(const std::string& user, const std::string& host, int64_t n,
                  const std::string& project = "") {
  Consumer c;
  c.user = user;
  c.project = project;
  return Consumption{c, {HostTake{host, n, {}}}, {}};
}

std::string text(const QuotaState& s, ReportQuery q, Period p = Period::kPrime) {
  return formatQuotaText(quotaReport(s, std::move(q), p, ncpus).rows);
}

ReportQuery forUser(const std::string& u) {
  ReportQuery q;
  q.users = {u};
  return q;
}

constexpr const char* kPerUser = R"({
   name         max_slots_per_user
   limit        users {*} hosts {@lx_hosts} to slots=$num_proc*5
   limit        users {*} to slots=20
}
)";

TEST(QuotaReport, OneLinePerMatchingRuleWithUsageOrAStaticLimit) {
  QuotaState s(configOf(kPerUser));
  s.add(slots("alice", "sol1", 12));
  s.add(slots("alice", "sol2", 5));
  s.add(slots("bob", "sol1", 2));
  EXPECT_EQ(text(s, forUser("alice")),
            std::string(kHeader) + "max_slots_per_user/2 slots=17/20          users alice\n");
  // A user holding nothing sees the static limit that applies to them.
  EXPECT_EQ(text(s, forUser("carol")),
            std::string(kHeader) + "max_slots_per_user/2 slots=0/20           users carol\n");
  s.add(slots("alice", "durin", 3));
  EXPECT_EQ(text(s, ReportQuery{}),
            std::string(kHeader) +
                "max_slots_per_user/1 slots=3/10           users alice hosts durin\n"
                "max_slots_per_user/2 slots=17/20          users alice\n"
                "max_slots_per_user/2 slots=2/20           users bob\n");
  ReportQuery onDurin = forUser("alice");
  onDurin.hosts = {"DURIN"};
  EXPECT_EQ(text(s, onDurin), std::string(kHeader) +
                                  "max_slots_per_user/1 slots=3/10           users alice hosts "
                                  "durin\nmax_slots_per_user/2 slots=17/20          users alice\n");
}

TEST(QuotaReport, CollectiveAndExcludingFiltersShowTheirListAsWritten) {
  QuotaState s(
      configOf("{\nname vf\nlimit users roland, andre to virtual_free=5g\n"
               "limit name staff users @staff,!roland to slots=10\n}\n"));
  s.add(Consumption{Consumer{"roland", {}, "", "", ""},
                    {HostTake{"durin", 1, {Amount{"virtual_free", 3072}}}},
                    {}});
  s.add(slots("alice", "carc", 4));
  EXPECT_EQ(text(s, forUser("roland")),
            std::string(kHeader) + "vf/1                virtual_free=3G/5G   users roland,andre\n");
  EXPECT_EQ(
      text(s, forUser("bob")),
      std::string(kHeader) + "vf/staff            slots=4/10           users @staff,!roland\n");
  ReportQuery all;
  EXPECT_EQ(formatQuotaXml(quotaReport(s, all, Period::kPrime, ncpus).rows),
            "<?xml version='1.0'?>\n<qquota_result>\n"
            " <qquota_rule name='vf/1'>\n"
            "   <user>roland</user>\n   <user>andre</user>\n"
            "   <limit resource='virtual_free' limit='5G' value='3G'/>\n"
            " </qquota_rule>\n"
            " <qquota_rule name='vf/staff'>\n"
            "   <user>@staff</user>\n   <xuser>roland</xuser>\n"
            "   <limit resource='slots' limit='10' value='4'/>\n"
            " </qquota_rule>\n"
            "</qquota_result>\n");
}

TEST(QuotaReport, ResourceProjectAndPeriodFilters) {
  QuotaState s(
      configOf("{\nname p\nlimit projects {*} to slots=8,virtual_free=1G\n}\n"
               "{\nname night\nenabled non_prime\nlimit users * to slots=1\n}\n"));
  s.add(slots("alice", "durin", 3, "apollo"));
  s.add(slots("bob", "durin", 1, "gemini"));
  ReportQuery q;
  q.projects = {"apollo"};
  EXPECT_EQ(text(s, q), std::string(kHeader) +
                            "p/1                 slots=3/8            projects apollo\n"
                            "p/1                 virtual_free=0/1G    projects apollo\n");
  q.resources = {"slots"};
  EXPECT_EQ(text(s, q),
            std::string(kHeader) + "p/1                 slots=3/8            projects apollo\n");
  ReportQuery none;
  none.resources = {"slots"};
  EXPECT_EQ(text(s, none, Period::kNonPrime),
            std::string(kHeader) +
                "p/1                 slots=3/8            projects apollo\n"
                "p/1                 slots=1/8            projects gemini\n"
                "night/1             slots=4/1            users *\n");
}

TEST(QuotaReport, UsageAboveALoweredLimitIsShown) {
  QuotaState s(configOf("{\nname u\nlimit users {*} to slots=5\n}\n"));
  s.add(slots("alice", "durin", 8));
  EXPECT_EQ(text(s, forUser("alice")),
            std::string(kHeader) + "u/1                 slots=8/5            users alice\n");
}

TEST(QuotaReport, JsonKeepsSixtyFourBitValuesAndTheFilter) {
  QuotaState s(
      configOf("{\nname big\nlimit users {*} hosts {@lx_hosts} to "
               "slots=9223372036854775807,virtual_free=2T\n}\n"));
  s.add(Consumption{Consumer{"alice", {}, "", "", ""},
                    {HostTake{"durin", 9007199254740993, {Amount{"virtual_free", 1024}}}},
                    {}});
  EXPECT_EQ(formatQuotaJson(quotaReport(s, forUser("alice"), Period::kPrime, ncpus).rows),
            "{\"quotas\":[{\"set\":\"big\",\"rule\":\"1\",\"resource\":\"slots\",\"used\":"
            "9007199254740993,\"limit\":9223372036854775807,\"filter\":{\"users\":[\"alice\"],"
            "\"hosts\":[\"durin\"]}},{\"set\":\"big\",\"rule\":\"1\",\"resource\":\"virtual_free\","
            "\"used\":1024,\"limit\":2097152,\"unit\":\"MB\",\"filter\":{\"users\":[\"alice\"],"
            "\"hosts\":[\"durin\"]}}]}\n");
}

// A shared resource under braced hosts: one row per host holding it, each with that host's
// dynamic limit.
TEST(QuotaReport, SharedAmountsHaveARowPerHost) {
  QuotaState s(
      configOf("{\nname lic\nlimit users {*} hosts {@lx_hosts} to compiler_lic=$ncpus*1\n}\n"));
  s.add(Consumption{Consumer{"alice", {}, "", "", ""},
                    {HostTake{"durin", 2, {Amount{"compiler_lic", 2}}},
                     HostTake{"carc", 1, {Amount{"compiler_lic", 1}}},
                     HostTake{"sol1", 1, {Amount{"compiler_lic", 1}}}},
                    {}});
  EXPECT_EQ(text(s, forUser("alice")),
            std::string(kHeader) +
                "lic/1               compiler_lic=2/2     users alice hosts durin\n"
                "lic/1               compiler_lic=1/1     users alice hosts carc\n");
}

TEST(QuotaReport, NothingListedIsStillATable) {
  QuotaState s(configOf("{\nname u\nlimit users {*} hosts {*} to slots=$ncpus\n}\n"));
  EXPECT_EQ(text(s, forUser("alice")), kHeader);
  EXPECT_EQ(formatQuotaXml({}), "<?xml version='1.0'?>\n<qquota_result>\n</qquota_result>\n");
  EXPECT_EQ(formatQuotaJson({}), "{\"quotas\":[]}\n");
}

}  // namespace
}  // namespace openlim::quota
