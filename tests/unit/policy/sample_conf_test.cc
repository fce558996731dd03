// The sample files in conf/ read without a single diagnostic.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include "policy/attributes_file.h"
#include "policy/calendar.h"
#include "policy/dedicated_file.h"
#include "policy/holidays_file.h"
#include "policy/policies_file.h"

namespace openlim::policy {
namespace {

std::string readSample(const std::string& name) {
  std::ifstream in(std::string(OPENLIM_SOURCE_DIR) + "/conf/" + name);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(SampleConf, PoliciesFileIsCleanAndUsesEveryKeyword) {
  std::string text = readSample("lsf.policies");
  ASSERT_FALSE(text.empty());
  PoliciesLoad l = parsePolicies(text, "lsf.policies");
  for (const Diagnostic& d : l.diagnostics) ADD_FAILURE() << d.toString();
  ASSERT_GE(l.set.policies().size(), 10u);
  EXPECT_EQ(l.set.first()->name, "day");  // the prime-time default
  EXPECT_EQ(l.set.first()->when, When::kPrime);
  EXPECT_EQ(l.set.policies()[1].when, When::kNonPrime);  // the non-prime default
  bool when[4] = {}, count = false;
  for (const Policy& p : l.set.policies()) {
    when[static_cast<int>(p.when)] = true;
    count = count || p.count.ever(0);
  }
  EXPECT_TRUE(when[0] && when[1] && when[2] && when[3]);
  EXPECT_TRUE(count);
}

TEST(SampleConf, HolidaysFileIsCleanAndGivesAWorkingWeek) {
  HolidaysLoad h = parseHolidays(readSample("lsf.holidays"), "lsf.holidays");
  for (const Diagnostic& d : h.diagnostics) ADD_FAILURE() << d.toString();
  EXPECT_EQ(h.holidays.holidays.size(), 9u);
  Calendar c(h.holidays, {});
  EXPECT_EQ(c.periodAt(LocalTime{2026, 3, 2, 8, 0}).period, Period::kPrime);
  EXPECT_EQ(c.periodAt(LocalTime{2026, 3, 2, 18, 0}).period, Period::kNonPrime);
  EXPECT_EQ(c.periodAt(LocalTime{2026, 11, 27, 10, 0}).period, Period::kNonPrime);
}

TEST(SampleConf, DedicatedFileHasNoWindows) {
  DedicatedLoad d = parseDedicated(readSample("lsf.dedicated"), "lsf.dedicated");
  EXPECT_TRUE(d.diagnostics.empty());
  EXPECT_TRUE(d.windows.empty());
}

TEST(SampleConf, AttributesFileIsCleanAndDefinesTheSiteNamesThePoliciesRead) {
  AttributesLoad a = parseAttributes(readSample("lsf.attributes"), "lsf.attributes");
  for (const Diagnostic& d : a.diagnostics) ADD_FAILURE() << d.toString();
  ASSERT_EQ(a.hosts.size(), 3u);
  EXPECT_EQ(a.find("hostA")->find("NLB_SITE_CPUNORM")->integer, 100);
  EXPECT_DOUBLE_EQ(a.find("hostB")->find("NLB_RUNQLEN_LIMIT")->number, 4.0);
  PoliciesLoad p = parsePolicies(readSample("lsf.policies"), "lsf.policies");
  for (const char* site : {"NLB_SITE_CPUNORM", "NLB_APPLICATIONS", "NLB_SYSCPU_LIMIT",
                           "NLB_RUNQLEN_LIMIT", "NLB_SITE_BENCH", "HOST_NASTRAN"}) {
    std::vector<std::string> read = attributesRead(p.set);
    EXPECT_NE(std::find(read.begin(), read.end(), site), read.end()) << site;
    bool defined = false;
    for (const HostAttributes& h : a.hosts) defined = defined || h.find(site);
    EXPECT_TRUE(defined) << site;
  }
}

}  // namespace
}  // namespace openlim::policy
