// LSF-style option parsing: grouped letters, attached or separate values, word options, and
// precise errors for everything malformed.
#include <gtest/gtest.h>

#include "args.h"

namespace openlim::cmd {
namespace {

const std::vector<OptionSpec> kSpecs = {{"l"},    {"w"},        {"R", true},    {"n", true},
                                        {"json"}, {"-explain"}, {"-from", true}};

TEST(Args, GroupedFlagsAndAttachedValues) {
  auto a = parseArgs({"-lw", "-Rmem>1", "-n", "3", "hostA"}, kSpecs);
  ASSERT_TRUE(a.isOk());
  EXPECT_TRUE(a->has("l"));
  EXPECT_TRUE(a->has("w"));
  EXPECT_EQ(*a->value("R"), "mem>1");
  EXPECT_EQ(*a->value("n"), "3");
  EXPECT_EQ(a->operands, std::vector<std::string>{"hostA"});
}

TEST(Args, WordOptionsAndOperandsInAnyOrder) {
  auto a = parseArgs({"hostB", "-json", "--explain", "--from=snap.json", "hostC"}, kSpecs);
  ASSERT_TRUE(a.isOk());
  EXPECT_TRUE(a->has("json"));
  EXPECT_TRUE(a->has("-explain"));
  EXPECT_EQ(*a->value("-from"), "snap.json");
  EXPECT_EQ(a->operands, (std::vector<std::string>{"hostB", "hostC"}));
}

TEST(Args, DoubleDashEndsOptionsAndDashAloneIsAnOperand) {
  auto a = parseArgs({"--", "-l", "-"}, kSpecs);
  ASSERT_TRUE(a.isOk());
  EXPECT_FALSE(a->has("l"));
  EXPECT_EQ(a->operands, (std::vector<std::string>{"-l", "-"}));
}

TEST(Args, ValueMayStartWithADash) {
  auto a = parseArgs({"-R", "-mem"}, kSpecs);
  ASSERT_TRUE(a.isOk());
  EXPECT_EQ(*a->value("R"), "-mem");
}

TEST(Args, MalformedInputsAreRefusedWithGetoptWords) {
  EXPECT_EQ(parseArgs({"-x"}, kSpecs).status().message(), "invalid option -- 'x'");
  EXPECT_EQ(parseArgs({"-lx"}, kSpecs).status().message(), "invalid option -- 'x'");
  EXPECT_EQ(parseArgs({"-R"}, kSpecs).status().message(), "option requires an argument -- 'R'");
  EXPECT_EQ(parseArgs({"--nosuch"}, kSpecs).status().message(),
            "unrecognized option -- '--nosuch'");
  EXPECT_EQ(parseArgs({"--explain=1"}, kSpecs).status().message(),
            "option takes no argument -- '--explain=1'");
  EXPECT_EQ(parseArgs({"--from"}, kSpecs).status().message(),
            "option requires an argument -- '--from'");
  EXPECT_FALSE(parseArgs({"-jsonx"}, kSpecs).isOk());  // letters j, s, o... unknown
}

TEST(Args, NonNegativeIntRejectsJunk) {
  EXPECT_EQ(*nonNegativeInt("n", "16"), 16);
  EXPECT_FALSE(nonNegativeInt("n", "-1").isOk());
  EXPECT_FALSE(nonNegativeInt("n", "3x").isOk());
  EXPECT_FALSE(nonNegativeInt("n", "").isOk());
  EXPECT_FALSE(nonNegativeInt("n", "99999999999").isOk());
}

TEST(Args, GroupedFlagsEndWithAnAttachedValue) {
  const std::vector<OptionSpec> specs = {{"L"}, {"n", true}, {"w", true}};
  auto a = parseArgs({"-Ln2", "-Lw", "3"}, specs);
  ASSERT_TRUE(a.isOk());
  EXPECT_TRUE(a->has("L"));
  EXPECT_EQ(*a->value("n"), "2");
  EXPECT_EQ(*a->value("w"), "3");
  EXPECT_TRUE(a->operands.empty());
}

TEST(Args, StopAtOperandLeavesTheRestToTheSubcommand) {
  auto a = parseArgs({"-h", "reconfig", "-f", "-v"}, {{"h"}, {"f"}}, ParseMode::kStopAtOperand);
  ASSERT_TRUE(a.isOk());
  EXPECT_TRUE(a->has("h"));
  EXPECT_FALSE(a->has("f"));
  EXPECT_EQ(a->operands, (std::vector<std::string>{"reconfig", "-f", "-v"}));
}

TEST(Args, CountOptionSaysWhatItWants) {
  EXPECT_EQ(*countOption("n", "0", 0), 0);
  EXPECT_EQ(countOption("n", "0", 1).status().message(), "-n must be a positive number");
  EXPECT_EQ(countOption("w", "x", 0).status().message(), "-w must be a non-negative number");
}

TEST(Args, CountOptionTooLargeNamesTheMaximum) {
  EXPECT_EQ(*countOption("n", "2147483647", 1), 2147483647);
  for (const char* big : {"2147483648", "+99999999999", "123456789012345678901234567890"})
    EXPECT_EQ(countOption("l", big, 1).status().message(), "-l must be at most 2147483647") << big;
  // Negative and non-numbers keep their own words, however long.
  EXPECT_EQ(countOption("n", "-99999999999", 0).status().message(),
            "-n must be a non-negative number");
  EXPECT_EQ(countOption("n", "12x", 1).status().message(), "-n must be a positive number");
}

TEST(Args, ConflictNamesTheFirstPairGivenTogether) {
  auto a = parseArgs({"-lw"}, kSpecs);
  ASSERT_TRUE(a.isOk());
  EXPECT_EQ(conflict(*a, "l", {"R", "w"}), "-l and -w cannot be used together");
  EXPECT_EQ(conflict(*a, "R", {"l"}), "");
}

TEST(Args, WordsAreTheOperandsAndOptionValues) {
  auto a = parseArgs({"-R", "mem>1", "hostA", "-l"}, kSpecs);
  ASSERT_TRUE(a.isOk());
  EXPECT_EQ(a->words(), (std::vector<std::string>{"hostA", "mem>1"}));
}

// NQE's `-a name = value`: the words of one assignment become one value word of -a.
TEST(Args, SpacedAssignmentsAreJoinedIntoOneWord) {
  using V = std::vector<std::string>;
  EXPECT_EQ(joinSpacedAssignments({"-a", "x", "=", "1", "-p", "big"}, "-a"),
            (V{"-a", "x=1", "-p", "big"}));
  EXPECT_EQ(joinSpacedAssignments({"-a", "x=", "1"}, "-a"), (V{"-a", "x=1"}));
  EXPECT_EQ(joinSpacedAssignments({"-a", "x", "=1"}, "-a"), (V{"-a", "x=1"}));
  EXPECT_EQ(joinSpacedAssignments({"-ax", "=", "1"}, "-a"), (V{"-a", "x=1"}));
  EXPECT_EQ(joinSpacedAssignments({"-a", "x = 1"}, "-a"), (V{"-a", "x = 1"}));  // one word
  // A name alone stays alone; the next option is never swallowed.
  EXPECT_EQ(joinSpacedAssignments({"-a", "nastran", "-c", "2"}, "-a"),
            (V{"-a", "nastran", "-c", "2"}));
  EXPECT_EQ(joinSpacedAssignments({"-a", "x", "=", "-c", "2"}, "-a"), (V{"-a", "x=", "-c", "2"}));
  EXPECT_EQ(joinSpacedAssignments({"-a", "x=1", "=", "2"}, "-a"), (V{"-a", "x=1", "=", "2"}));
  // Nothing after `--`; a missing value is left for the parser to report.
  EXPECT_EQ(joinSpacedAssignments({"--", "-a", "x", "=", "1"}, "-a"),
            (V{"--", "-a", "x", "=", "1"}));
  EXPECT_EQ(joinSpacedAssignments({"-c", "2", "-a"}, "-a"), (V{"-c", "2", "-a"}));
  auto a = parseArgs(joinSpacedAssignments({"-a", "x", "=", "1", "-a", "y"}, "-a"), {{"a", true}});
  ASSERT_TRUE(a.isOk());
  EXPECT_EQ(a->options.at("a"), (V{"x=1", "y"}));
  EXPECT_TRUE(a->operands.empty());
}

}  // namespace
}  // namespace openlim::cmd
