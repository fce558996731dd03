// Reply parsing on the pure JSON reader: wrong types are unknown, never errors or crashes;
// object order is kept; requests go out with sorted keys.
#include <gtest/gtest.h>

#include <cmath>

#include "command.h"
#include "format/reply_parse.h"

namespace openlim::format {
namespace {

format::Json parsed(const char* text) {
  auto j = format::parseJson(text);
  EXPECT_TRUE(j.isOk()) << text;
  return j.isOk() ? *j : format::Json();
}

TEST(ReplyParse, WrongTypesAreUnknownOrSkipped) {
  auto snap =
      parseLoad(parsed(R"({"cluster":7,"hosts":[5,"x",{"name":"hostA","status":null,)"
                       R"("values":{"r1m":"1.5","mem":[1],"ut":0.25,"cs":true},"busy":[1,"r1m"],)"
                       R"("ages":{"ut":"old","mem":2},"thresholds":[]}]})"));
  EXPECT_EQ(snap.cluster, "");
  ASSERT_EQ(snap.hosts.size(), 1u);  // the non-objects are skipped
  const auto& h = snap.hosts[0];
  EXPECT_EQ(h.status, "unavail");  // a status that is not a string
  EXPECT_EQ(snap.value(h, "r1m").kind, format::Value::Kind::kString);
  EXPECT_FALSE(snap.value(h, "mem").isNumber());
  EXPECT_TRUE(snap.value(h, "mem").present());
  EXPECT_DOUBLE_EQ(snap.value(h, "ut").number, 0.25);
  EXPECT_EQ(snap.value(h, "cs").kind, format::Value::Kind::kBool);
  EXPECT_FALSE(snap.value(h, "nosuch").present());
  EXPECT_TRUE(snap.isBusy(h, snap.slot("r1m")));
  EXPECT_TRUE(std::isnan(snap.age(h, snap.slot("ut"))));
  EXPECT_DOUBLE_EQ(snap.age(h, snap.slot("mem")), 2);
}

TEST(ReplyParse, LoadHostsAreFlatRowsOverSharedSlots) {
  auto r = parseLoadReply(
      R"({"ok":true,"cluster":"c","hosts":[{"name":"a","status":"ok","values":{"mem":1,"r1m":2}},)"
      R"({"name":"b","status":"busy","values":{"gpu":3,"mem":4}},{"name":"c"}]})");
  ASSERT_TRUE(r.isOk());
  const auto& snap = r->snapshot;
  EXPECT_EQ(snap.names, (std::vector<std::string>{"mem", "r1m", "gpu"}));
  ASSERT_EQ(snap.hosts.size(), 3u);
  EXPECT_DOUBLE_EQ(snap.value(snap.hosts[1], "mem").number, 4);  // found out of position
  EXPECT_FALSE(snap.value(snap.hosts[1], "r1m").present());      // b lacks r1m
  EXPECT_FALSE(snap.value(snap.hosts[0], "gpu").present());      // a's row is shorter
  EXPECT_EQ(snap.hosts[2].status, "unavail");
  EXPECT_TRUE(r->head.find("ok")->asBool());
  EXPECT_EQ(r->head.stringOr("cluster"), "c");
}

TEST(ReplyParse, HostsReplyIsReadOneHostAtATime) {
  auto r = parseHostsReply(R"({"ok":true,"hosts":[{"name":"a","ncpus":8,"resources":["cs"]},)"
                           R"(3,{"name":"b","server":false}]})");
  ASSERT_TRUE(r.isOk());
  ASSERT_EQ(r->hosts.size(), 2u);  // the number is skipped
  EXPECT_DOUBLE_EQ(r->hosts[0].ncpus.number, 8);
  EXPECT_EQ(r->hosts[1].server, "No");
  EXPECT_TRUE(r->head.find("ok")->asBool());
  EXPECT_EQ(r->head.find("hosts"), nullptr);
  EXPECT_FALSE(parseHostsReply(R"({"hosts":[)").isOk());
}

TEST(ReplyParse, LoadReplyThatIsNotJsonIsAnError) {
  EXPECT_FALSE(parseLoadReply(R"({"hosts":[{"name":"a")").isOk());
  EXPECT_FALSE(parseLoadReply("").isOk());
  auto r = parseLoadReply("[1,2]");  // JSON but not a reply: no "ok", no hosts
  ASSERT_TRUE(r.isOk());
  EXPECT_TRUE(r->snapshot.hosts.empty());
  EXPECT_EQ(r->head.find("ok"), nullptr);
}

TEST(ReplyParse, HostsAndInfoFieldsByType) {
  auto hosts = parseHosts(
      parsed(R"({"hosts":[{"name":"a","server":true,"ncpus":8,"resources":["cs",1,"fs"]},)"
             R"({"name":"b","server":"Dyn","ncpus":null}]})"));
  ASSERT_EQ(hosts.size(), 2u);
  EXPECT_EQ(hosts[0].server, "Yes");
  EXPECT_EQ(hosts[1].server, "Dyn");
  EXPECT_DOUBLE_EQ(hosts[0].ncpus.number, 8);
  EXPECT_FALSE(hosts[1].ncpus.isNumber());
  EXPECT_EQ(hosts[0].resources, (std::vector<std::string>{"cs", "fs"}));
  auto info = parseInfo(parsed(R"({"resources":[{"name":"r","type":"Numeric","order":"Dec",)"
                               R"("dynamic":1,"interval":"15"}],"types":["LINUX86"]})"));
  ASSERT_EQ(info.resources.size(), 1u);
  EXPECT_TRUE(info.resources[0].dynamic);    // numbers count as booleans
  EXPECT_EQ(info.resources[0].interval, 0);  // a string is not a number
  EXPECT_EQ(info.types, (std::vector<std::string>{"LINUX86"}));
}

TEST(ReplyParse, ElimStatusKeepsTheLimsFieldOrder) {
  auto st = parseElimStatus(
      parsed(R"({"hosts":[{"host":"a","melim":{"running":true,"pid":7,"z":{"k":1},"a":[]}},)"
             R"({"host":"b","error":"down","reason":"refused"}]})"));
  ASSERT_EQ(st.size(), 2u);
  ASSERT_EQ(st[0].melim.size(), 4u);
  EXPECT_EQ(st[0].melim[0], (std::pair<std::string, std::string>{"running", "yes"}));
  EXPECT_EQ(st[0].melim[2], (std::pair<std::string, std::string>{"z", "k=1"}));
  EXPECT_EQ(st[0].melim[3], (std::pair<std::string, std::string>{"a", "-"}));
  EXPECT_EQ(st[1].error, "down (refused)");
}

TEST(RequestText, TopLevelKeysSortedNestedValuesKept) {
  format::Json req = cmd::request("load");
  req.add("resreq", format::Json::string("select[a\"b]"));
  format::Json hosts = format::Json::array();
  hosts.push(format::Json::string("z"));
  hosts.push(format::Json::string("a"));
  req.add("hosts", std::move(hosts));
  req.add("n", format::Json::number(3));
  req.add("L", format::Json::boolean(true));
  EXPECT_EQ(cmd::requestText(req),
            R"({"L":true,"hosts":["z","a"],"n":3,"op":"load","resreq":"select[a\"b]"})");
}

}  // namespace
}  // namespace openlim::format
