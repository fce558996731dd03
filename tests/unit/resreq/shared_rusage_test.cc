// rusage on a shared resource (one value per ResourceMap instance): what one pick reserves is
// gone for every host of the instance, inside place().
#include <gtest/gtest.h>

#include "openlim/load_adjust.h"
#include "openlim/resreq.h"
#include "test_support.h"

namespace openlim {
namespace {

// hostA and hostB share one `licenses` instance of 3; hostC has its own instance of 3;
// hostD serves no instance. One slot per host (ncpus 1) unless a test says otherwise.
class SharedRusage : public ::testing::Test {
 protected:
  SharedRusage() {
    auto c = testing::makeConfig();
    c->instances.push_back({.resource = "licenses", .hosts = {"hostA", "HOSTB"}});
    c->instances.push_back({.resource = "licenses", .hosts = {"hostC"}});
    cfg_ = c;
    testing::TableBuilder b(cfg_);
    for (const char* h : {"hostA", "hostB"})
      b.host(h, HostStatus::kOk, {{"r15s", 0.1}, {"r1m", 0.1}, {"ncpus", 1.0}, {"licenses", 3.0}});
    t_ = b.build();
  }
  std::string slots(const std::string& text, PlaceOptions o, const HostTable& t) {
    auto r = compileRequest(text, *cfg_);
    EXPECT_TRUE(r) << r.status().message();
    if (!r) return "COMPILE ERROR";
    auto p = place(**r, t, o);
    if (!p.status.isOk()) return "ERROR " + p.status.message();
    std::string s;
    for (const auto& h : p.slots) s += (s.empty() ? "" : " ") + h;
    return s;
  }
  ConfigPtr cfg_;
  HostTable t_;
};

TEST_F(SharedRusage, TwoHostsOfOneInstanceCannotBothReserveMoreThanItHas) {
  EXPECT_EQ(slots("rusage[licenses=2]", {.minSlots = 2}, t_),
            "ERROR Not enough host(s) currently eligible");
  EXPECT_EQ(slots("rusage[licenses=2]", {.minSlots = 1}, t_), "hostA");
  // 1 + 1 fits in 3, on both hosts.
  EXPECT_EQ(slots("rusage[licenses=1]", {.minSlots = 2}, t_), "hostA hostB");
}

TEST_F(SharedRusage, AsManyAsPossibleStopsWhenTheInstanceRunsOut) {
  // -n 0: as many slots as possible. 3 licenses, one per slot, four cpus over two hosts.
  HostTable t = t_;
  t.columns[static_cast<size_t>(cfg_->resourceIndex("ncpus"))].numbers = {2.0, 2.0};
  EXPECT_EQ(slots("rusage[licenses=1]", {.minSlots = 0}, t), "hostA hostB hostA");
}

TEST_F(SharedRusage, OtherInstancesAndUnmappedHostsKeepTheirOwnValue) {
  testing::TableBuilder b(cfg_);
  for (const char* h : {"hostA", "hostB", "hostC", "hostD"})
    b.host(h, HostStatus::kOk, {{"r15s", 0.1}, {"r1m", 0.1}, {"ncpus", 1.0}, {"licenses", 3.0}});
  HostTable t = b.build();
  EXPECT_EQ(slots("rusage[licenses=2]", {.minSlots = 3}, t), "hostA hostC hostD");
  EXPECT_EQ(slots("rusage[licenses=2]", {.minSlots = 4}, t),
            "ERROR Not enough host(s) currently eligible");
}

TEST_F(SharedRusage, SharingRowsFollowTheInstanceCaseInsensitively) {
  int lic = cfg_->resourceIndex("licenses"), mem = cfg_->resourceIndex("mem");
  EXPECT_EQ(sharingRows(t_, lic, 0), std::vector<uint32_t>{1});
  EXPECT_EQ(sharingRows(t_, lic, 1), std::vector<uint32_t>{0});
  EXPECT_TRUE(sharingRows(t_, mem, 0).empty());  // not a shared resource
}

// The master's decaying adjustments on a shared instance: tests/unit/lim/master_table_test.

}  // namespace
}  // namespace openlim
