#include <gtest/gtest.h>

#include "openlim/resreq.h"
#include "test_support.h"

namespace openlim {
namespace {

TEST(Smoke, SelectsAndOrders) {
  auto cfg = testing::makeConfig();
  testing::TableBuilder b(cfg);
  b.host("hostA", HostStatus::kOk, {{"mem", 4096.0}, {"r15s", 1.0}, {"type", std::string("LINUX86")}});
  b.host("hostB", HostStatus::kOk, {{"mem", 8192.0}, {"r15s", 0.5}, {"type", std::string("LINUX86")}});
  HostTable t = b.build();
  auto r = compileRequest("select[mem>2G]", *cfg);
  ASSERT_TRUE(r) << r.status().message();
  auto s = selectHosts(**r, t);
  ASSERT_EQ(s.rows.size(), 2u);
  EXPECT_EQ(s.rows[0], 1u);
}

}  // namespace
}  // namespace openlim
