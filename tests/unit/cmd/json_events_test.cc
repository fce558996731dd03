// The JSON reader's event form and the item streamer built on it: the tree parseJson builds
// from the events is the text's tree; a streamed array's items come one at a time and the
// rest of the root stays a tree.
#include <gtest/gtest.h>

#include "format/json.h"

namespace openlim::format {
namespace {

class Recorder : public JsonEvents {
 public:
  std::string log;
  void beginObject() override { log += "{"; }
  void key(std::string_view name) override { log += std::string(name) + ":"; }
  void endObject() override { log += "}"; }
  void beginArray() override { log += "["; }
  void endArray() override { log += "]"; }
  void scalar(Json& v) override { log += v.compact() + ","; }
};

TEST(JsonEvents, EventsComeInTextOrderWithDecodedNames) {
  Recorder r;
  ASSERT_TRUE(parseJsonEvents(R"({"a\u0041":[1,"x",null,true],"b":{}})", r).isOk());
  EXPECT_EQ(r.log, R"({aA:[1,"x",null,true,]b:{}})");
}

TEST(JsonEvents, ErrorsAreThoseOfParseJson) {
  Recorder r;
  auto s = parseJsonEvents(R"({"a":[1,)", r);
  EXPECT_FALSE(s.isOk());
  EXPECT_EQ(s.message(), parseJson(R"({"a":[1,)").status().message());
  EXPECT_FALSE(parseJsonEvents(std::string(100, '['), r).isOk());  // depth cap
}

TEST(JsonEvents, TreeFromEventsRoundTrips) {
  const char* text = R"({"a":[{"b":[[],{}],"c":"\u0001"}],"d":-1.5e3,"e":{"f":[null]}})";
  auto j = parseJson(text);
  ASSERT_TRUE(j.isOk());
  EXPECT_EQ(j->compact(), R"({"a":[{"b":[[],{}],"c":"\u0001"}],"d":-1500,"e":{"f":[null]}})");
}

TEST(JsonItems, ItemsOfTheNamedRootArrayComeOneAtATime) {
  std::vector<std::string> items;
  auto head = parseJsonItems(
      R"({"ok":true,"hosts":[{"name":"a","v":[1,{"x":2}]},7,[],{"name":"b"}],"n":{"hosts":[1]}})",
      "hosts", [&](Json& item) { items.push_back(item.compact()); });
  ASSERT_TRUE(head.isOk());
  EXPECT_EQ(items, (std::vector<std::string>{R"({"name":"a","v":[1,{"x":2}]})", "7", "[]",
                                             R"({"name":"b"})"}));
  // The root keeps its other members; a nested "hosts" is not the streamed one.
  EXPECT_EQ(head->compact(), R"({"ok":true,"n":{"hosts":[1]}})");
}

TEST(JsonItems, AnotherKeyOrAMalformedTextStreamsNothingWrong) {
  int n = 0;
  auto head = parseJsonItems(R"({"other":[1,2]})", "hosts", [&](Json&) { ++n; });
  ASSERT_TRUE(head.isOk());
  EXPECT_EQ(n, 0);
  EXPECT_EQ(head->compact(), R"({"other":[1,2]})");
  EXPECT_FALSE(parseJsonItems(R"({"hosts":[{"a":1},)", "hosts", [&](Json&) { ++n; }).isOk());
  EXPECT_EQ(n, 1);  // what was complete before the error was handed over
}

}  // namespace
}  // namespace openlim::format
