// The master's query replies (docs/protocol.md), through the production path (decode,
// query service, reply JSON): fields, types, null for unknown, and the
// members of every object in key order, as the POCO-built replies had them.
#include "node/queries.h"

#include <gtest/gtest.h>

#include "../master/generic_cluster.h"
#include "format/json.h"
#include "format/reply_json.h"
#include "master/query_request.h"
#include "protocol/request.h"

namespace openlim::node {

using format::errorReply;
using format::Json;
using protocol::parseRequest;
using protocol::reqString;
namespace {

ConfigPtr makeConfig() {
  auto c = openlim::testing::genericCluster({"hostA", "hostB", "hostC"});
  c->resources.push_back(openlim::testing::dynamicNumeric("nio", Direction::kIncreasing));
  c->resources.push_back({.name = "fs", .type = ResourceType::kBoolean});
  c->hosts[0].booleans = {"fs"};
  c->hosts[0].thresholds = {{"r1m", 3}, {"mem", 100}};
  c->hosts[0].numbers = {{"maxslots", 4.5}};
  c->perHostResources["nio"] = {"hostA", "hostB"};
  c->params.exInterval = 10;
  return c;
}

void expectSortedKeys(const Json& v, const std::string& where = "") {
  if (v.isArray())
    for (const auto& i : v.items()) expectSortedKeys(i, where + "[]");
  if (!v.isObject()) return;
  for (size_t i = 1; i < v.members().size(); ++i)
    EXPECT_LT(v.members()[i - 1].first, v.members()[i].first) << where;
  for (const auto& [k, m] : v.members()) expectSortedKeys(m, where + "." + k);
}

class Queries : public ::testing::Test {
 protected:
  Queries() : table_(makeConfig()) {
    protocol::LoadReport a{.host = "hostA", .checksum = "sum1"};
    a.numbers = {{"r1m", 0.5, 0}, {"mem", 2048, 0}, {"ncpus", 4, 0}, {"nio", 7, 2.5}};
    protocol::LoadReport b{.host = "hostB", .checksum = "other"};
    b.numbers = {{"r1m", 1.5, 0}, {"mem", 50, 0}, {"ncpus", 2, 0}};
    table_.ingest(a, 1);
    table_.ingest(b, 1);
  }
  Json run(Answer (*fn)(const Json&, const QueryContext&), const std::string& req) {
    auto parsed = parseRequest(req);
    EXPECT_TRUE(parsed.isOk()) << req;
    QueryContext ctx{table_.snapshot(2), "hostA", &cache_, &table_, 2};
    Answer answer = fn(*parsed, ctx);
    const std::string& text = answer.body;
    EXPECT_EQ(answer.ok, text.find("\"ok\":true") != std::string::npos) << text;
    auto reply = format::parseJson(text);
    EXPECT_TRUE(reply.isOk()) << text;
    expectSortedKeys(*reply);
    return reply ? *reply : Json();
  }
  master::LoadTable table_;
  RequestCache cache_;
};

const Json& at(const Json& v, std::string_view key) {
  static const Json kMissing;
  const Json* m = v.find(key);
  EXPECT_NE(m, nullptr) << key;
  return m ? *m : kMissing;
}

TEST_F(Queries, LoadListsEveryHostWithValuesAgesBusyAndThresholds) {
  Json r = run(queryLoad, R"({"op":"load"})");
  EXPECT_TRUE(at(r, "ok").asBool());
  EXPECT_EQ(at(r, "cluster").asString(), "test");
  EXPECT_EQ(at(r, "master").asString(), "hostA");
  ASSERT_EQ(at(r, "hosts").size(), 3u);
  const Json& a = at(r, "hosts").items()[0];
  EXPECT_EQ(at(a, "name").asString(), "hostA");
  EXPECT_EQ(at(a, "status").asString(), "ok");
  const Json& va = at(a, "values");
  EXPECT_EQ(at(va, "r1m").asNumber(), 0.5);
  EXPECT_EQ(at(va, "nio").asNumber(), 7);
  EXPECT_TRUE(at(va, "fs").asBool());
  EXPECT_TRUE(at(va, "r15m").isNull());  // not reported: unknown
  EXPECT_EQ(va.find("hname"), nullptr);
  // 2.5 s old when reported at 1, asked at 2: the master ages it by its own clock.
  EXPECT_EQ(at(at(a, "ages"), "nio").asNumber(), 3.5);
  EXPECT_EQ(at(a, "ages").size(), 1u);  // built-ins carry no age
  EXPECT_EQ(at(at(a, "thresholds"), "mem").asNumber(), 100);
  EXPECT_EQ(at(a, "busy").size(), 0u);
  EXPECT_EQ(a.find("config_drift"), nullptr);
  const Json& b = at(r, "hosts").items()[1];
  EXPECT_TRUE(at(b, "config_drift").asBool());
  EXPECT_EQ(at(b, "values").find("fs"), nullptr);    // booleans only when set
  EXPECT_TRUE(at(at(b, "values"), "nio").isNull());  // has it, not reported
  const Json& c = at(r, "hosts").items()[2];
  EXPECT_EQ(at(c, "status").asString(), "unavail");
  EXPECT_EQ(at(c, "values").find("nio"), nullptr);  // hostC does not have nio
  EXPECT_TRUE(at(at(c, "values"), "r1m").isNull());
}

TEST_F(Queries, LoadSelectsOrdersAndLimits) {
  Json r = run(queryLoad, R"({"op":"load","resreq":"select[mem>0] order[r1m:mem]","n":1})");
  ASSERT_EQ(at(r, "hosts").size(), 1u);
  EXPECT_EQ(at(at(r, "hosts").items()[0], "name").asString(), "hostA");
  r = run(queryLoad, R"({"op":"load","hosts":["hostb","hostC"]})");
  ASSERT_EQ(at(r, "hosts").size(), 2u);
  EXPECT_EQ(at(at(r, "hosts").items()[0], "name").asString(), "hostB");
}

TEST_F(Queries, LoadErrorsAreCodedReplies) {
  Json r = run(queryLoad, R"({"op":"load","hosts":["nosuch"]})");
  EXPECT_FALSE(at(r, "ok").asBool());
  EXPECT_EQ(at(r, "code").asString(), "notfound");
  EXPECT_EQ(at(r, "error").asString(), "nosuch: Unknown host");
  r = run(queryLoad, R"({"op":"load","resreq":"select[mem>"})");
  EXPECT_EQ(at(r, "code").asString(), "syntax");
}

TEST_F(Queries, ErrorReplyTextIsCompactAndSorted) {
  EXPECT_EQ(errorReply("notfound", "x: Unknown host"),
            R"({"code":"notfound","error":"x: Unknown host","ok":false})");
}

TEST_F(Queries, ErrorReplyNamesItsSubcodeLast) {
  EXPECT_EQ(errorReply("notfound", "x", Subcode::kUnknownHost),
            R"({"code":"notfound","error":"x","ok":false,"subcode":"unknownhost"})");
}

// The cases one code covers are told apart by the reply's subcode (docs/protocol.md), which
// the client library reads instead of the words.
TEST_F(Queries, ErrorRepliesCarryTheSubcodeThatTellsTheirCaseApart) {
  struct Case {
    Answer (*query)(const Json&, const QueryContext&);
    const char* request;
    const char* code;
    const char* subcode;  // "" = none
  } cases[] = {
      {queryLoad, R"({"op":"load","hosts":["nosuch"]})", "notfound", "unknownhost"},
      {queryLoad, R"({"op":"load","resreq":"select[nosuchres>1]"})", "notfound", "unknownresource"},
      {queryLoad, R"({"op":"load","resreq":"select[type==SPARC]"})", "notfound", "unknownvalue"},
      {queryLoad, R"({"op":"load","hosts":"hostA"})", "syntax", "badhostname"},
      {queryLoad, R"({"op":"load","resreq":"select[mem>"})", "syntax", ""},
      {queryHosts, R"({"op":"hosts","hosts":["hostA","nosuch"]})", "notfound", "unknownhost"},
      {queryPlace, R"({"op":"place","hosts":["nosuch"]})", "notfound", "unknownhost"},
      {queryPlace, R"({"op":"place","resreq":"select[nosuchres>1]"})", "syntax", "unknownresource"},
      {queryPlace, R"({"op":"place","resreq":"select[model==Fancy]"})", "syntax", "unknownvalue"},
      {queryPlace, R"({"op":"place","local":5})", "syntax", "badhostname"},
      {queryPlace, R"({"op":"place","n":100,"w":100})", "noteligible", ""},
      {queryLoadAdj, R"({"op":"loadadj","hosts":["hostA","nosuch"]})", "notfound", "unknownhost"},
  };
  for (const auto& c : cases) {
    Json r = run(c.query, c.request);
    EXPECT_EQ(at(r, "code").asString(), c.code) << c.request;
    EXPECT_EQ(r.stringOr("subcode"), c.subcode) << c.request;
  }
}

TEST_F(Queries, HostsGivesStaticFieldsAndNullForUnreported) {
  Json r = run(queryHosts, R"({"op":"hosts"})");
  ASSERT_EQ(at(r, "hosts").size(), 3u);
  const Json& a = at(r, "hosts").items()[0];
  EXPECT_EQ(at(a, "type").asString(), "LINUX86");
  EXPECT_EQ(at(a, "model").asString(), "Generic");
  EXPECT_EQ(at(a, "cpuf").asNumber(), 100);
  EXPECT_EQ(at(a, "ncpus").asNumber(), 4);
  EXPECT_TRUE(at(a, "maxmem").isNull());
  EXPECT_TRUE(at(a, "server").asBool());
  ASSERT_EQ(at(a, "resources").size(), 2u);
  EXPECT_EQ(at(a, "resources").items()[0].asString(), "fs");
  EXPECT_EQ(at(a, "resources").items()[1].asString(), "maxslots=4.5");
  EXPECT_EQ(at(at(a, "thresholds"), "r1m").asNumber(), 3);
  EXPECT_TRUE(at(at(r, "hosts").items()[1], "config_drift").asBool());
  EXPECT_EQ(at(at(r, "hosts").items()[2], "status").asString(), "unavail");
}

TEST_F(Queries, PlaceChoosesAndAdjustsTheLoad) {
  Json r = run(queryPlace, R"({"op":"place","resreq":"order[r1m]","n":2,"w":2})");
  EXPECT_TRUE(at(r, "ok").asBool());
  ASSERT_EQ(at(r, "hosts").size(), 2u);
  EXPECT_EQ(at(r, "hosts").items()[0].asString(), "hostA");
  EXPECT_EQ(at(r, "explain").size(), 0u);
  // The adjustment (+1 run queue per slot) shows in the next snapshot.
  EXPECT_GT(table_.snapshot(2)->number(0, "r1m"), 0.5);
}

// rusage amounts are what a job takes: a reservation lowers a decreasing resource (mem).
TEST_F(Queries, PlaceTakesAMemoryReservationFromMem) {
  Json r = run(queryPlace, R"({"op":"place","resreq":"rusage[mem=100]","hosts":["hostA"]})");
  ASSERT_TRUE(at(r, "ok").asBool());
  EXPECT_DOUBLE_EQ(table_.snapshot(2)->number(0, "mem"), 1948);
}

TEST_F(Queries, PlaceNotEligibleKeepsExplain) {
  Json r = run(queryPlace, R"({"op":"place","n":100,"w":100,"explain":true})");
  EXPECT_FALSE(at(r, "ok").asBool());
  EXPECT_EQ(at(r, "code").asString(), "noteligible");
  EXPECT_GT(at(r, "explain").size(), 0u);
  for (const auto& e : at(r, "explain").items()) {
    EXPECT_TRUE(at(e, "host").isString());
    EXPECT_TRUE(at(e, "outcome").isString());
  }
  r = run(queryPlace, R"({"op":"place","hosts":["nosuch"]})");
  EXPECT_EQ(at(r, "code").asString(), "notfound");
  r = run(queryPlace, R"({"op":"place","resreq":"select[["})");
  EXPECT_EQ(at(r, "code").asString(), "syntax");
}

TEST_F(Queries, InfoAndSharedAreSorted) {
  Json r = run(queryInfo, "{}");
  EXPECT_EQ(at(r, "resources").size(), table_.config()->resources.size());
  EXPECT_TRUE(at(at(r, "models").items()[0], "used").asBool());
  r = run(queryShared, R"({"op":"shared"})");
  EXPECT_EQ(at(r, "instances").size(), 0u);
  r = run(queryShared, R"({"op":"shared","names":["nosuch"]})");
  EXPECT_EQ(at(r, "code").asString(), "notfound");
}

// A field of the wrong type or range is refused, naming the field, instead of being
// answered as if it were absent.
TEST_F(Queries, WrongFieldTypesAreSyntaxErrorsNamingTheField) {
  struct Case {
    Answer (*fn)(const Json&, const QueryContext&);
    const char* request;
    const char* error;
  };
  const Case cases[] = {
      {queryLoad, R"({"op":"load","hosts":"hostA"})", R"("hosts" must be an array of host names)"},
      {queryLoad, R"({"op":"load","hosts":[1,2,3]})", R"("hosts" must be an array of host names)"},
      {queryLoad, R"({"op":"load","n":"x"})", R"("n" must be a whole number, 0 or more)"},
      {queryLoad, R"({"op":"load","n":-1})", R"("n" must be a whole number, 0 or more)"},
      {queryLoad, R"({"op":"load","resreq":1})",
       R"("resreq" must be a resource requirement string)"},
      {queryHosts, R"({"op":"hosts","hosts":"hostA"})",
       R"("hosts" must be an array of host names)"},
      {queryPlace, R"({"op":"place","w":-5})",
       R"("w" must be a whole number, -1 (not given) or more)"},
      {queryPlace, R"({"op":"place","n":-1})", R"("n" must be a whole number, 0 or more)"},
      {queryPlace, R"({"op":"place","L":"yes"})", R"("L" must be true or false)"},
      {queryPlace, R"({"op":"place","explain":1})", R"("explain" must be true or false)"},
      {queryPlace, R"({"op":"place","local":2})", R"("local" must be a host name)"},
      {queryShared, R"({"op":"shared","names":"fs"})",
       R"("names" must be an array of resource names)"},
  };
  for (const auto& c : cases) {
    Json r = run(c.fn, c.request);
    EXPECT_FALSE(at(r, "ok").asBool()) << c.request;
    EXPECT_EQ(at(r, "code").asString(), "syntax") << c.request;
    EXPECT_EQ(at(r, "error").asString(), c.error) << c.request;
  }
}

TEST_F(Queries, ARefusedPlacementAdjustsNoLoad) {
  double before = table_.snapshot(2)->number(0, "r1m");
  Json r = run(queryPlace, R"({"op":"place","n":"2"})");
  EXPECT_EQ(at(r, "code").asString(), "syntax");
  EXPECT_EQ(table_.snapshot(2)->number(0, "r1m"), before);
}

TEST_F(Queries, LoadAdjustAddsOneTaskPerNamedSlot) {
  double a = table_.snapshot(2)->number(0, "r1m");
  double b = table_.snapshot(2)->number(1, "r1m");
  Json r = run(queryLoadAdj, R"({"op":"loadadj","hosts":["hostA","hostA","hostB"]})");
  EXPECT_TRUE(at(r, "ok").asBool());
  EXPECT_EQ(at(r, "adjusted").asNumber(), 3);
  EXPECT_DOUBLE_EQ(table_.snapshot(2)->number(0, "r1m"), a + 2);
  EXPECT_DOUBLE_EQ(table_.snapshot(2)->number(1, "r1m"), b + 1);
}

TEST_F(Queries, RefusedLoadAdjustAddsNothing) {
  double a = table_.snapshot(2)->number(0, "r1m");
  struct Case {
    const char* request;
    const char* code;
  } cases[] = {{R"({"op":"loadadj","hosts":["hostA","nosuch"]})", "notfound"},
               {R"({"op":"loadadj","hosts":[]})", "syntax"},
               {R"({"op":"loadadj"})", "syntax"},
               {R"({"op":"loadadj","hosts":"hostA"})", "syntax"},
               {R"({"op":"loadadj","hosts":["hostA"],"resreq":"rusage[mem="})", "syntax"}};
  for (const auto& c : cases) {
    Json r = run(queryLoadAdj, c.request);
    EXPECT_EQ(at(r, "code").asString(), c.code) << c.request;
  }
  EXPECT_EQ(table_.snapshot(2)->number(0, "r1m"), a);
}

// The same request once answered as if its wrong-typed fields were absent ("n":"16" as 1,
// "w":7.9 as 7, "hosts" without its number, "n":1e300 as INT_MAX) is refused field by field.
TEST(Requests, MustBeJsonObjectsAndWrongTypesAreRefused) {
  EXPECT_FALSE(parseRequest("[1]").isOk());
  EXPECT_FALSE(parseRequest("{\"op\":").isOk());
  EXPECT_FALSE(parseRequest("").isOk());
  auto r = parseRequest(R"({"n":"16","w":7.9,"L":1,"hosts":["a",2,"b"],"op":"load"})");
  ASSERT_TRUE(r.isOk());
  EXPECT_EQ(reqString(*r, "op"), "load");
  EXPECT_EQ(reqString(*r, "missing", "x"), "x");
  EXPECT_EQ(reqString(*r, "n", "x"), "16");
  auto load = master::decodeLoadRequest(*r);
  ASSERT_FALSE(load.isOk());
  EXPECT_EQ(load.status().message(), "\"hosts\" must be an array of host names");
  auto place = master::decodePlaceRequest(*r);
  ASSERT_FALSE(place.isOk());
  EXPECT_EQ(place.status().message(), "\"n\" must be a whole number, 0 or more");
  auto big = parseRequest(R"({"n":1e300})");
  EXPECT_FALSE(master::decodeLoadRequest(*big).isOk());
  auto w = parseRequest(R"({"w":7.9})");
  EXPECT_FALSE(master::decodePlaceRequest(*w).isOk());
  auto l = parseRequest(R"({"L":1})");
  EXPECT_FALSE(master::decodePlaceRequest(*l).isOk());
}

}  // namespace
}  // namespace openlim::node
