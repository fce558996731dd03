// openlim::Client over a fake transport: the requests it sends, the typed results and the
// errors it returns, and its admin calls from many threads.
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <mutex>
#include <thread>

#include "format/json.h"
#include "format/reply_parse.h"
#include "openlim/client.h"

namespace openlim {
namespace {

class FakeTransport : public LimTransport {
 public:
  std::map<std::string, std::string> replies;  // op -> reply text
  std::vector<std::string> requests;
  std::atomic<int> inAdmin{0};
  std::atomic<int> overlaps{0};
  std::mutex mutex;

  Result<std::string> ask(const std::string& request, bool admin) override {
    if (admin && inAdmin.fetch_add(1) != 0) ++overlaps;
    if (admin) std::this_thread::yield();
    std::string reply;
    {
      std::lock_guard<std::mutex> lock(mutex);
      requests.push_back(request);
      auto op = format::parseJson(request)->stringOr("op");
      auto it = replies.find(op);
      reply = it == replies.end() ? R"({"ok":true})" : it->second;
    }
    if (admin) inAdmin.fetch_sub(1);
    if (reply == "down") return Status(Code::kUnavailable, "connection refused");
    return reply;
  }
};

TEST(Client, LoadSendsTheCommandsRequestAndReturnsTheSnapshot) {
  FakeTransport t;
  t.replies["load"] = R"({"ok":true,"cluster":"c","master":"m","hosts":[)"
                      R"({"name":"a","status":"ok","values":{"r1m":0.5,"mem":100}}]})";
  Client c(t, "a");
  auto snap = c.load({.resreq = "select[mem>1]", .hosts = {"a"}, .n = 16});
  ASSERT_TRUE(snap.isOk()) << snap.status().message();
  EXPECT_EQ(t.requests.back(), R"({"hosts":["a"],"n":16,"op":"load","resreq":"select[mem>1]"})");
  ASSERT_EQ(snap->hosts.size(), 1u);
  EXPECT_EQ(snap->value(snap->hosts[0], "r1m").number, 0.5);
  EXPECT_EQ(snap->master, "m");
}

TEST(Client, EmptyLoadIsNotEnoughHosts) {
  FakeTransport t;
  t.replies["load"] = R"({"ok":true,"hosts":[]})";
  Client c(t, "a");
  auto snap = c.load();
  EXPECT_EQ(snap.status().code(), Code::kNotFound);
  EXPECT_EQ(snap.status().message(), "Not enough host(s) currently eligible");
}

TEST(Client, RefusedResourceRequirementIsAnInvalidStatusWithLsfWords) {
  FakeTransport t;
  t.replies["place"] =
      R"({"ok":false,"code":"syntax","error":"Bad resource requirement syntax at 7: x"})";
  Client c(t, "a");
  auto r = c.place({.resreq = "select[", .n = 1});
  EXPECT_EQ(r.status().code(), Code::kInvalid);
  EXPECT_EQ(r.status().message(), "Bad resource requirement syntax at 7: x");
}

TEST(Client, TooFewHostsKeepsTheExplanationWhenAsked) {
  FakeTransport t;
  t.replies["place"] = R"({"ok":false,"code":"noteligible","error":"Not enough host(s) )"
                       R"(currently eligible","hosts":[],"explain":[{"host":"a",)"
                       R"("outcome":"rejected","reason":"select failed"}]})";
  Client c(t, "a");
  EXPECT_EQ(c.place({.n = 2}).status().code(), Code::kNotFound);
  auto r = c.placeExplained({.n = 2, .explain = true});
  ASSERT_TRUE(r.isOk());
  EXPECT_EQ(r->status.code(), Code::kNotFound);
  ASSERT_EQ(r->explanations.size(), 1u);
  EXPECT_EQ(r->explanations[0].reason, "select failed");
  EXPECT_EQ(t.requests.back(), R"({"L":false,"explain":true,"n":2,"op":"place","w":-1})");
}

TEST(Client, MasterNameUnknownAndSecondRedirect) {
  FakeTransport t;
  t.replies["id"] = R"({"ok":true,"cluster":"c","master":""})";
  t.replies["info"] = R"({"ok":false,"redirect":"m2"})";
  Client c(t, "a");
  EXPECT_EQ(*c.clusterName(), "c");
  EXPECT_EQ(c.masterName().status().message(), "Cannot locate master LIM now, try later");
  EXPECT_EQ(c.info().status().code(), Code::kUnavailable);
}

TEST(Client, DownAndMalformedReplies) {
  FakeTransport t;
  t.replies["hosts"] = "down";
  t.replies["info"] = "{not json";
  Client c(t, "a");
  EXPECT_EQ(c.hosts().status().code(), Code::kUnavailable);
  EXPECT_EQ(c.info().status().code(), Code::kInternal);
}

TEST(Client, LoadAdjustAndLockRequests) {
  FakeTransport t;
  Client c(t, "hostA");
  EXPECT_TRUE(c.loadAdjust("rusage[mem=10]", {"a", "a", "b"}).isOk());
  EXPECT_EQ(t.requests.back(),
            R"({"hosts":["a","a","b"],"op":"loadadj","resreq":"rusage[mem=10]"})");
  EXPECT_TRUE(c.lockHost("", 60).isOk());
  EXPECT_EQ(t.requests.back(), R"({"host":"hostA","op":"lock","seconds":60})");
  EXPECT_TRUE(c.unlockHost("b").isOk());
  EXPECT_EQ(t.requests.back(), R"({"host":"b","op":"unlock"})");
}

TEST(Client, GenericRequestReturnsTheReplyOrItsError) {
  FakeTransport t;
  t.replies["policy"] = R"({"ok":true,"x":1})";
  t.replies["quota"] = R"({"ok":false,"code":"denied","error":"no"})";
  Client c(t, "a");
  EXPECT_EQ(*c.request(R"({"op":"policy"})"), R"({"ok":true,"x":1})");
  EXPECT_EQ(c.request(R"({"op":"quota"})").status().code(), Code::kDenied);
}

TEST(Client, ReconfigReturnsTheDiagnosticsOfAnAdoptedOrARefusedConfiguration) {
  FakeTransport t;
  Client c(t, "a");
  t.replies["reconfig"] = R"({"ok":true,"diagnostics":["lsf.shared:9: warning"]})";
  auto adopted = c.reconfig(true);
  ASSERT_TRUE(adopted.isOk()) << adopted.status().message();
  EXPECT_EQ(t.requests.back(), R"({"op":"reconfig","verbose":true})");
  EXPECT_TRUE(adopted->status.isOk());
  EXPECT_EQ(adopted->diagnostics, std::vector<std::string>{"lsf.shared:9: warning"});
  t.replies["reconfig"] =
      R"({"ok":false,"code":"config","error":"2 errors: kept the running configuration",)"
      R"("diagnostics":["lsf.cluster.c:4: bad host","lsf.cluster.c:7: bad model"]})";
  auto refused = c.reconfig();
  ASSERT_TRUE(refused.isOk());  // an answer, not a failure to ask
  EXPECT_EQ(t.requests.back(), R"({"op":"reconfig"})");
  EXPECT_EQ(refused->diagnostics.size(), 2u);
  EXPECT_EQ(refused->status.code(), Code::kInternal);
  EXPECT_EQ(refused->status.message(), "2 errors: kept the running configuration");
  t.replies["reconfig"] = "down";
  EXPECT_EQ(c.reconfig().status().code(), Code::kUnavailable);
}

// The configuration adopted but lsf.quotas refused: an incomplete reconfig, decided on the
// reply's code, not on its diagnostics' text.
TEST(Client, ReconfigSaysWhatBecameOfTheQuotaFile) {
  FakeTransport t;
  Client c(t, "a");
  t.replies["reconfig"] =
      R"({"ok":true,"quotas":{"code":"refused","errors":2,"file":"/c/lsf.quotas","warnings":0},)"
      R"("diagnostics":["/c/lsf.quotas:3: error: x","/c/lsf.quotas:4: error: y"]})";
  auto refused = c.reconfig();
  ASSERT_TRUE(refused.isOk());
  EXPECT_TRUE(refused->status.isOk());
  EXPECT_EQ(refused->quotas, QuotaFileOutcome::kRefused);
  EXPECT_EQ(refused->quotaFile, "/c/lsf.quotas");
  EXPECT_EQ(refused->quotaErrors, 2);
  EXPECT_FALSE(refused->complete());
  t.replies["reconfig"] =
      R"({"ok":true,"quotas":{"code":"adopted","errors":0,"file":"/c/lsf.quotas","warnings":1},)"
      R"("diagnostics":["/c/lsf.quotas:3: warning: refused"]})";
  auto adopted = c.reconfig();
  ASSERT_TRUE(adopted.isOk());
  EXPECT_EQ(adopted->quotas, QuotaFileOutcome::kAdopted);
  EXPECT_TRUE(adopted->complete());
  t.replies["reconfig"] = R"({"ok":true,"diagnostics":[]})";  // a master that does not say
  EXPECT_EQ(c.reconfig()->quotas, QuotaFileOutcome::kNotRead);
  EXPECT_TRUE(c.reconfig()->complete());
}

TEST(Client, ReplyCodesMapToOneStatusKindForLibraryAndCommands) {
  FakeTransport t;
  Client c(t, "a");
  const std::pair<const char*, Code> kCodes[] = {
      {"syntax", Code::kInvalid},          {"notfound", Code::kNotFound},
      {"noteligible", Code::kNotFound},    {"denied", Code::kDenied},
      {"unavailable", Code::kUnavailable}, {"busy", Code::kUnavailable},
      {"whatever", Code::kInternal}};
  for (const auto& [code, kind] : kCodes) {
    std::string reply = std::string(R"({"ok":false,"code":")") + code + R"(","error":"why"})";
    t.replies["lock"] = reply;
    Status s = c.lockHost("a", 0);
    EXPECT_EQ(s.code(), kind) << code;
    EXPECT_EQ(s.message(), "why") << code;
    EXPECT_EQ(format::replyError(*format::parseJson(reply)).code(), kind) << code;
  }
}

// The reply's subcode travels in the Status; one this version does not know is none.
TEST(Client, ReplySubcodesReachTheStatus) {
  FakeTransport t;
  Client c(t, "a");
  const std::pair<const char*, Subcode> kSubcodes[] = {
      {"unknownhost", Subcode::kUnknownHost},
      {"badhostname", Subcode::kBadHostName},
      {"unknownresource", Subcode::kUnknownResourceName},
      {"unknownvalue", Subcode::kUnknownResourceValue},
      {"fromthefuture", Subcode::kNone},
      {"", Subcode::kNone}};
  for (const auto& [name, subcode] : kSubcodes) {
    t.replies["hosts"] =
        std::string(R"({"ok":false,"code":"notfound","subcode":")") + name + R"(","error":"why"})";
    Status s = c.hosts({.hosts = {"x"}}).status();
    EXPECT_EQ(s.code(), Code::kNotFound) << name;
    EXPECT_EQ(s.subcode(), subcode) << name;
  }
  t.replies["load"] = R"({"ok":false,"code":"syntax","error":"Unknown resource name <x> at 7"})";
  EXPECT_EQ(c.load().status().subcode(), Subcode::kNone);  // the words are not read
}

TEST(Client, MasterUnknownHasItsSubcode) {
  FakeTransport t;
  t.replies["id"] = R"({"ok":true,"cluster":"c","master":""})";
  t.replies["info"] = R"({"ok":false,"redirect":"m2"})";
  t.replies["place"] = R"({"ok":false,"code":"unavailable","error":"master LIM"})";
  Client c(t, "a");
  EXPECT_EQ(c.masterName().status().subcode(), Subcode::kMasterUnknown);
  EXPECT_EQ(c.info().status().subcode(), Subcode::kMasterUnknown);
  EXPECT_EQ(c.place({}).status().subcode(), Subcode::kNone);
}

// A transport whose every answer is one failure.
struct FailingTransport : LimTransport {
  Status failure;
  Result<std::string> ask(const std::string&, bool) override { return failure; }
};

// A transport's kInvalid is a reply frame it could not read (a protocol error), unless its
// subcode says the request was refused unsent: then it is the caller's bad argument.
TEST(Client, OnlyARequestRefusedUnsentStaysTheCallersMistake) {
  FailingTransport t;
  Client c(t, "a");
  t.failure = Status(Code::kInvalid, Subcode::kRequestTooLarge, "too big");
  EXPECT_EQ(c.info().status().code(), Code::kInvalid);
  EXPECT_EQ(c.info().status().subcode(), Subcode::kRequestTooLarge);
  t.failure = Status(Code::kInvalid, "request too large: bad magic");  // the words alone
  EXPECT_EQ(c.info().status().code(), Code::kInternal);
}

TEST(Client, AdminCallsFromEightThreadsReachTheTransportOneAtATime) {
  FakeTransport t;
  Client c(t, "a");
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&] {
      for (int k = 0; k < 200; ++k) {
        EXPECT_TRUE(c.lockHost("a", 1).isOk());
        EXPECT_TRUE(c.id().isOk());
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(t.overlaps.load(), 0);
  EXPECT_EQ(t.requests.size(), 8u * 200 * 2);
}

}  // namespace
}  // namespace openlim
