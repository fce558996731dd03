// Resource quota sets on the reservation service: admission through the quota sets (hosts
// a quota blocks are skipped, the error names the limit), create/release/expire count, and a
// new quota configuration re-adds what is held without revoking it.
#include "reserve/quota_check.h"

#include <gtest/gtest.h>

#include "fixture.h"
#include "format/json.h"
#include "quota/quotas_file.h"
#include "reserve/service.h"

namespace openlim::reserve {
namespace {

using format::Json;

using testing::quotasOf;

const char* kTwoPerUser = R"({
  name max_slots_per_user
  limit users {*} to slots=2
})";

class QuotaService : public testing::ServiceFixture {};

TEST_F(QuotaService, ReservesUpToTheLimitThenNamesIt) {
  service_.setQuotas(quotasOf(kTwoPerUser, config()));
  ASSERT_TRUE(call(R"({"op":"reserve","n":2,"caller":"alice"})").find("ok")->asBool());
  Json over = call(R"({"op":"reserve","n":1,"caller":"alice"})");
  EXPECT_EQ(over.stringOr("code"), "noteligible");
  EXPECT_NE(over.stringOr("error").find(
                "because it exceeds limit \"max_slots_per_user/1\" (slots 2/2 for user alice)"),
            std::string::npos)
      << over.compact();
  // Another user has a limit of their own.
  EXPECT_TRUE(call(R"({"op":"reserve","n":2,"caller":"bob"})").find("ok")->asBool());
}

TEST_F(QuotaService, ARequestIsCheckedAsAWholeAcrossHosts) {
  service_.setQuotas(quotasOf(kTwoPerUser, config()));
  Json r = call(R"({"op":"reserve","n":3,"caller":"alice"})");
  EXPECT_FALSE(r.find("ok")->asBool()) << r.compact();
}

TEST_F(QuotaService, ReleaseAndExpiryFreeTheQuota) {
  service_.setQuotas(quotasOf(kTwoPerUser, config()));
  Json a = call(R"({"op":"reserve","n":2,"caller":"alice"})");
  ASSERT_TRUE(a.find("ok")->asBool());
  EXPECT_TRUE(call(R"({"op":"release","ids":[")" + a.stringOr("id") + R"("],"caller":"alice"})")
                  .find("ok")
                  ->asBool());
  Json b = call(R"({"op":"reserve","n":2,"lease":10,"caller":"alice"})");
  ASSERT_TRUE(b.find("ok")->asBool()) << b.compact();
  service_.expire(wall_ + 20, table_, now_, &fx_);
  EXPECT_TRUE(call(R"({"op":"reserve","n":2,"caller":"alice"})").find("ok")->asBool());
}

TEST_F(QuotaService, AReconfigKeepsWhatIsHeldAndShowsUsageAboveALoweredLimit) {
  service_.setQuotas(quotasOf(kTwoPerUser, config()));
  ASSERT_TRUE(call(R"({"op":"reserve","n":2,"caller":"alice"})").find("ok")->asBool());
  service_.setQuotas(quotasOf(R"({
  name max_slots_per_user
  limit users {*} to slots=1
})",
                              config()));
  EXPECT_EQ(service_.ledger().size(), 1u);  // nothing revoked
  Json over = call(R"({"op":"reserve","n":1,"caller":"alice"})");
  EXPECT_NE(over.stringOr("error").find("(slots 2/1 for user alice)"), std::string::npos)
      << over.compact();
  service_.setQuotas(nullptr);  // no quota file: no limits
  EXPECT_TRUE(call(R"({"op":"reserve","n":1,"caller":"alice"})").find("ok")->asBool());
}

