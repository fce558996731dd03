// JsonWriter: commas and nesting, keys written once, numbers, escapes; its text reads back
// with parseJson as the same value a Json tree gives.
#include "format/json_writer.h"

#include <gtest/gtest.h>

#include <cmath>

#include "format/json.h"

namespace openlim::format {
namespace {

TEST(JsonWriter, NestsWithCommasOnlyBetweenItems) {
  std::string out;
  JsonWriter w(out);
  w.beginObject().key("a").beginArray().num(1).num(2).beginObject().endObject().endArray();
  w.key("b").beginObject().key("c").null().key("d").boolean(false).endObject();
  w.key("e").beginArray().endArray().endObject();
  EXPECT_EQ(out, R"({"a":[1,2,{}],"b":{"c":null,"d":false},"e":[]})");
  EXPECT_TRUE(w.complete());
}

TEST(JsonWriter, IncompleteUntilEveryContainerEnds) {
  std::string out;
  JsonWriter w(out);
  EXPECT_FALSE(w.complete());
  w.beginArray().beginObject();
  EXPECT_FALSE(w.complete());
  w.endObject();
  EXPECT_FALSE(w.complete());
  w.endArray();
  EXPECT_TRUE(w.complete());
}

TEST(JsonWriter, NumbersNeverNaNAndIntegersWithoutFraction) {
  std::string out;
  JsonWriter w(out);
  w.beginArray().num(std::nan("")).num(INFINITY).num(-0.0).num(3).num(0.1).num(1e300);
  w.num(-2.5).endArray();
  EXPECT_EQ(out, "[null,null,0,3,0.1,1e+300,-2.5]");
}

TEST(JsonWriter, EscapesStringsAndKeys) {
  std::string out;
  JsonWriter w(out);
  w.beginObject().key("q\"k\\").str("line\nnext\ttab\x01").endObject();
  EXPECT_EQ(out, "{\"q\\\"k\\\\\":\"line\\nnext\\ttab\\u0001\"}");
  auto back = parseJson(out);
  ASSERT_TRUE(back.isOk());
  ASSERT_NE(back->find("q\"k\\"), nullptr);
  EXPECT_EQ(back->find("q\"k\\")->asString(), "line\nnext\ttab\x01");
}

TEST(JsonWriter, QuotedKeyTextEqualsKey) {
  std::string a, b;
  const std::string quoted = JsonWriter::quotedKey("m\"em");
  EXPECT_EQ(quoted, "\"m\\\"em\":");
  JsonWriter(a).beginObject().key("x").num(1).keyText(quoted).num(2).endObject();
  JsonWriter(b).beginObject().key("x").num(1).key("m\"em").num(2).endObject();
  EXPECT_EQ(a, b);
}

TEST(JsonWriter, SameTextAsJsonTreeCompact) {
  Json tree = Json::object();
  Json arr = Json::array();
  arr.push(Json::string("h1")).push(Json::number(0.25)).push(Json::null());
  tree.add("hosts", std::move(arr)).add("ok", Json::boolean(true));
  std::string out;
  JsonWriter w(out);
  w.beginObject().key("hosts").beginArray().str("h1").num(0.25).null().endArray();
  w.key("ok").boolean(true).endObject();
  EXPECT_EQ(out, tree.compact());
}

TEST(JsonWriter, StringsAndRaw) {
  std::string out;
  JsonWriter w(out);
  w.beginArray().strings({"a", "b"}).raw(R"({"x":1})").strings({}).endArray();
  EXPECT_EQ(out, R"([["a","b"],{"x":1},[]])");
}

}  // namespace
}  // namespace openlim::format
