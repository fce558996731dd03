// LSE_MASTR_UNKNW against LSE_LIM_DOWN through the C API and a fake lim: a lim that answers
// but knows no master codes it (code "unavailable", subcode "masterunknown") and the library
// sets LSF's number for a master that cannot be found; a lim too old to send the subcode
// reads as a lim that is down. The reply's words never decide.
#include <gtest/gtest.h>

#include "loopback_lim.h"
#include "lsf/lsf.h"

namespace {

using namespace openlim::lsf::testing;

const char* kNoMasterCoded = R"({"code":"unavailable","error":"LIM is down; try later","ok":false,)"
                             R"("subcode":"masterunknown"})";

TEST_F(LsfApi, ALimThatKnowsNoMasterIsMasterUnknownWhateverItsWords) {
  FakeLim lim(frame(kNoMasterCoded));
  useLim(lim.port());
  EXPECT_EQ(ls_info(), nullptr);
  EXPECT_EQ(lserrno, LSE_MASTR_UNKNW);
  EXPECT_STREQ(ls_sysmsg(), "Cannot locate master LIM now, try later");
  EXPECT_EQ(lim.connections(), 1);
  int n = 0;
  EXPECT_EQ(ls_load(nullptr, &n, 0, nullptr), nullptr);
  EXPECT_EQ(lserrno, LSE_MASTR_UNKNW);
}

// The lim that answered is asked first, the server host after it is down: what the lim said
// is the better story than the connection that was refused.
TEST_F(LsfApi, ALimThatKnowsNoMasterOutweighsAServerHostThatIsDown) {
  FakeLim lim(frame(kNoMasterCoded));
  useLim(lim.port(), "down");
  EXPECT_EQ(ls_info(), nullptr);
  EXPECT_EQ(lserrno, LSE_MASTR_UNKNW);
  EXPECT_EQ(lim.connections(), 1);
}

TEST_F(LsfApi, AnOlderLimWithoutTheSubcodeIsLimDownWhateverItsWords) {
  FakeLim lim(frame(
      R"({"code":"unavailable","error":"Cannot locate master LIM now, try later","ok":false})"));
  useLim(lim.port());
  EXPECT_EQ(ls_info(), nullptr);
  EXPECT_EQ(lserrno, LSE_LIM_DOWN);
  EXPECT_STREQ(ls_sysmsg(), "LIM is down; try later");
}

}  // namespace
