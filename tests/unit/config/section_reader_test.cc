// The generic section reader: logical lines, values, Begin/End structure, tables, params.
#include <gtest/gtest.h>

#include "config/sections.h"

namespace openlim::config {
namespace {

struct Sink {
  std::vector<Diagnostic> diags;
  DiagSink sink{"f", &diags};
};

TEST(LogicalLines, JoinsContinuationsStripsCommentsAndKeepsStartLine) {
  Sink s;
  auto lines =
      splitLogicalLines("# head\n\nA b \\\n  c # tail\n\"#x\" y\n", QuoteStyle::kDouble, s.sink);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].number, 3);
  EXPECT_EQ(lines[0].text, "A b  c");
  EXPECT_EQ(lines[1].number, 5);
  EXPECT_EQ(lines[1].text, "\"#x\" y");
  EXPECT_TRUE(s.diags.empty());
}

TEST(LogicalLines, HandlesCrlf) {
  Sink s;
  auto lines = splitLogicalLines("a\r\nb\r\n", QuoteStyle::kDouble, s.sink);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1].text, "b");
}

TEST(LogicalLines, TenMegabyteLineIsReportedOnceAndSkipped) {
  Sink s;
  std::string text = "first\n" + std::string(10 * 1024 * 1024, 'x') + "\nlast\n";
  auto lines = splitLogicalLines(text, QuoteStyle::kDouble, s.sink);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1].text, "last");
  EXPECT_EQ(lines[1].number, 3);
  ASSERT_EQ(s.diags.size(), 1u);
  EXPECT_EQ(s.diags[0].line, 2);
  EXPECT_EQ(s.diags[0].severity, Severity::kWarning);
  EXPECT_NE(s.diags[0].message.find("longer than"), std::string::npos);
}

TEST(LogicalLines, NulByteMakesTheFileBinary) {
  Sink s;
  auto lines = splitLogicalLines(std::string("ok\nok\nx\0y\n", 10), QuoteStyle::kDouble, s.sink);
  EXPECT_TRUE(lines.empty());
  ASSERT_EQ(s.diags.size(), 1u);
  EXPECT_EQ(s.diags[0].line, 3);
  EXPECT_EQ(s.diags[0].severity, Severity::kError);
}

TEST(LogicalLines, ControlCharactersDropTheLine) {
  Sink s;
  auto lines = splitLogicalLines("a\n\x01\x02\x7f\nb\n", QuoteStyle::kDouble, s.sink);
  ASSERT_EQ(lines.size(), 2u);
  ASSERT_EQ(s.diags.size(), 1u);
  EXPECT_EQ(s.diags[0].line, 2);
}

TEST(RowTokenizer, ReadsWordsQuotesListsAndBracketGroups) {
  auto v = tokenize(R"(host1 "a b" (x y=z) () - [default] [hA hB] [hC] x)");
  ASSERT_TRUE(v.isOk()) << v.status().message();
  ASSERT_EQ(v->size(), 7u);
  EXPECT_EQ((*v)[0].text, "host1");
  EXPECT_EQ((*v)[1].kind, Value::Kind::kQuoted);
  EXPECT_EQ((*v)[1].text, "a b");
  EXPECT_EQ((*v)[2].kind, Value::Kind::kList);
  EXPECT_EQ((*v)[2].text, "x y=z");
  EXPECT_TRUE((*v)[3].unset());
  EXPECT_TRUE((*v)[4].unset());
  EXPECT_EQ((*v)[5].kind, Value::Kind::kBrackets);
  EXPECT_EQ((*v)[5].text, "[default] [hA hB] [hC]");  // adjacent groups are one LOCATION
  EXPECT_EQ((*v)[6].text, "x");
  EXPECT_EQ((*tokenize("(5@[all])"))[0].text, "5@[all]");
}

