// The policy files read with the configuration: compiled against its resources, every
// problem as file:line, and a holidays file for a year gone by as a warning.
#include "policy/policy_config.h"

#include <gtest/gtest.h>

#include <map>

#include "policy_fixture.h"

namespace openlim::policy {
namespace {

struct Files {
  std::map<std::string, std::string> text;
  ConfFileReader reader() {
    return [this](const std::string& p) -> std::optional<std::string> {
      auto it = text.find(p);
      if (it == text.end()) return std::nullopt;
      return it->second;
    };
  }
};

std::string all(const std::vector<Diagnostic>& d) {
  std::string s;
  for (const auto& x : d) s += x.toString() + "\n";
  return s;
}

TEST(PolicyConfig, NoFilesMeanNoPoliciesAndPrimeTimeAroundTheClock) {
  ConfigSnapshot snap = *testing::policyConfig();
  snap.confDir = "/c";
  Files f;
  std::vector<Diagnostic> out;
  std::vector<std::string> files;
  loadPolicyFiles(snap, f.reader(), out, files);
  EXPECT_EQ(all(out), "");
  EXPECT_TRUE(files.empty());
  ASSERT_TRUE(snap.policies);
  EXPECT_TRUE(snap.policies->engine->policies().empty());
  EXPECT_EQ(snap.policies->calendar.periodAt(LocalTime{2026, 1, 1, 3, 0}).period, Period::kPrime);
}

TEST(PolicyConfig, ReadsAndCompilesTheThreeFiles) {
  ConfigSnapshot snap = *testing::policyConfig();
  snap.confDir = "/c";
  Files f;
  f.text["/c/lsf.policies"] = "policy: p\nsort: NLB_IDLECPU\npolicy: d\nwhen: dedicated\n";
  f.text["/c/lsf.holidays"] = "YEAR 2026\nweekday 0800 1800\nsaturday none all\nsunday none all\n";
  f.text["/c/lsf.dedicated"] = "12/28/2026 08:00 12/28/2026 20:00 d\n";
  std::vector<Diagnostic> out;
  std::vector<std::string> files;
  loadPolicyFiles(snap, f.reader(), out, files);
  EXPECT_EQ(all(out), "");
  EXPECT_EQ(files,
            (std::vector<std::string>{"/c/lsf.policies", "/c/lsf.holidays", "/c/lsf.dedicated"}));
  ASSERT_EQ(snap.policies->engine->policies().size(), 2u);
  EXPECT_EQ(snap.policies->calendar.windows().size(), 1u);
  EXPECT_FALSE(staleHolidays(snap, 2026));
  auto stale = staleHolidays(snap, 2027);
  ASSERT_TRUE(stale);
  EXPECT_EQ(stale->severity, Severity::kWarning);
  EXPECT_EQ(stale->file, "/c/lsf.holidays");
  EXPECT_EQ(stale->line, 1);
}

TEST(PolicyConfig, ErrorsNameTheirFileAndLine) {
  ConfigSnapshot snap = *testing::policyConfig();
  snap.confDir = "/c";
  Files f;
  f.text["/c/lsf.policies"] = "policy: p\nconstraint: nosuch > 1\n";
  f.text["/c/lsf.dedicated"] = "12/28/2026 08:00 12/28/2026 20:00 other\n";
  std::vector<Diagnostic> out;
  std::vector<std::string> files;
  loadPolicyFiles(snap, f.reader(), out, files);
  EXPECT_EQ(all(out),
            "/c/lsf.dedicated:1: policy <other> is not defined in the policies file\n"
            "/c/lsf.policies:2: constraint: policy <p>: at offset 0: unknown attribute <NOSUCH> "
            "in <nosuch > 1>\n");
  ASSERT_TRUE(snap.policies);  // the snapshot is refused by the loader for the errors
}

TEST(PolicyConfig, SummarizesThePeriodAndItsDefaultPolicyWhenThereAreFiles) {
  ConfigSnapshot none = *testing::policyConfig();
  none.confDir = "/c";
  Files f;
  std::vector<Diagnostic> out;
  std::vector<std::string> files;
  loadPolicyFiles(none, f.reader(), out, files);
  EXPECT_FALSE(summarizePeriod(none, LocalTime{2026, 11, 25, 12, 0}));  // nothing to say

  ConfigSnapshot snap = *testing::policyConfig();
  snap.confDir = "/c";
  f.text["/c/lsf.policies"] =
      "policy: day\nwhen: prime\npolicy: night\nwhen: non_prime\npolicy: d\nwhen: dedicated\n";
  f.text["/c/lsf.holidays"] = "YEAR 2026\nweekday 0800 1800\nsaturday none all\nsunday none all\n";
  f.text["/c/lsf.dedicated"] = "12/28/2026 08:00 12/28/2026 20:00\n";
  loadPolicyFiles(snap, f.reader(), out, files);
  ASSERT_EQ(all(out), "");
  auto at = [&](int month, int day, int hour, int minute) {
    auto s = summarizePeriod(snap, LocalTime{2026, month, day, hour, minute});
    return s ? s->period + "/" + s->defaultPolicy : "none";
  };
  EXPECT_EQ(at(11, 25, 7, 59), "non_prime/night");  // a Wednesday
  EXPECT_EQ(at(11, 25, 8, 0), "prime/day");
  EXPECT_EQ(at(11, 25, 18, 0), "non_prime/night");
  EXPECT_EQ(at(12, 28, 9, 0), "dedicated/d");

  // Holidays alone: the period, and no policy to name.
  ConfigSnapshot holidays = *testing::policyConfig();
  holidays.confDir = "/c";
  f.text.erase("/c/lsf.policies");
  f.text.erase("/c/lsf.dedicated");
  loadPolicyFiles(holidays, f.reader(), out, files);
  EXPECT_EQ(summarizePeriod(holidays, LocalTime{2026, 11, 28, 12, 0})->period, "non_prime");
  EXPECT_EQ(summarizePeriod(holidays, LocalTime{2026, 11, 28, 12, 0})->defaultPolicy, "");
}

}  // namespace
}  // namespace openlim::policy
