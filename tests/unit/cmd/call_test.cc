// Reply handling shared by every command: redirects, malformed replies, error codes.
#include <gtest/gtest.h>

#include <sstream>

#include "command.h"
#include "fake_lim.h"

namespace openlim::cmd::testing {
namespace {

TEST(Call, SecondRedirectMeansTheMasterIsUnknown) {
  FakeLim lim;
  lim.replies["id"] = R"({"ok":false,"redirect":"hostB"})";
  auto r = call(lim, request("id"));
  ASSERT_FALSE(r.isOk());
  EXPECT_EQ(r.status().code(), Code::kUnavailable);
  EXPECT_EQ(exitCodeFor(r.status()), kExitDown);
  Out out, err;
  CmdIo io{out, err, lim, "hostA", nullptr};
  EXPECT_EQ(fail(io, "lsid", r.status()), 3);
  EXPECT_EQ(err.str(), "lsid: Cannot locate master LIM now, try later\n");
  // The subcode says it, not the words: the same words without it are a lim that is down.
  Out out2, err2;
  CmdIo io2{out2, err2, lim, "hostA", nullptr};
  fail(io2, "lsid", Status(Code::kUnavailable, "Cannot locate master LIM now, try later"));
  EXPECT_EQ(err2.str(), "lsid: LIM is down; try later\n");
}

TEST(Call, MalformedReplyIsAnErrorNotACrash) {
  FakeLim lim;
  for (const char* bad : {"", "{", "[1,2]", "null", "{\"ok\":true", "\x01\x02"}) {
    lim.replies["id"] = bad;
    auto r = call(lim, request("id"));
    EXPECT_FALSE(r.isOk()) << bad;
  }
}

TEST(Call, ReplyCodesMapToExitCodes) {
  FakeLim lim;
  const std::pair<const char*, int> cases[] = {
      {R"({"ok":false,"code":"syntax","error":"x"})", 2},
      {R"({"ok":false,"code":"notfound","error":"x"})", 1},
      {R"({"ok":false,"code":"noteligible","error":"x"})", 1},
      {R"({"ok":false,"code":"denied","error":"x"})", 1},
      {R"({"ok":false,"code":"unavailable","error":"LIM is down; try later"})", 3},
      {R"({"ok":false})", 1}};
  for (const auto& [reply, code] : cases) {
    lim.replies["load"] = reply;
    auto r = call(lim, request("load"));
    ASSERT_FALSE(r.isOk());
    EXPECT_EQ(exitCodeFor(r.status()), code) << reply;
  }
}

}  // namespace
}  // namespace openlim::cmd::testing
