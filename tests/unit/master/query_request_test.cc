// Decoding the query ops' requests (docs/protocol.md): every field of every op is checked for
// its type and range; a bad one is a kInvalid Status naming the field (answered `code:
// syntax`), never taken as absent.
#include "master/query_request.h"

#include <gtest/gtest.h>

namespace openlim::master {
namespace {

format::Json parse(const std::string& text) {
  auto j = format::parseJson(text);
  EXPECT_TRUE(j.isOk()) << text;
  return j ? *j : format::Json::object();
}

template <typename T>
std::string errorOf(Result<T> (*decode)(const format::Json&), const std::string& text) {
  auto r = decode(parse(text));
  if (r) return "(accepted)";
  EXPECT_EQ(r.status().code(), Code::kInvalid) << text;
  return r.status().message();
}

// {"op":5} is not `unknown op ""`: the answer names what "op" is.
TEST(OpDecode, TheOpMustBeAStringAndPresent) {
  EXPECT_EQ(*decodeOp(parse(R"({"op":"load","n":1})")), "load");
  EXPECT_EQ(*decodeOp(parse(R"({"op":"nosuch"})")), "nosuch");  // the router refuses it
  EXPECT_EQ(errorOf(decodeOp, R"({"op":5})"), "\"op\" must be a string, not a number");
  EXPECT_EQ(errorOf(decodeOp, R"({"op":null})"), "\"op\" must be a string, not null");
  EXPECT_EQ(errorOf(decodeOp, R"({"op":["load"]})"), "\"op\" must be a string, not an array");
  EXPECT_EQ(errorOf(decodeOp, R"({"op":{}})"), "\"op\" must be a string, not an object");
  EXPECT_EQ(errorOf(decodeOp, R"({"op":true})"), "\"op\" must be a string, not a boolean");
  EXPECT_EQ(errorOf(decodeOp, R"({"n":1})"), "missing \"op\": the request names no operation");
}

TEST(LoadRequestDecode, AbsentFieldsTakeDefaults) {
  auto r = decodeLoadRequest(parse(R"({"op":"load"})"));
  ASSERT_TRUE(r.isOk());
  EXPECT_EQ(r->resreq, "");
  EXPECT_TRUE(r->hosts.empty());
  EXPECT_EQ(r->n, 0);
}

TEST(LoadRequestDecode, ReadsEveryField) {
  auto r = decodeLoadRequest(
      parse(R"({"op":"load","resreq":"select[mem>0]","hosts":["a","b"],"n":16,"local":"a"})"));
  ASSERT_TRUE(r.isOk());
  EXPECT_EQ(r->resreq, "select[mem>0]");
  EXPECT_EQ(r->hosts, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(r->n, 16);
}

TEST(LoadRequestDecode, HostsMustBeAnArrayOfHostNames) {
  EXPECT_EQ(errorOf(decodeLoadRequest, R"({"op":"load","hosts":"hostA"})"),
            "\"hosts\" must be an array of host names");
  EXPECT_EQ(errorOf(decodeLoadRequest, R"({"op":"load","hosts":[1,2,3]})"),
            "\"hosts\" must be an array of host names");
  EXPECT_EQ(errorOf(decodeLoadRequest, R"({"op":"load","hosts":["a",2]})"),
            "\"hosts\" must be an array of host names");
  EXPECT_EQ(errorOf(decodeLoadRequest, R"({"op":"load","hosts":null})"),
            "\"hosts\" must be an array of host names");
}

TEST(LoadRequestDecode, NMustBeAWholeNumberZeroOrMore) {
  const std::string want = "\"n\" must be a whole number, 0 or more";
  EXPECT_EQ(errorOf(decodeLoadRequest, R"({"op":"load","n":"x"})"), want);
  EXPECT_EQ(errorOf(decodeLoadRequest, R"({"op":"load","n":"16"})"), want);
  EXPECT_EQ(errorOf(decodeLoadRequest, R"({"op":"load","n":-1})"), want);
  EXPECT_EQ(errorOf(decodeLoadRequest, R"({"op":"load","n":2.5})"), want);
  EXPECT_EQ(errorOf(decodeLoadRequest, R"({"op":"load","n":1e300})"), want);
  EXPECT_EQ(errorOf(decodeLoadRequest, R"({"op":"load","n":true})"), want);
  EXPECT_EQ(decodeLoadRequest(parse(R"({"n":2147483647})"))->n, 2147483647);
}

TEST(LoadRequestDecode, ResreqAndLocalMustBeStrings) {
  EXPECT_EQ(errorOf(decodeLoadRequest, R"({"op":"load","resreq":5})"),
            "\"resreq\" must be a resource requirement string");
  EXPECT_EQ(errorOf(decodeLoadRequest, R"({"op":"load","resreq":["r1m"]})"),
            "\"resreq\" must be a resource requirement string");
  EXPECT_EQ(errorOf(decodeLoadRequest, R"({"op":"load","local":{}})"),
            "\"local\" must be a host name");
}

TEST(LoadRequestDecode, UnknownMembersAreIgnored) {
  EXPECT_TRUE(decodeLoadRequest(parse(R"({"op":"load","future":[1]})")).isOk());
}

TEST(HostsRequestDecode, ReadsAndChecksResreqAndHosts) {
  auto r = decodeHostsRequest(parse(R"({"op":"hosts","resreq":"type==any","hosts":["x"]})"));
  ASSERT_TRUE(r.isOk());
  EXPECT_EQ(r->resreq, "type==any");
  EXPECT_EQ(r->hosts, std::vector<std::string>{"x"});
  EXPECT_EQ(errorOf(decodeHostsRequest, R"({"op":"hosts","hosts":"x"})"),
            "\"hosts\" must be an array of host names");
  EXPECT_EQ(errorOf(decodeHostsRequest, R"({"op":"hosts","resreq":false})"),
            "\"resreq\" must be a resource requirement string");
}

TEST(PlaceRequestDecode, AbsentFieldsTakeLsplaceDefaults) {
  auto r = decodePlaceRequest(parse(R"({"op":"place"})"));
  ASSERT_TRUE(r.isOk());
  EXPECT_EQ(r->n, 1);
  EXPECT_EQ(r->w, -1);
  EXPECT_FALSE(r->fewestHosts);
  EXPECT_FALSE(r->explain);
  EXPECT_TRUE(r->hosts.empty());
  EXPECT_EQ(r->local, "");
}

TEST(PlaceRequestDecode, ReadsEveryField) {
  auto r = decodePlaceRequest(parse(R"({"op":"place","resreq":"r1m<2","n":0,"w":0,"L":true,)"
                                    R"("explain":true,"hosts":["a"],"local":"b"})"));
  ASSERT_TRUE(r.isOk());
  EXPECT_EQ(r->resreq, "r1m<2");
  EXPECT_EQ(r->n, 0);
  EXPECT_EQ(r->w, 0);
  EXPECT_TRUE(r->fewestHosts);
  EXPECT_TRUE(r->explain);
  EXPECT_EQ(r->hosts, std::vector<std::string>{"a"});
  EXPECT_EQ(r->local, "b");
  EXPECT_EQ(decodePlaceRequest(parse(R"({"w":-1})"))->w, -1);
}

TEST(PlaceRequestDecode, WMustBeMinusOneOrMore) {
  const std::string want = "\"w\" must be a whole number, -1 (not given) or more";
  EXPECT_EQ(errorOf(decodePlaceRequest, R"({"op":"place","w":-5})"), want);
  EXPECT_EQ(errorOf(decodePlaceRequest, R"({"op":"place","w":"2"})"), want);
  EXPECT_EQ(errorOf(decodePlaceRequest, R"({"op":"place","w":1.5})"), want);
}

TEST(PlaceRequestDecode, NLAndExplainAreChecked) {
  EXPECT_EQ(errorOf(decodePlaceRequest, R"({"op":"place","n":-1})"),
            "\"n\" must be a whole number, 0 or more");
  EXPECT_EQ(errorOf(decodePlaceRequest, R"({"op":"place","n":"x"})"),
            "\"n\" must be a whole number, 0 or more");
  EXPECT_EQ(errorOf(decodePlaceRequest, R"({"op":"place","L":1})"), "\"L\" must be true or false");
  EXPECT_EQ(errorOf(decodePlaceRequest, R"({"op":"place","explain":"yes"})"),
            "\"explain\" must be true or false");
}

TEST(PlaceRequestDecode, HostsResreqAndLocalAreChecked) {
  EXPECT_EQ(errorOf(decodePlaceRequest, R"({"op":"place","hosts":"hostA"})"),
            "\"hosts\" must be an array of host names");
  EXPECT_EQ(errorOf(decodePlaceRequest, R"({"op":"place","resreq":1})"),
            "\"resreq\" must be a resource requirement string");
  EXPECT_EQ(errorOf(decodePlaceRequest, R"({"op":"place","local":["a"]})"),
            "\"local\" must be a host name");
}

TEST(PlaceRequestDecode, TheFirstBadFieldIsNamed) {
  EXPECT_EQ(errorOf(decodePlaceRequest, R"({"op":"place","n":-1,"w":-5})"),
            "\"n\" must be a whole number, 0 or more");
}

TEST(SharedRequestDecode, NamesMustBeAnArrayOfResourceNames) {
  auto r = decodeSharedRequest(parse(R"({"op":"shared","names":["lic"]})"));
  ASSERT_TRUE(r.isOk());
  EXPECT_EQ(r->names, std::vector<std::string>{"lic"});
  EXPECT_TRUE(decodeSharedRequest(parse(R"({"op":"shared"})"))->names.empty());
  EXPECT_EQ(errorOf(decodeSharedRequest, R"({"op":"shared","names":"lic"})"),
            "\"names\" must be an array of resource names");
  EXPECT_EQ(errorOf(decodeSharedRequest, R"({"op":"shared","names":[1]})"),
            "\"names\" must be an array of resource names");
}

TEST(ElimStatusRequestDecode, HostMustBeAHostName) {
  EXPECT_EQ(decodeElimStatusRequest(parse(R"({"op":"elimstatus","host":"a"})"))->host, "a");
  EXPECT_EQ(decodeElimStatusRequest(parse(R"({"op":"elimstatus"})"))->host, "");
  EXPECT_EQ(errorOf(decodeElimStatusRequest, R"({"op":"elimstatus","host":["a"]})"),
            "\"host\" must be a host name");
}

TEST(AdminRequestDecode, ReadsHostSecondsAndSender) {
  auto r = decodeAdminRequest(parse(R"({"op":"lock","host":"b","seconds":30,"sender":"u@a"})"));
  ASSERT_TRUE(r.isOk());
  EXPECT_EQ(r->host, "b");
  EXPECT_EQ(r->seconds, 30);
  EXPECT_EQ(r->sender, "u@a");
  auto d = decodeAdminRequest(parse(R"({"op":"unlock"})"));
  EXPECT_FALSE(d->host.has_value());
  EXPECT_EQ(d->seconds, 0);
}

TEST(AdminRequestDecode, BadHostSecondsOrSenderAreRefused) {
  EXPECT_EQ(errorOf(decodeAdminRequest, R"({"op":"lock","host":1})"),
            "\"host\" must be a host name");
  const std::string secs = "\"seconds\" must be a number of seconds, 0 or more";
  EXPECT_EQ(errorOf(decodeAdminRequest, R"({"op":"lock","seconds":"30"})"), secs);
  EXPECT_EQ(errorOf(decodeAdminRequest, R"({"op":"lock","seconds":-1})"), secs);
  EXPECT_EQ(errorOf(decodeAdminRequest, R"({"op":"lock","sender":5})"),
            "\"sender\" must be a string naming the sender");
}

TEST(PolicyQueryDecode, ReadsEveryFieldAndJobAttributes) {
  auto r = decodePolicyQuery(
      parse(R"({"policy":"day","strict":true,"count":3,"slots":2,"hosts":["a"],"explain":true,)"
            R"("attributes":true,"resreq":"select[ut<1]","at":"2026-11-25 12:00",)"
            R"("job":{"nastran":1,"JOB_NCPUS":4.5}})"));
  ASSERT_TRUE(r) << r.status().message();
  EXPECT_EQ(r->policy, "day");
  EXPECT_TRUE(r->strict && r->explain && r->attributes);
  EXPECT_EQ(r->count, 3);
  EXPECT_EQ(r->slots, 2);
  ASSERT_EQ(r->job.size(), 2u);
  EXPECT_EQ(r->job[0].name, "JOB_NASTRAN");
  EXPECT_EQ(r->job[1].value, 4.5);
}

// JOB_REQNAME, the request name, is a string job attribute: one printable word, never a number.
TEST(PolicyQueryDecode, TheRequestNameIsAStringJobAttribute) {
  auto r = decodePolicyQuery(parse(R"({"job":{"reqname":"bigsim_7","JOB_NCPUS":2}})"));
  ASSERT_TRUE(r) << r.status().message();
  ASSERT_EQ(r->job.size(), 2u);
  EXPECT_EQ(r->job[0].name, "JOB_REQNAME");
  EXPECT_EQ(r->job[0].text, "bigsim_7");
  EXPECT_TRUE(r->job[0].isText());
  EXPECT_FALSE(r->job[1].isText());
  const std::string job = "\"job\" must be an object of job attribute names and values, 0 or more";
  EXPECT_EQ(errorOf(decodePolicyQuery, R"({"job":{"JOB_REQNAME":1}})"), job);
  EXPECT_EQ(errorOf(decodePolicyQuery, R"({"job":{"JOB_REQNAME":""}})"), job);
  EXPECT_EQ(errorOf(decodePolicyQuery, R"({"job":{"JOB_REQNAME":"two words"}})"), job);
  EXPECT_EQ(
      errorOf(decodePolicyQuery, "{\"job\":{\"JOB_REQNAME\":\"" + std::string(256, 'x') + "\"}}"),
      job);
  auto place = decodePlaceRequest(parse(R"({"job":{"JOB_REQNAME":"a"}})"));
  ASSERT_TRUE(place) << place.status().message();
  EXPECT_EQ(place->job[0].text, "a");
}

TEST(PolicyQueryDecode, BadFieldsAreRefusedByName) {
  const std::string job = "\"job\" must be an object of job attribute names and values, 0 or more";
  EXPECT_EQ(errorOf(decodePolicyQuery, R"({"slots":0})"),
            "\"slots\" must be a whole number, 1 or more");
  EXPECT_EQ(errorOf(decodePolicyQuery, R"({"count":-1})"),
            "\"count\" must be a whole number, 0 or more");
  EXPECT_EQ(errorOf(decodePolicyQuery, R"({"strict":"yes"})"), "\"strict\" must be true or false");
  EXPECT_EQ(errorOf(decodePolicyQuery, R"({"job":{"x":-1}})"), job);
  EXPECT_EQ(errorOf(decodePolicyQuery, R"({"job":{"1x":1}})"), job);
  EXPECT_EQ(errorOf(decodePolicyQuery, R"({"job":{"x":1,"JOB_X":2}})"), job);
  EXPECT_EQ(errorOf(decodePolicyQuery, R"({"job":[1]})"), job);
  EXPECT_EQ(errorOf(decodePlaceRequest, R"({"job":{"x":"1"}})"), job);
}

}  // namespace
}  // namespace openlim::master
