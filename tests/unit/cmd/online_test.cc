// Online lsplace and reply handling against a fake lim: the request carries the local host
// (for type==local), LSF's messages map to the exit codes of LSF's command reference.
#include <gtest/gtest.h>

#include <sstream>

#include "fake_lim.h"
#include "lsplace_online.h"

namespace openlim::cmd::testing {
namespace {

LsplaceOptions options(int n, bool explain) {
  LsplaceOptions o;
  o.place.minSlots = n;
  o.place.explain = explain;
  o.resreq = "select[cs]";
  return o;
}

TEST(LsplaceOnline, SendsLocalHostAndPrintsSlotsOnOneLine) {
  FakeLim lim;
  lim.replies["place"] = R"({"ok":true,"hosts":["hostA","hostA","hostB"],"explain":[]})";
  Out out, err;
  EXPECT_EQ(placeOnline(options(3, false), lim, "hostC", out, err), 0);
  EXPECT_EQ(out.str(), "hostA hostA hostB\n");
  ASSERT_EQ(lim.requests.size(), 1u);
  EXPECT_EQ(lim.requests[0], R"({"L":false,"explain":false,"local":"hostC","n":3,"op":"place",)"
                             R"("resreq":"select[cs]","w":-1})");
  EXPECT_FALSE(lim.admin[0]);
}

TEST(LsplaceOnline, NotEligibleExplainsEveryHostAndExitsOne) {
  FakeLim lim;
  lim.replies["place"] =
      R"({"ok":false,"code":"noteligible","error":"Not enough host(s) currently eligible",)"
      R"("hosts":[],"explain":[{"host":"hostA","outcome":"rejected","reason":"select[cs] false"},)"
      R"({"host":"hostB","outcome":"ineligible","reason":"status unavail"}]})";
  Out out, err;
  EXPECT_EQ(placeOnline(options(1, true), lim, "hostA", out, err), 1);
  EXPECT_EQ(out.str(), "hostA: select[cs] false\nhostB: status unavail\n");
  EXPECT_EQ(err.str(), "Not enough host(s) currently eligible\n");
}

TEST(LsplaceOnline, SyntaxErrorExitsTwoAndLimDownExitsThree) {
  FakeLim lim;
  lim.replies["place"] =
      R"({"ok":false,"code":"syntax","error":"Bad resource requirement syntax at 7"})";
  Out out, err;
  EXPECT_EQ(placeOnline(options(1, false), lim, "hostA", out, err), 2);
  EXPECT_EQ(err.str(), "lsplace: Bad resource requirement syntax at 7\n");
  FakeLim down;
  down.down = true;
  Out out2, err2;
  EXPECT_EQ(placeOnline(options(1, false), down, "hostA", out2, err2), 3);
  EXPECT_EQ(err2.str(), "lsplace: LIM is down; try later\n");
  EXPECT_EQ(out2.str(), "");
}

}  // namespace
}  // namespace openlim::cmd::testing
