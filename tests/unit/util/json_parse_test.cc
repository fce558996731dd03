// parseJson and the reading side of format::Json: well-formed texts of every kind, the
// round trip through compact()/dump(), and malformed texts with their offsets.

#include <gtest/gtest.h>

#include <cmath>

#include "format/json.h"

namespace openlim::format {
namespace {

Json parsed(std::string_view text) {
  auto r = parseJson(text);
  EXPECT_TRUE(r.isOk()) << text << ": " << r.status().message();
  return r.isOk() ? *r : Json();
}

std::string errorOf(std::string_view text) {
  auto r = parseJson(text);
  EXPECT_FALSE(r.isOk()) << text;
  return r.isOk() ? "" : r.status().message();
}

TEST(JsonParse, ScalarsOfEveryKind) {
  EXPECT_TRUE(parsed("null").isNull());
  EXPECT_TRUE(parsed(" true ").asBool());
  EXPECT_FALSE(parsed("false").asBool(true));
  EXPECT_TRUE(parsed("false").isBool());
  EXPECT_DOUBLE_EQ(parsed("-12.5e2").asNumber(), -1250);
  EXPECT_DOUBLE_EQ(parsed("0").asNumber(7), 0);
  EXPECT_DOUBLE_EQ(parsed("40512").asNumber(), 40512);
  EXPECT_DOUBLE_EQ(parsed("1E-3").asNumber(), 0.001);
  EXPECT_EQ(parsed("\"hostA\"").asString(), "hostA");
}

TEST(JsonParse, ObjectsKeepOrderAndFindTakesTheLastDuplicate) {
  Json o = parsed(R"({"b":1,"a":[true,null,"x"],"b":2})");
  ASSERT_TRUE(o.isObject());
  ASSERT_EQ(o.members().size(), 3u);
  EXPECT_EQ(o.members()[0].first, "b");
  EXPECT_EQ(o.members()[1].first, "a");
  EXPECT_DOUBLE_EQ(o.find("b")->asNumber(), 2);
  EXPECT_EQ(o.find("missing"), nullptr);
  const Json* a = o.find("a");
  ASSERT_NE(a, nullptr);
  ASSERT_EQ(a->items().size(), 3u);
  EXPECT_TRUE(a->items()[1].isNull());
  EXPECT_EQ(a->items()[2].asString(), "x");
  EXPECT_EQ(o.stringOr("a", "fallback"), "fallback");  // not a string
}

TEST(JsonParse, AccessorsOfTheWrongKindGiveTheFallback) {
  Json s = parsed("\"5\"");
  EXPECT_DOUBLE_EQ(s.asNumber(-1), -1);
  EXPECT_TRUE(s.asBool(true));
  EXPECT_EQ(parsed("5").asString(), "");
  EXPECT_EQ(parsed("5").find("x"), nullptr);
  EXPECT_TRUE(parsed("[1]").members().empty());
}

TEST(JsonParse, EscapesAndUnicode) {
  EXPECT_EQ(parsed(R"("a\"b\\c\/d\b\f\n\r\t")").asString(), "a\"b\\c/d\b\f\n\r\t");
  EXPECT_EQ(parsed(R"("\u00e9\u20ac")").asString(), "\xC3\xA9\xE2\x82\xAC");
  EXPECT_EQ(parsed(R"("\ud83d\ude00")").asString(), "\xF0\x9F\x98\x80");  // surrogate pair
  EXPECT_EQ(parsed(R"("\ud83dx")").asString(), "\xEF\xBF\xBDx");          // lone high
  EXPECT_EQ(parsed(R"("\ude00")").asString(), "\xEF\xBF\xBD");            // lone low
  EXPECT_EQ(parsed(R"("\ud83d\u0041")").asString(),
            "\xEF\xBF\xBD"
            "A");                                                  // high + non-low
  EXPECT_EQ(parsed("\"caf\xC3\xA9\"").asString(), "caf\xC3\xA9");  // raw UTF-8 kept
}

TEST(JsonParse, RoundTripsThroughCompactAndDump) {
  const std::string text =
      R"({"ok":true,"hosts":[{"name":"hostA","values":{"r1m":0.25,"mem":40512,"x":null},)"
      R"("busy":["r1m"],"note":"tab\there"}],"empty":{},"none":[]})";
  Json j = parsed(text);
  EXPECT_EQ(j.compact(), text);
  EXPECT_EQ(parsed(j.dump()).compact(), text);
}

TEST(JsonParse, DumpIndentsTwoSpacesALevelAndKeepsEmptyContainersOnOneLine) {
  Json j = parsed(R"({"hosts":[{"name":"a","busy":[]},{}],"n":1})");
  EXPECT_EQ(j.dump(),
            "{\n"
            "  \"hosts\": [\n"
            "    {\n"
            "      \"name\": \"a\",\n"
            "      \"busy\": []\n"
            "    },\n"
            "    {}\n"
            "  ],\n"
            "  \"n\": 1\n"
            "}\n");
}

TEST(JsonParse, BuiltValuesWriteCompactly) {
  Json o = Json::object();
  o.add("n", Json::number(1.5)).add("s", Json::string("q\"")).add("u", Json::number(std::nan("")));
  o.set("n", Json::number(2));
  Json a = Json::array();
  a.push(Json::boolean(false)).push(Json::null());
  o.add("a", std::move(a));
  EXPECT_EQ(o.compact(), R"({"n":2,"s":"q\"","u":null,"a":[false,null]})");
}

TEST(JsonParse, UnderflowIsZeroOverflowIsRefused) {
  EXPECT_DOUBLE_EQ(parsed("1e-400").asNumber(7), 0);
  EXPECT_EQ(errorOf("[1e400]"), "JSON offset 1: number out of range");
}

TEST(JsonParse, MalformedTextsNameTheOffset) {
  EXPECT_EQ(errorOf(""), "JSON offset 0: unexpected end of text");
  EXPECT_EQ(errorOf("   "), "JSON offset 3: unexpected end of text");
  EXPECT_EQ(errorOf("{"), "JSON offset 1: expected a member name");
  EXPECT_EQ(errorOf("{\"a\" 1}"), "JSON offset 5: expected ':'");
  EXPECT_EQ(errorOf("{\"a\":1,}"), "JSON offset 7: expected a member name");
  EXPECT_EQ(errorOf("{\"a\":1 \"b\":2}"), "JSON offset 7: expected ',' or '}'");
  EXPECT_EQ(errorOf("[1,]"), "JSON offset 3: unexpected character");
  EXPECT_EQ(errorOf("[1 2]"), "JSON offset 3: expected ',' or ']'");
  EXPECT_EQ(errorOf("[1"), "JSON offset 2: expected ',' or ']'");
  EXPECT_EQ(errorOf("tru"), "JSON offset 0: invalid literal");
  EXPECT_EQ(errorOf("nul"), "JSON offset 0: invalid literal");
  EXPECT_EQ(errorOf("1 2"), "JSON offset 2: unexpected text after the value");
  EXPECT_EQ(errorOf("{} x"), "JSON offset 3: unexpected text after the value");
  EXPECT_EQ(errorOf("'a'"), "JSON offset 0: unexpected character");
}

TEST(JsonParse, MalformedNumbers) {
  EXPECT_EQ(errorOf("01"), "JSON offset 1: unexpected text after the value");
  EXPECT_EQ(errorOf("+1"), "JSON offset 0: unexpected character");
  EXPECT_EQ(errorOf("-"), "JSON offset 0: unexpected character");
  EXPECT_EQ(errorOf("1."), "JSON offset 2: expected a digit after '.'");
  EXPECT_EQ(errorOf(".5"), "JSON offset 0: unexpected character");
  EXPECT_EQ(errorOf("1e"), "JSON offset 2: expected a digit in the exponent");
  EXPECT_EQ(errorOf("1e+"), "JSON offset 3: expected a digit in the exponent");
  EXPECT_EQ(errorOf("NaN"), "JSON offset 0: unexpected character");
  EXPECT_EQ(errorOf("Infinity"), "JSON offset 0: unexpected character");
}

TEST(JsonParse, MalformedStrings) {
  EXPECT_EQ(errorOf("\"abc"), "JSON offset 4: unterminated string");
  EXPECT_EQ(errorOf("\"abc\\"), "JSON offset 5: unterminated string");
  EXPECT_EQ(errorOf("\"a\nb\""), "JSON offset 2: control character in string");
  EXPECT_EQ(errorOf(R"("\x")"), "JSON offset 2: bad escape in string");
  EXPECT_EQ(errorOf(R"("\u12")"), "JSON offset 3: truncated \\u escape");
  EXPECT_EQ(errorOf(R"("\u12g4")"), "JSON offset 5: bad hex digit in \\u escape");
  EXPECT_EQ(errorOf(R"({1:2})"), "JSON offset 1: expected a member name");
}

TEST(JsonParse, NestingIsBounded) {
  std::string deep(65, '[');
  deep += std::string(65, ']');
  EXPECT_EQ(errorOf(deep), "JSON offset 64: nesting too deep");
  std::string ok(64, '[');
  ok += std::string(64, ']');
  EXPECT_TRUE(parseJson(ok).isOk());
  EXPECT_TRUE(parseJson(deep, 100).isOk());
  // A depth bound, not a stack overflow, for a hostile text of a million brackets.
  EXPECT_FALSE(parseJson(std::string(1000000, '[')).isOk());
}

TEST(JsonParse, EmbeddedNulIsAControlCharacter) {
  EXPECT_EQ(errorOf(std::string("\"a\0b\"", 5)), "JSON offset 2: control character in string");
  EXPECT_EQ(errorOf(std::string("1\0", 2)), "JSON offset 1: unexpected text after the value");
}

}  // namespace
}  // namespace openlim::format