TEST_F(QuotaService, ExplainGivesEveryHostsQuotaVerdict) {
  service_.setQuotas(quotasOf(R"({
  name per_host
  limit hosts {hostA} to slots=0
  limit hosts {*} to slots=2
}
{
  name max_slots_per_user
  limit users {*} to slots=3
})",
                              config()));
  Json r = call(R"({"op":"reserve","n":3,"explain":true,"caller":"alice"})");
  ASSERT_TRUE(r.find("ok")->asBool()) << r.compact();
  ASSERT_NE(r.find("explain"), nullptr);  // the placement's own, as lsplace --explain
  const Json* q = r.find("quota");
  ASSERT_NE(q, nullptr);
  ASSERT_EQ(q->size(), 3u);
  const Json& a = q->items()[0];
  EXPECT_EQ(a.stringOr("host"), "hostA");
  EXPECT_FALSE(a.find("admitted")->asBool());
  EXPECT_NE(a.stringOr("reason").find("quota blocks"), std::string::npos) << a.compact();
  EXPECT_NE(a.stringOr("reason").find("per_host/1 slots 0+"), std::string::npos) << a.compact();
  const Json& b = q->items()[1];
  EXPECT_EQ(b.stringOr("reason"),
            "quota admits 2 slot(s): per_host/2 slots 0+2/2 for host hostB; "
            "max_slots_per_user/1 slots 0+2/3 for user alice");
  const Json& limit = b.find("limits")->items()[0];
  EXPECT_EQ(limit.stringOr("set"), "per_host");
  EXPECT_EQ(limit.stringOr("rule"), "2");
  EXPECT_EQ(limit.find("limit")->asNumber(), 2);
  EXPECT_EQ(q->items()[2].stringOr("reason"),
            "quota admits 1 slot(s): per_host/2 slots 0+1/2 for host hostC; "
            "max_slots_per_user/1 slots 2+1/3 for user alice");
  // A refusal explains too; without --explain the reply has neither list.
  Json over = call(R"({"op":"reserve","n":1,"explain":true,"caller":"alice"})");
  EXPECT_FALSE(over.find("ok")->asBool());
  ASSERT_NE(over.find("quota"), nullptr);
  EXPECT_EQ(over.find("quota")->items()[1].stringOr("reason"),
            "quota blocks 1 slot(s): per_host/2 slots 2+1/2 for host hostB; "
            "max_slots_per_user/1 slots 3+1/3 for user alice");
  Json plain = call(R"({"op":"reserve","n":1,"caller":"bob"})");
  EXPECT_EQ(plain.find("quota"), nullptr);
  EXPECT_EQ(plain.find("explain"), nullptr);
}

// A shared resource (licenses: one instance over hostA and hostB) under a rule that names
// hosts is counted on the host where the reservation's slots are, against that host's
// dynamic limit (ncpus: hostA 4, hostB 2); lsquota shows one row per host. hostB keeps a
// slot free, so the refusal there is the quota's, not the placement's.
TEST_F(QuotaService, LicencesAreCountedOnTheHostOfTheirSlots) {
  service_.setQuotas(quotasOf(R"({
  name lic_per_host
  limit users {*} hosts {*} to licenses=$ncpus*1
})",
                              config()));
  Json b = call(
      R"({"op":"reserve","n":1,"hosts":["hostB"],"resreq":"rusage[licenses=2]","caller":"alice"})");
  ASSERT_TRUE(b.find("ok")->asBool()) << b.compact();
  Json over = call(
      R"({"op":"reserve","n":1,"hosts":["hostB"],"resreq":"rusage[licenses=1]","caller":"alice"})");
  EXPECT_FALSE(over.find("ok")->asBool());
  EXPECT_NE(over.stringOr("error").find("because it exceeds limit \"lic_per_host/1\" (licenses "
                                        "2/2 for user alice, host hostB)"),
            std::string::npos)
      << over.compact();
  Json a = call(
      R"({"op":"reserve","n":1,"hosts":["hostA"],"resreq":"rusage[licenses=3]","caller":"alice"})");
  ASSERT_TRUE(a.find("ok")->asBool()) << a.compact();
  std::string report = call(R"({"op":"quotas","caller":"alice"})").stringOr("text");
  EXPECT_NE(report.find("lic_per_host/1      licenses=3/4         users alice hosts hostA"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("lic_per_host/1      licenses=2/2         users alice hosts hostB"),
            std::string::npos)
      << report;
  // Released, the licences leave the host's count.
  ASSERT_TRUE(call(R"({"op":"release","ids":[")" + b.stringOr("id") + R"("],"caller":"alice"})")
                  .find("ok")
                  ->asBool());
  EXPECT_TRUE(call(R"({"op":"reserve","n":1,"hosts":["hostB"],"resreq":"rusage[licenses=2]",)"
                   R"("caller":"alice"})")
                  .find("ok")
                  ->asBool());
}

