// The site attributes file (NLB object data format): values, objects, and every malformed
// piece named by line.
#include "policy/attributes_file.h"

#include <gtest/gtest.h>

#include <string>

namespace openlim::policy {
namespace {

std::string diagText(const AttributesLoad& l) {
  std::string s;
  for (const Diagnostic& d : l.diagnostics)
    s += (d.severity == Severity::kError ? "E " : "W ") + d.toString() + "\n";
  return s;
}

TEST(AttributesFile, ReadsTheChaptersObjectDataExamplesUnchanged) {
  // As the NLB chapter prints them: several objects on one line, and one per line.
  AttributesLoad a = parseAttributes(
      "object NLB (cool) { host_nastran = 1; host_unichem = 1; } object NLB (gust) { "
      "host_oracle = 1; host_unichem = 1; } object NLB (hot) { host_oracle = 1; }",
      "obj_defs");
  EXPECT_TRUE(a.diagnostics.empty()) << diagText(a);
  ASSERT_EQ(a.hosts.size(), 3u);
  EXPECT_EQ(a.find("GUST")->find("HOST_ORACLE")->integer, 1);
  AttributesLoad b = parseAttributes(R"(object NLB (cloudy) {
    NLB_SITE_CPUNORM = 10;
    NLB_APPLICATIONS = "UniChem dbase";
}
object NLB (gust) {
    NLB_SITE_CPUNORM = 12;
    NLB_APPLICATIONS = "UniChem TurboKiva";
}
object NLB (hot) {
    NLB_SITE_CPUNORM = 24;
    NLB_APPLICATIONS = "";
}
object NLB ("hot") { NEW_ATTRIBUTE_1 = 12345; NEW_ATTRIBUTE_2 = "This is a text string"; }
)",
                                     "obj_defs");
  EXPECT_TRUE(b.diagnostics.empty()) << diagText(b);
  ASSERT_EQ(b.hosts.size(), 3u);  // the quoted "hot" is the same host as hot
  EXPECT_EQ(b.find("hot")->find("NEW_ATTRIBUTE_2")->text, "This is a text string");
}

TEST(AttributesFile, ValueKinds) {
  AttributesLoad l = parseAttributes(R"(# site values
object NLB (h1) {
  I = 42;  NEG = -7;  PLUS = +3;  OCT = 010;  ZERO = 0;  NEGOCT = -017;
  F = 35000.0;  HALF = .5;  NEGF = -2.25;  LEADZERO = 0.5;
  S = "two words";  W = gold;  W2 = Tier_2;  EMPTY = "";
  lower_case = 1;
}
)",
                                     "a");
  ASSERT_TRUE(l.diagnostics.empty()) << diagText(l);
  const HostAttributes& h = l.hosts[0];
  EXPECT_EQ(h.line, 2);
  auto i = [&](const char* n) { return h.find(n)->integer; };
  auto f = [&](const char* n) { return h.find(n)->number; };
  auto s = [&](const char* n) { return h.find(n)->text; };
  EXPECT_EQ(i("I"), 42);
  EXPECT_EQ(i("NEG"), -7);
  EXPECT_EQ(i("PLUS"), 3);
  EXPECT_EQ(i("OCT"), 8);
  EXPECT_EQ(i("ZERO"), 0);
  EXPECT_EQ(i("NEGOCT"), -15);
  EXPECT_EQ(h.find("OCT")->kind, AttrValue::Kind::kInteger);
  EXPECT_DOUBLE_EQ(f("F"), 35000.0);
  EXPECT_DOUBLE_EQ(f("HALF"), 0.5);
  EXPECT_DOUBLE_EQ(f("NEGF"), -2.25);
  EXPECT_DOUBLE_EQ(f("LEADZERO"), 0.5);
  EXPECT_EQ(h.find("F")->kind, AttrValue::Kind::kFloat);
  EXPECT_EQ(s("S"), "two words");
  EXPECT_EQ(s("W"), "gold");
  EXPECT_EQ(s("W2"), "Tier_2");
  EXPECT_EQ(s("EMPTY"), "");
  EXPECT_EQ(h.find("W")->kind, AttrValue::Kind::kString);
  EXPECT_NE(h.find("LOWER_CASE"), nullptr);
  EXPECT_EQ(h.find("lower_case"), nullptr);  // lookups take upper case
}

TEST(AttributesFile, RepeatedHostsMergeAndRepeatedNamesWarn) {
  AttributesLoad l = parseAttributes(
      "object NLB (a) { X = 1; Y = 2; }\nobject nlb (A) { x = 3;\n x = 4; }\n", "f");
  EXPECT_EQ(l.errors(), 0);
  EXPECT_EQ(diagText(l),
            "W f:3: <x> is set twice in one object for host <a>; the later value is used\n");
  ASSERT_EQ(l.hosts.size(), 1u);
  EXPECT_EQ(l.hosts[0].find("X")->integer, 4);
  EXPECT_EQ(l.hosts[0].find("Y")->integer, 2);
}

