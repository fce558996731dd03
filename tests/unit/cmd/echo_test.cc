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

}  // namespace
}  // namespace openlim::cmd::testing
