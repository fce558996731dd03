// The dedicated-time file: windows, their policies, and every malformed line.
#include "policy/dedicated_file.h"

#include <gtest/gtest.h>

#include <string>

#include "policy/policies_file.h"

namespace openlim::policy {
namespace {

std::string diagText(const std::vector<Diagnostic>& ds) {
  std::string s;
  for (const Diagnostic& d : ds)
    s += (d.severity == Severity::kError ? "E " : "W ") + d.toString() + "\n";
  return s;
}

TEST(DedicatedFile, ReadsWindowsWithAndWithoutPolicy) {
  DedicatedLoad l = parseDedicated(
      "# maintenance\n* also a comment\n03/04/2026 18:00  03/05/2026 06:00  benchmark\n"
      "3/7/2026 9:30 3/7/2026 10:00\n",
      "lsf.dedicated");
  ASSERT_TRUE(l.diagnostics.empty()) << diagText(l.diagnostics);
  ASSERT_EQ(l.windows.size(), 2u);
  EXPECT_EQ(l.windows[0].policy, "benchmark");
  EXPECT_EQ(l.windows[0].line, 3);
  EXPECT_EQ(l.windows[0].endStamp - l.windows[0].startStamp, 12 * 60);
  EXPECT_EQ(formatLocal(l.windows[1].start), "03/07/2026 09:30");
  EXPECT_EQ(l.windows[1].policy, "");
  EXPECT_TRUE(l.windows[1].contains(minuteStamp(LocalTime{2026, 3, 7, 9, 30})));
  EXPECT_FALSE(l.windows[1].contains(minuteStamp(LocalTime{2026, 3, 7, 10, 0})));
}

TEST(DedicatedFile, MalformedLinesAreErrorsWithTheirLine) {
  struct Case {
    const char* text;
    const char* expected;
  };
  const Case kCases[] = {
      {"03/04/2026 18:00\n", "E f:1: malformed window <03/04/2026 18:00>; expected"},
      {"03/04/2026 18:00 03/05/2026 06:00 a b\n", "E f:1: malformed window"},
      {"13/04/2026 18:00 03/05/2026 06:00\n",
       "E f:1: <13/04/2026 18:00> is not a date and time MM/DD/YYYY HH:MM"},
      {"02/30/2026 18:00 03/05/2026 06:00\n", "E f:1: <02/30/2026 18:00> is not a date"},
      {"03/04/26 18:00 03/05/2026 06:00\n", "E f:1: <03/04/26 18:00> is not a date"},
      {"03-04-2026 18:00 03/05/2026 06:00\n", "E f:1: <03-04-2026 18:00> is not a date"},
      {"03/04/2026 24:00 03/05/2026 06:00\n", "E f:1: <03/04/2026 24:00> is not a date"},
      {"03/04/2026 18:0 03/05/2026 06:00\n", "E f:1: <03/04/2026 18:0> is not a date"},
      {"03/04/2026 1800 03/05/2026 06:00\n", "E f:1: <03/04/2026 1800> is not a date"},
      {"03/04/2026 18:00 03/05/2026 06:60\n", "E f:1: <03/05/2026 06:60> is not a date"},
      {"03/04/2026 18:00 03/04/2026 18:00\n",
       "E f:1: the window ends (03/04/2026 18:00) at or before it starts (03/04/2026 18:00)"},
      {"03/05/2026 18:00 03/04/2026 18:00\n", "E f:1: the window ends (03/04/2026 18:00)"},
      {"03/04/2026 18:00 03/05/2026 06:00 bad/name\n", "E f:1: bad policy name <bad/name>"},
      {"03/04/2026 18:00 03/05/2026 06:00\n03/05/2026 05:59 03/05/2026 07:00\n",
       "E f:2: the window overlaps the one at line 1"},
      {"x\n", "E f:1: malformed window <x>"},
  };
  for (const Case& c : kCases) {
    DedicatedLoad l = parseDedicated(c.text, "f");
    std::string got = diagText(l.diagnostics);
    EXPECT_EQ(got.substr(0, std::string(c.expected).size()), c.expected) << c.text << got;
    EXPECT_EQ(l.errors(), 1) << c.text;
  }
  // Touching windows do not overlap: the first ends where the second starts.
  DedicatedLoad touching =
      parseDedicated("03/04/2026 18:00 03/05/2026 06:00\n03/05/2026 06:00 03/05/2026 07:00\n", "f");
  EXPECT_TRUE(touching.diagnostics.empty()) << diagText(touching.diagnostics);
}

TEST(DedicatedFile, NamedPoliciesMustExist) {
  DedicatedLoad l = parseDedicated(
      "03/04/2026 18:00 03/05/2026 06:00 BENCH\n03/06/2026 18:00 03/07/2026 06:00 gone\n", "d");
  PolicySet set = parsePolicies("policy: bench\nwhen: dedicated\n", "p").set;
  std::vector<Diagnostic> out;
  checkDedicatedPolicies(l.windows, set, "d", &out);
  EXPECT_EQ(diagText(out), "E d:2: policy <gone> is not defined in the policies file\n");
}

TEST(DedicatedFile, BinaryInputIsRefused) {
  DedicatedLoad l = parseDedicated(std::string_view("\0", 1), "f");
  EXPECT_EQ(diagText(l.diagnostics), "E f:1: binary data (NUL byte) in file; file not read\n");
}

}  // namespace
}  // namespace openlim::policy