// A limit on a string resource (the built-in `type`: LINUX86 on every host) refuses the
// hosts whose value differs, and --explain says what the host has.
TEST_F(QuotaService, AStringLimitRefusesHostsOfAnotherType) {
  service_.setQuotas(quotasOf(R"({
  name arch
  limit name sun_only users bob to type=SUNSOL
})",
                              config()));
  EXPECT_TRUE(call(R"({"op":"reserve","n":1,"caller":"alice"})").find("ok")->asBool());
  Json r = call(R"({"op":"reserve","n":1,"explain":true,"caller":"bob"})");
  EXPECT_FALSE(r.find("ok")->asBool());
  EXPECT_NE(r.stringOr("error").find("because limit \"arch/sun_only\" wants type=SUNSOL for "
                                     "users bob (the host has type=LINUX86)"),
            std::string::npos)
      << r.compact();
  const Json* q = r.find("quota");
  ASSERT_NE(q, nullptr);
  ASSERT_GE(q->size(), 1u);
  const Json& limit = q->items()[0].find("limits")->items()[0];
  EXPECT_EQ(limit.stringOr("wants"), "SUNSOL");
  EXPECT_EQ(limit.stringOr("has"), "LINUX86");
  EXPECT_FALSE(limit.find("admitted")->asBool());
  EXPECT_EQ(q->items()[0].stringOr("reason"),
            "quota blocks 1 slot(s): arch/sun_only type=LINUX86 (wants SUNSOL) for users bob");
}

TEST(QuotaCheck, ADisabledSetAdmitsAndSharedAmountsAreCounted) {
  auto config = testing::makeConfig();
  quota::QuotaState state(quotasOf(R"({
  name off
  enabled false
  limit users {*} to slots=0
}
{
  name lic
  limit users {*} to licenses=3
})",
                                   *config));
  QuotaCheck check(state, policy::Period::kPrime, nullptr);
  Labels who{"alice", "", "", ""};
  Claim a{&who, "hostA", 1, {{"licenses", 2, true}}};
  EXPECT_TRUE(check.mayTake(a, {}, 0).admitted);
  Verdict v = check.mayTake(a, {a}, 0);
  EXPECT_FALSE(v.admitted);
  EXPECT_NE(v.message.find("\"lic/1\""), std::string::npos) << v.message;
}

TEST_F(QuotaService, TheReportIsTheCallersOwnByDefaultAndEveryonesWithAll) {
  service_.setQuotas(quotasOf(kTwoPerUser, config()));
  ASSERT_TRUE(call(R"({"op":"reserve","n":2,"caller":"alice"})").find("ok")->asBool());
  ASSERT_TRUE(call(R"({"op":"reserve","n":1,"caller":"bob"})").find("ok")->asBool());
  std::string own = call(R"({"op":"quotas","caller":"alice"})").stringOr("text");
  EXPECT_NE(own.find("max_slots_per_user/1 slots=2/2"), std::string::npos) << own;
  EXPECT_EQ(own.find("bob"), std::string::npos) << own;
  std::string all = call(R"({"op":"quotas","user":"all","caller":"alice"})").stringOr("text");
  EXPECT_NE(all.find("users bob"), std::string::npos) << all;
  Json json = call(R"({"op":"quotas","user":"bob","format":"json"})");
  EXPECT_NE(json.stringOr("text").find("\"used\":1"), std::string::npos) << json.compact();
}

// The report's rows view the query's names (a user holding nothing is listed by the name
// the query gives). A 200-byte name lives on the heap: the reply must carry it whole in
// every layout (a query that died before formatting sent freed memory, caught by ASan).
TEST_F(QuotaService, ALongUserNameComesBackWholeInEveryLayout) {
  service_.setQuotas(quotasOf(kTwoPerUser, config()));
  const std::string user = "u" + std::string(199, 'x');
  const std::string req = R"({"op":"quotas","user":")" + user + R"(","format":")";
  std::string text = call(req + R"(text"})").stringOr("text");
  EXPECT_NE(text.find("max_slots_per_user/1 slots=0/2            users " + user + "\n"),
            std::string::npos)
      << text;
  std::string json = call(req + R"(json"})").stringOr("text");
  EXPECT_NE(json.find(R"("users":[")" + user + R"("])"), std::string::npos) << json;
  std::string xml = call(req + R"(xml"})").stringOr("text");
  EXPECT_NE(xml.find("<user>" + user + "</user>"), std::string::npos) << xml;
  // The verified caller's own report, without -u, by a long name too.
  std::string own = call(R"({"op":"quotas","caller":")" + user + R"("})").stringOr("text");
  EXPECT_NE(own.find("users " + user + "\n"), std::string::npos) << own;
}

