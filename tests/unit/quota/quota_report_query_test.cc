// lsquota's query as qquota's: every option a list of names and wildcard patterns, the
// zero-usage rows of each name the query gives, and rows that stay valid whatever the
// length of the names and wherever the report is moved.
#include <gtest/gtest.h>

#include "quota/quota_report.h"
#include "quota_fixture.h"

namespace openlim::quota {
namespace {

using policy::Period;

using testing::configOf;
constexpr const char* kHeader = testing::kReportHeader;

std::optional<double> noValues(const std::string&, const std::string&) {
  return std::nullopt;
}

Consumption take(const std::string& user, const std::string& host, int64_t n,
                 const std::string& project = "", const std::string& queue = "") {
  return Consumption{Consumer{user, {}, project, "", queue}, {HostTake{host, n, {}}}, {}};
}

std::string text(const QuotaState& s, ReportQuery q) {
  return formatQuotaText(quotaReport(s, std::move(q), Period::kPrime, noValues).rows);
}

ReportQuery users(std::vector<std::string> u) {
  ReportQuery q;
  q.users = std::move(u);
  return q;
}

TEST(QuotaReportQuery, AUserListShowsEachNamedUsersRowsHeldOrNot) {
  QuotaState s(configOf("{\nname per_user\nlimit users {*} to slots=6\n}\n"));
  s.add(take("carol", "sol1", 4));
  s.add(take("andre", "sol2", 1));
  // carol holds 4, roland nothing (0/6 from the static limit); andre is not asked about.
  EXPECT_EQ(text(s, users({"roland", "carol"})),
            std::string(kHeader) +
                "per_user/1          slots=4/6            users carol\n"
                "per_user/1          slots=0/6            users roland\n");
  // A name given twice is listed once.
  EXPECT_EQ(text(s, users({"roland", "roland"})),
            std::string(kHeader) + "per_user/1          slots=0/6            users roland\n");
}

TEST(QuotaReportQuery, PatternsListTheMembersTheyMatchAndNoInventedOnes) {
  QuotaState s(configOf("{\nname per_user\nlimit users {*} to slots=6\n}\n"));
  s.add(take("andre", "sol1", 2));
  s.add(take("alice", "sol1", 1));
  s.add(take("roland", "sol2", 3));
  EXPECT_EQ(text(s, users({"a*"})), std::string(kHeader) +
                                        "per_user/1          slots=1/6            users alice\n"
                                        "per_user/1          slots=2/6            users andre\n");
  EXPECT_EQ(text(s, users({"?o[a-m]and"})),
            std::string(kHeader) + "per_user/1          slots=3/6            users roland\n");
  // A pattern names no one in particular: nothing held, nothing listed.
  EXPECT_EQ(text(s, users({"z*"})), kHeader);
}

TEST(QuotaReportQuery, APatternListsARuleWhoseFilterMayAdmitWhatItMatches) {
  QuotaState s(
      configOf("{\nname q\nlimit queues night.q,batch.q to slots=5\n"
               "limit name staff users @staff to slots=7\n}\n"));
  s.add(take("andre", "durin", 2, "", "night.q"));
  ReportQuery q;
  q.queues = {"nig*"};
  EXPECT_EQ(text(s, q), std::string(kHeader) +
                            "q/1                 slots=2/5            queues night.q,batch.q\n"
                            "q/staff             slots=0/7            users @staff\n");
  q.queues = {"day*"};  // the staff rule has no queue filter: it applies in any queue
  EXPECT_EQ(text(s, q),
            std::string(kHeader) + "q/staff             slots=0/7            users @staff\n");
  // q/1 names no users: it applies to anyone. bob is in @staff, no x-user is.
  const std::string perQueue = "q/1                 slots=2/5            queues night.q,batch.q\n";
  ReportQuery byGroup = users({"b?b"});
  EXPECT_EQ(text(s, byGroup), std::string(kHeader) + perQueue +
                                  "q/staff             slots=0/7            users @staff\n");
  byGroup.users = {"x*"};
  EXPECT_EQ(text(s, byGroup), std::string(kHeader) + perQueue);
}

TEST(QuotaReportQuery, HostListsAndPatternsIgnoreCaseAndKeepTheConfiguredName) {
  QuotaState s(configOf("{\nname h\nlimit hosts {@all_hosts} to slots=3\n}\n"));
  s.add(take("bob", "sol2", 1));
  s.add(take("bob", "carc", 2));
  ReportQuery q;
  q.hosts = {"SOL?", "Durin", "durin"};
  EXPECT_EQ(text(s, q), std::string(kHeader) +
                            "h/1                 slots=1/3            hosts sol2\n"
                            "h/1                 slots=0/3            hosts durin\n");
}

TEST(QuotaReportQuery, ZeroRowsForEachCombinationTheFiltersAdmit) {
  QuotaState s(configOf("{\nname up\nlimit users {alice,bob} projects {*} to slots=2\n}\n"));
  s.add(take("bob", "sol1", 1, "apollo"));
  ReportQuery q = users({"bob", "carol", "alice"});  // carol: not in the braced list
  q.projects = {"apollo", "gemini"};
  EXPECT_EQ(text(s, q),
            std::string(kHeader) +
                "up/1                slots=1/2            users bob projects apollo\n"
                "up/1                slots=0/2            users bob projects gemini\n"
                "up/1                slots=0/2            users alice projects apollo\n"
                "up/1                slots=0/2            users alice projects gemini\n");
}

TEST(QuotaReportQuery, ResourceListsAndPatterns) {
  QuotaState s(configOf("{\nname r\nlimit users * to slots=8,virtual_free=2G,compiler_lic=3\n}\n"));
  ReportQuery q;
  q.resources = {"slots", "comp*"};
  EXPECT_EQ(text(s, q), std::string(kHeader) +
                            "r/1                 slots=0/8            users *\n"
                            "r/1                 compiler_lic=0/3     users *\n");
}

// The rows of names the query gives view the report's own copy of the query, not the
// caller's (which here changes and dies before the rows are formatted): any length (a
// 200-byte name on the heap, a short one inside its string), and after the report moved.
TEST(QuotaReportQuery, LongNamesSurviveTheQueryAndTheReportMoving) {
  QuotaState s(configOf("{\nname per_user\nlimit users {*} projects {*} to slots=6\n}\n"));
  const std::string user(200, 'u'), project = "apollo";
  QuotaReport report;
  {
    ReportQuery q = users({user});
    q.projects = {project};
    QuotaReport built = quotaReport(s, q, Period::kPrime, noValues);
    q.users.assign(4, std::string(300, '#'));  // the caller's query changes and dies
    report = std::move(built);
  }
  std::vector<std::string> fill(64, std::string(256, '!'));  // reuse freed memory, if any
  ASSERT_EQ(report.rows.size(), 1u);
  EXPECT_EQ(formatQuotaJson(report.rows),
            "{\"quotas\":[{\"set\":\"per_user\",\"rule\":\"1\",\"resource\":\"slots\",\"used\":0,"
            "\"limit\":6,\"filter\":{\"users\":[\"" +
                user + "\"],\"projects\":[\"" + project + "\"]}}]}\n");
}

}  // namespace
}  // namespace openlim::quota