TEST(RowTokenizer, RejectsUnbalancedInput) {
  for (const char* bad : {"(a b", "a)", "\"open", "[a", "a]", "(x)y", "[a [b]]"})
    EXPECT_FALSE(tokenize(bad).isOk()) << bad;
}

TEST(SectionReader, ReadsBeginEndCaseInsensitively) {
  Sink s;
  auto secs = readSections("begin Host\nA B\n1 2\nEND host\nBegin Other\nEnd Other\n", s.sink);
  ASSERT_EQ(secs.size(), 2u);
  EXPECT_EQ(secs[0].name, "Host");
  EXPECT_EQ(secs[0].beginLine, 1);
  EXPECT_EQ(secs[0].body.size(), 2u);
  EXPECT_TRUE(s.diags.empty());
}

TEST(SectionReader, MissingEndIsOneErrorAtTheBeginLineAndTheNextSectionStillReads) {
  Sink s;
  auto secs =
      readSections("Begin Host\nA\nx\nBegin ResourceMap\nR L\nr [all]\nEnd ResourceMap\n", s.sink);
  ASSERT_EQ(secs.size(), 2u);
  EXPECT_EQ(secs[0].body.size(), 2u);
  EXPECT_EQ(secs[1].body.size(), 2u);
  ASSERT_EQ(s.diags.size(), 1u);
  EXPECT_EQ(s.diags[0].line, 1);
  EXPECT_EQ(s.diags[0].severity, Severity::kError);
  EXPECT_NE(s.diags[0].message.find("no End"), std::string::npos);
}

TEST(SectionReader, MissingEndAtEndOfFile) {
  Sink s;
  readSections("Begin A\nx\nEnd A\n\nBegin Host\nA\n", s.sink);
  ASSERT_EQ(s.diags.size(), 1u);
  EXPECT_EQ(s.diags[0].line, 5);
}

TEST(SectionReader, MismatchedEndAndStrayEndAreErrorsAtTheirLines) {
  Sink s;
  readSections("Begin Host\nA\nEnd Hosts\nEnd Host\nstray\n", s.sink);
  ASSERT_EQ(s.diags.size(), 3u);
  EXPECT_EQ(s.diags[0].line, 3);
  EXPECT_EQ(s.diags[0].severity, Severity::kError);
  EXPECT_EQ(s.diags[1].line, 4);
  EXPECT_EQ(s.diags[1].severity, Severity::kError);
  EXPECT_EQ(s.diags[2].line, 5);
  EXPECT_EQ(s.diags[2].severity, Severity::kWarning);
}

TEST(SectionTables, RowsWithTheWrongValueCountAreRejectedAtTheirLine) {
  Sink s;
  auto secs = readSections("Begin T\nA B C\n1 2 3\n1 2\n1 2 3 4\n(a 2 3\nx y z\nEnd T\n", s.sink);
  Table t = readTable(secs[0], s.sink);
  EXPECT_EQ(t.headerLine, 2);
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.rows[1].line, 7);
  ASSERT_EQ(t.rejected.size(), 3u);
  ASSERT_EQ(s.diags.size(), 3u);
  EXPECT_EQ(s.diags[0].line, 4);
  EXPECT_EQ(s.diags[1].line, 5);
  EXPECT_EQ(s.diags[2].line, 6);
  EXPECT_EQ(t.column("b"), 1);
  EXPECT_EQ(t.column("D"), -1);
}

TEST(SectionParams, ReadsKeyValueLinesAndReportsOthers) {
  Sink s;
  auto secs = readSections("Begin P\nA = 1\nB=\"x y\"\nnonsense\nC = (a b)\nEnd P\n", s.sink);
  auto p = readParams(secs[0], s.sink);
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[1].value, "x y");
  EXPECT_EQ(p[2].value, "a b");
  ASSERT_EQ(s.diags.size(), 1u);
  EXPECT_EQ(s.diags[0].line, 4);
}

}  // namespace
}  // namespace openlim::config