TEST_F(QuotaService, ListsAndPatternsOfUsers) {
  service_.setQuotas(quotasOf(kTwoPerUser, config()));
  ASSERT_TRUE(call(R"({"op":"reserve","n":1,"caller":"alice"})").find("ok")->asBool());
  ASSERT_TRUE(call(R"({"op":"reserve","n":2,"caller":"albert"})").find("ok")->asBool());
  ASSERT_TRUE(call(R"({"op":"reserve","n":1,"caller":"bob"})").find("ok")->asBool());
  std::string text = call(R"({"op":"quotas","user":["al*","carol"]})").stringOr("text");
  EXPECT_NE(text.find("slots=2/2            users albert\n"), std::string::npos) << text;
  EXPECT_NE(text.find("slots=1/2            users alice\n"), std::string::npos) << text;
  EXPECT_NE(text.find("slots=0/2            users carol\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("bob"), std::string::npos) << text;
  // One string of comma-separated names is the same list.
  EXPECT_EQ(call(R"({"op":"quotas","user":"al*,carol"})").stringOr("text"), text);
  // "all" and "*" are everyone.
  std::string all = call(R"({"op":"quotas","user":"all","caller":"alice"})").stringOr("text");
  EXPECT_NE(all.find("users bob"), std::string::npos) << all;
  EXPECT_EQ(call(R"({"op":"quotas","user":"*","caller":"alice"})").stringOr("text"), all);
}

TEST(QuotaRequest, IsStrict) {
  auto ok = decodeQuotaRequest(*format::parseJson(R"({"op":"quotas","user":"a","host":"h"})"));
  ASSERT_TRUE(ok.isOk());
  EXPECT_EQ(ok->format, "text");
  EXPECT_EQ(ok->users, (std::vector<std::string>{"a"}));
  EXPECT_EQ(ok->hosts, (std::vector<std::string>{"h"}));
  for (const char* bad : {R"({"op":"quotas","usr":"a"})", R"({"op":"quotas","user":5})",
                          R"({"op":"quotas","format":"yaml"})"}) {
    auto r = decodeQuotaRequest(*format::parseJson(bad));
    EXPECT_FALSE(r.isOk()) << bad;
  }
}

TEST(QuotaRequest, ListsAreArraysOrCommaSeparatedStrings) {
  auto r = decodeQuotaRequest(
      *format::parseJson(R"({"op":"quotas","user":["ann","b*"],"queue":"night.q,d?y","pe":["mpi"],)"
                         R"("project":"p1","resource":["slots","lic*"]})"));
  ASSERT_TRUE(r.isOk()) << r.status().message();
  EXPECT_EQ(r->users, (std::vector<std::string>{"ann", "b*"}));
  EXPECT_EQ(r->queues, (std::vector<std::string>{"night.q", "d?y"}));
  EXPECT_EQ(r->pes, (std::vector<std::string>{"mpi"}));
  EXPECT_EQ(r->projects, (std::vector<std::string>{"p1"}));
  EXPECT_EQ(r->resources, (std::vector<std::string>{"slots", "lic*"}));
}

TEST(QuotaRequest, ListsAreBounded) {
  auto decode = [](const std::string& text) {
    auto j = format::parseJson(text);
    EXPECT_TRUE(j.isOk()) << text;
    return decodeQuotaRequest(*j);
  };
  auto names = [](size_t n, const char* sep) {
    std::string s;
    for (size_t i = 0; i < n; ++i) s += (i ? sep : "") + std::string("n") + std::to_string(i);
    return s;
  };
  // Empty names, empty lists, names that are not strings or too long.
  for (const std::string& bad : std::vector<std::string>{
           R"({"user":""})", R"({"user":"a,,b"})", R"({"user":"a,"})", R"({"host":[]})",
           R"({"host":[""]})", R"({"host":["a",1]})", R"({"pe":{"a":1}})",
           R"({"queue":")" + std::string(257, 'q') + R"("})"}) {
    auto r = decode(bad);
    EXPECT_FALSE(r.isOk()) << bad;
    if (!r.isOk()) {
      EXPECT_EQ(r.status().code(), Code::kInvalid);
    }
  }
  EXPECT_TRUE(decode(R"({"user":")" + names(kMaxQuotaListItems, ",") + R"("})").isOk());
  EXPECT_FALSE(decode(R"({"user":")" + names(kMaxQuotaListItems + 1, ",") + R"("})").isOk());
  EXPECT_FALSE(decode(R"({"user":[")" + names(kMaxQuotaListItems + 1, "\",\"") + R"("]})").isOk());
  // The lists multiply: 32 users by 32 hosts is 1024 combinations, one more project doubles it.
  std::string wide = R"({"user":")" + names(32, ",") + R"(","host":")" + names(32, ",");
  EXPECT_TRUE(decode(wide + R"("})").isOk());
  auto over = decode(wide + R"(","project":"p1,p2"})");
  ASSERT_FALSE(over.isOk());
  EXPECT_NE(over.status().message().find("combinations"), std::string::npos);
}

}  // namespace
}  // namespace openlim::reserve
