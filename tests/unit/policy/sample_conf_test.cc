// The sample files in conf/ read without a single diagnostic.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

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
  EXPECT_EQ(l.set.first()->name, "nqs");
  bool when[4] = {}, count = false;
  for (const Policy& p : l.set.policies()) {
    when[static_cast<int>(p.when)] = true;
    count = count || p.count > 0;
  }
  EXPECT_TRUE(when[0] && when[1] && when[2] && when[3]);
  EXPECT_TRUE(count);
}

}  // namespace
}  // namespace openlim::policy