struct Case {
  const char* text;
  const char* expected;  // the first diagnostic
};

TEST(AttributesFile, MalformedPiecesAreErrorsWithTheirLine) {
  const Case kCases[] = {
      {"object NLB (h) {\n X = 3.5e4;\n}\n",
       "E f:2: X: floating-point values are written in fixed point (35000.0, not 3.5e4): "
       "<3.5e4>"},
      {"object NLB (h) {\n X = 08;\n}\n",
       "E f:2: X: bad octal number <08> (a leading 0 means octal)"},
      {"object NLB (h) {\n X = 99999999999999999999;\n}\n",
       "E f:2: X: number <99999999999999999999> is too large"},
      {"object NLB (h) {\n X = 12ab;\n}\n",
       "E f:2: X: bad number <12ab>; quote a string that starts with a digit"},
      {"object NLB (h) {\n X = 1.2.3;\n}\n", "E f:2: X: bad number <1.2.3>"},
      {"object NLB (h) {\n X = two-words;\n}\n",
       "E f:2: X: value <two-words> is neither a number nor a single word"},
      {"object NLB (h) {\n X = ;\n}\n", "E f:2: expected a value for <X>, found <;>"},
      {"object NLB (h) {\n X 1;\n}\n", "E f:2: expected '=' after <X>"},
      {"object NLB (h) {\n X = 1\n Y = 2;\n}\n", "E f:2: expected ';' after the value of <X>"},
      {"object NLB (h) {\n 1X = 1;\n}\n", "E f:2: expected an attribute name, found <1X>"},
      {"object NLB (h) {\n JOB_NASTRAN = 1;\n}\n",
       "E f:2: <JOB_NASTRAN> is a job attribute (JOB_); a host cannot set it"},
      {"object NLB (h) {\n age = 1;\n}\n",
       "E f:2: <age> is computed by the master; a host cannot set it"},
      {"object NLB (h) {\n X = \"open;\n}\n", "E f:2: string has no closing '\"' on its line"},
      {"object NLB (h) {\n X = 1;\n", "E f:3: end of file inside an object; expected '}'"},
      {"object NLB h {\n X = 1;\n}\n",
       "E f:1: malformed object header; expected <object NLB (host) {>"},
      {"object NLB (h)\n X = 1;\n", "E f:1: malformed object header"},
      {"object (h) { X = 1; }\n", "E f:1: malformed object header"},
      {"object NLB_JOB (h) { X = 1; }\n",
       "E f:1: object type <NLB_JOB> cannot be set here; only NLB objects (hosts) are read"},
      {"object NLB (\"two words\") { X = 1; }\n", "E f:1: bad host name <two words>"},
      {"object NLB (\"\") { X = 1; }\n", "E f:1: bad host name <>"},
      {"obj NLB (h) { X = 1; }\n", "E f:1: expected <object NLB (host) {>, found <obj>"},
      {"}\n", "E f:1: expected <object NLB (host) {>, found <}>"},
      {"object NLB (h) { X = 1; } @\n", "E f:1: unexpected character '@'"},
      {"object NLB (h) {\n X = \x01 1;\n}\n", "E f:2: unexpected byte 1"},
  };
  for (const Case& c : kCases) {
    AttributesLoad l = parseAttributes(c.text, "f");
    std::string got = diagText(l);
    EXPECT_EQ(got.substr(0, std::string(c.expected).size()), c.expected) << c.text << "\n" << got;
    EXPECT_GT(l.errors(), 0) << c.text;
  }
}

TEST(AttributesFile, ParsingGoesOnAfterAnErrorAndReportsEveryProblem) {
  AttributesLoad l = parseAttributes(
      "object NLB (a) {\n X = 3.5e4;\n Y = 2;\n Z = 08;\n}\nbogus\nobject NLB (b) { W = 1; }\n",
      "f");
  EXPECT_EQ(l.errors(), 3) << diagText(l);
  ASSERT_EQ(l.hosts.size(), 2u);
  EXPECT_EQ(l.hosts[0].values.size(), 1u);  // Y only
  EXPECT_EQ(l.hosts[1].find("W")->integer, 1);
}

TEST(AttributesFile, BinaryAndGarbledInputIsRefusedBriefly) {
  AttributesLoad nul = parseAttributes(std::string_view("object\n\0", 8), "f");
  EXPECT_EQ(diagText(nul), "E f:2: binary data (NUL byte) in file; file not read\n");
  AttributesLoad junk = parseAttributes(std::string(10000, '@'), "f");
  EXPECT_LE(junk.diagnostics.size(), 25u);
  std::string longWord = "object NLB (h) { X = " + std::string(5000, 'a') + "; }";
  EXPECT_GT(parseAttributes(longWord, "f").errors(), 0);
}

}  // namespace
}  // namespace openlim::policy
