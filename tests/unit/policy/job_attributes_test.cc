// -a name[=value]: accepted forms and every refused value with its own message.
#include "policy/job_attributes.h"

#include <gtest/gtest.h>

#include <string>

namespace openlim::policy {
namespace {

TEST(JobAttributes, NameAloneMeansOneAndJobPrefixIsAdded) {
  auto a = parseJobAttribute("nastran");
  ASSERT_TRUE(a.isOk());
  EXPECT_EQ(a->name, "JOB_NASTRAN");
  EXPECT_EQ(a->value, 1);
  EXPECT_EQ(parseJobAttribute("JOB_nastran")->name, "JOB_NASTRAN");
  EXPECT_EQ(parseJobAttribute("job_PPMEMSIZE")->name, "JOB_PPMEMSIZE");
  EXPECT_EQ(parseJobAttribute("Tapes_A=2")->name, "JOB_TAPES_A");
}

TEST(JobAttributes, DecimalIntegersAndFloatsInPlainOrScientificNotation) {
  const std::pair<const char*, double> kGood[] = {
      {"x=0", 0},       {"x=10", 10},    {"x=2.5", 2.5},       {"x=.5", 0.5},
      {"x=5.", 5},      {"x=1e6", 1e6},  {"x=2.5E-3", 2.5e-3}, {"x=81920", 81920},
      {"x=0.25", 0.25}, {"x=1E+2", 100}, {"x=0e0", 0},
  };
  for (const auto& [text, value] : kGood) {
    auto a = parseJobAttribute(text);
    ASSERT_TRUE(a.isOk()) << text << ": " << a.status().message();
    EXPECT_DOUBLE_EQ(a->value, value) << text;
  }
}

TEST(JobAttributes, RefusedValuesSayWhy) {
  const std::pair<const char*, const char*> kBad[] = {
      {"x=-1", "negative values are not allowed"},
      {"x=-0.5", "negative values are not allowed"},
      {"x=+1", "without a sign"},
      {"x=0x10", "hexadecimal values are not allowed"},
      {"x=0X1F", "hexadecimal values are not allowed"},
      {"x=010", "octal values (a leading 0) are not allowed"},
      {"x=00.5", "octal values"},
      {"x=10kw", "units are not understood; expand them"},
      {"x=5MB", "units are not understood"},
      {"x=", "no value after '='"},
      {"x=abc", "must be a decimal integer or floating-point number"},
      {"x=inf", "must be a decimal"},
      {"x=nan", "must be a decimal"},
      {"x=1e", "must be a decimal"},
      {"x=1e999", "must be a decimal"},
      {"x=1 ", "must be a decimal"},
      {"x=1,5", "must be a decimal"},
      {"=5", "no attribute name"},
      {"", "no attribute name"},
      {"JOB_", "no attribute name after JOB_"},
      {"1abc=1", "starts with a letter"},
      {"a-b=1", "letters, digits and '_'"},
      {"a b", "letters, digits and '_'"},
  };
  for (const auto& [text, says] : kBad) {
    auto a = parseJobAttribute(text);
    ASSERT_FALSE(a.isOk()) << "accepted <" << text << ">";
    EXPECT_EQ(a.status().code(), Code::kInvalid);
    EXPECT_NE(a.status().message().find(says), std::string::npos)
        << text << ": " << a.status().message();
    EXPECT_EQ(a.status().message().rfind("bad job attribute <", 0), 0u);
  }
  std::string longName(200, 'a');
  EXPECT_FALSE(parseJobAttribute(longName).isOk());
}

// NQE writes `-a name = value`: blanks around '=' are the same attribute as without them;
// blanks anywhere else stay refused.
TEST(JobAttributes, BlanksAroundTheEqualsSign) {
  for (const char* text : {"ppmem = 2e6", "ppmem =2e6", "ppmem= 2e6", "ppmem\t=\t2e6"}) {
    auto a = parseJobAttribute(text);
    ASSERT_TRUE(a.isOk()) << text << ": " << a.status().message();
    EXPECT_EQ(a->name, "JOB_PPMEM") << text;
    EXPECT_DOUBLE_EQ(a->value, 2e6) << text;
  }
  EXPECT_FALSE(parseJobAttribute("pp mem = 1").isOk());
  EXPECT_FALSE(parseJobAttribute("ppmem = 1 2").isOk());
  EXPECT_FALSE(parseJobAttribute(" = 1").isOk());
}

// JOB_REQNAME (the request name) is a string: any one printable word, a number included.
TEST(JobAttributes, TheRequestNameIsAWord) {
  auto a = parseJobAttribute("reqname = bigsim.7");
  ASSERT_TRUE(a.isOk()) << a.status().message();
  EXPECT_EQ(a->name, "JOB_REQNAME");
  EXPECT_TRUE(a->isText());
  EXPECT_EQ(a->text, "bigsim.7");
  EXPECT_EQ(parseJobAttribute("JOB_REQNAME=0x10")->text, "0x10");
  EXPECT_FALSE(parseJobAttribute("nastran")->isText());
  const std::pair<std::string, const char*> kBad[] = {
      {"reqname", "is a string: give it a value"},
      {"reqname=", "no value"},
      {"reqname=a b", "one word of printable characters"},
      {"reqname=a\x01", "one word of printable characters"},
      {"reqname=" + std::string(kMaxJobText + 1, 'x'), "longer than 255 bytes"},
  };
  for (const auto& [text, says] : kBad) {
    auto r = parseJobAttribute(text);
    ASSERT_FALSE(r.isOk()) << text;
    EXPECT_NE(r.status().message().find(says), std::string::npos) << r.status().message();
  }
  EXPECT_TRUE(parseJobAttribute("reqname=" + std::string(kMaxJobText, 'x')).isOk());
}

TEST(JobAttributes, ListsRefuseDuplicatesAcrossSpellings) {
  auto ok = parseJobAttributes({"nastran", "ppmemsize=1e9"});
  ASSERT_TRUE(ok.isOk());
  EXPECT_EQ(ok->size(), 2u);
  auto dup = parseJobAttributes({"nastran", "JOB_NASTRAN=2"});
  ASSERT_FALSE(dup.isOk());
  EXPECT_EQ(dup.status().message(), "job attribute JOB_NASTRAN is given twice");
  auto bad = parseJobAttributes({"a", "b=-1"});
  EXPECT_FALSE(bad.isOk());
  std::vector<std::string> many(kMaxJobAttributes + 1, "a");
  EXPECT_FALSE(parseJobAttributes(many).isOk());
}

}  // namespace
}  // namespace openlim::policy
