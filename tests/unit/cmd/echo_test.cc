// User input that a message echoes is cut to a bounded length with an ellipsis: a 20 kB
// request must not come back whole in its error, whichever command and whoever wrote it.
#include <gtest/gtest.h>

#include "args.h"
#include "commands.h"
#include "fake_lim.h"
#include "format/text.h"
#include "lsplace_online.h"

namespace openlim::cmd::testing {
namespace {

// A lim that refuses every resource requirement, quoting it whole (as the master does).
class QuotingLim : public FakeLim {
 public:
  Result<std::string> ask(const std::string& request, bool isAdmin) override {
    requests.push_back(request);
    admin.push_back(isAdmin);
    auto req = format::parseJson(request);
    format::Json reply = format::Json::object();
    reply.add("ok", format::Json::boolean(false));
    reply.add("code", format::Json::string("syntax"));
    reply.add("error", format::Json::string("Bad resource requirement syntax: " +
                                            req->stringOr("resreq") + " at 7: expected ']'"));
    return reply.compact();
  }
};

std::string bigRequest() {
  return "select[" + std::string(20000, 'm') + "]";
}

TEST(Echo, ClipKeepsShortTextAndCutsLongTextAtACharacterBoundary) {
  EXPECT_EQ(format::clipEcho("hostA"), "hostA");
  EXPECT_EQ(format::clipEcho(std::string(format::kMaxEcho, 'x')),
            std::string(format::kMaxEcho, 'x'));
  EXPECT_EQ(format::clipEcho(std::string(500, 'x')), std::string(format::kMaxEcho, 'x') + "...");
  // "é" is two bytes: a cut inside it backs up to the character's start.
  std::string accents = std::string(format::kMaxEcho - 1, 'a') + "\xc3\xa9";
  EXPECT_EQ(format::clipEcho(accents), std::string(format::kMaxEcho - 1, 'a') + "...");
}

TEST(Echo, ClipEchoesReplacesEveryEchoOfALongInputAndBoundsTheMessage) {
  std::string in = bigRequest();
  std::string out = format::clipEchoes("bad <" + in + "> and <" + in + ">", {in, "short"});
  EXPECT_EQ(out, "bad <" + format::clipEcho(in) + "> and <" + format::clipEcho(in) + ">");
  EXPECT_LE(format::clipEchoes(std::string(30000, 'z'), {}).size(), format::kMaxMessage + 3);
}

TEST(Echo, LsloadCutsTheRequestTheLimQuotesInItsError) {
  QuotingLim lim;
  Out out, err;
  CmdIo io{out, err, lim, "hostA", nullptr};
  EXPECT_EQ(runLsload({"-R", bigRequest()}, io), kExitUsage);
  EXPECT_EQ(err.str(), "lsload: Bad resource requirement syntax: " +
                           format::clipEcho(bigRequest()) + " at 7: expected ']'\n");
}

TEST(Echo, LsplaceOnlineCutsTheRequestTheLimQuotesInItsError) {
  QuotingLim lim;
  LsplaceOptions o;
  o.resreq = bigRequest();
  Out out, err;
  EXPECT_EQ(placeOnline(o, lim, "hostA", out, err), kExitUsage);
  EXPECT_EQ(err.str(), "lsplace: Bad resource requirement syntax: " +
                           format::clipEcho(bigRequest()) + " at 7: expected ']'\n");
}

TEST(Echo, UnknownNamesAndOptionsAreCut) {
  FakeLim lim;
  lim.replies["info"] = R"({"ok":true,"resources":[],"types":[],"models":[]})";
  Out out, err;
  CmdIo io{out, err, lim, "hostA", nullptr};
  std::string name(20000, 'n');
  EXPECT_EQ(runLsinfo({name}, io), kExitNotFound);
  EXPECT_EQ(err.str(), format::clipEcho(name) + ": Resource name not found\n");
  auto parsed = parseArgs({"--" + name}, {{"l"}});
  ASSERT_FALSE(parsed.isOk());
  EXPECT_EQ(parsed.status().message(),
            "unrecognized option -- '" + format::clipEcho("--" + name) + "'");
}

// A part of an input the master quotes (a name out of a long requirement) is cut as well:
// any word of a message past kMaxEcho is, whether or not it is a whole input.
TEST(Echo, ALongPartOfAnInputIsCutToo) {
  std::string name(5000, 'q');
  std::string resreq = "select[" + name + ">1]";
  std::string out = format::clipEchoes(name + ": Resource name not found", {resreq});
  EXPECT_EQ(out, std::string(format::kMaxEcho, 'q') + "...: Resource name not found");
  // Blanks are kept as they are; short words are untouched.
  EXPECT_EQ(format::clipEchoes("a  b c", {}), "a  b c");
}

// Control bytes and bytes that are no UTF-8 never reach the terminal raw.
TEST(Echo, ControlAndInvalidBytesAreShownEscaped) {
  EXPECT_EQ(format::printable("host\x1b[2J\x07\x7f"), "host\\x1b[2J\\x07\\x7f");
  EXPECT_EQ(format::printable("h\xffst \xc3\xa9t\xc3"), "h\\xffst \xc3\xa9t\\xc3");
  EXPECT_EQ(format::printable("line\nbreak"), "line\\x0abreak");
  EXPECT_EQ(format::clipEcho("a\x1b]0;pwned\x07"), "a\\x1b]0;pwned\\x07");
  // Cut first (at a character boundary), then escaped: the cut never splits an escape.
  std::string long_ = std::string(format::kMaxEcho - 1, 'a') + "\x01\x01";
  EXPECT_EQ(format::clipEcho(long_), std::string(format::kMaxEcho - 1, 'a') + "\\x01...");

  FakeLim lim;
  lim.replies["info"] = R"({"ok":true,"resources":[],"types":[],"models":[]})";
  Out out, err;
  CmdIo io{out, err, lim, "hostA", nullptr};
  EXPECT_EQ(runLsinfo({"mem\x1b[31m"}, io), kExitNotFound);
  EXPECT_EQ(err.str(), "mem\\x1b[31m: Resource name not found\n");
}

// The lim's message through fail(): a refusal quoting the user's bytes is printable.
TEST(Echo, ARefusalQuotingRawBytesIsPrintable) {
  QuotingLim lim;
  Out out, err;
  CmdIo io{out, err, lim, "hostA", nullptr};
  EXPECT_EQ(runLsload({"-R", "select[\x1b[2J]"}, io), kExitUsage);
  EXPECT_EQ(err.str(),
            "lsload: Bad resource requirement syntax: select[\\x1b[2J] at 7: expected ']'\n");
}

}  // namespace
}  // namespace openlim::cmd::testing
