// The query client's name and address resolution (LSF's command reference "Every command").
#include <gtest/gtest.h>

#include <cstdio>
#include <vector>

#include "client.h"
#include "format/json.h"
#include "key_file.h"

namespace openlim::shell {
namespace {

ClientConfig withHosts() {
  ClientConfig c;
  c.hostsText =
      "# comment hostB\n127.0.0.11  hostA  hosta.demo  # trailing hostB\n"
      "127.0.0.12 hostB\n\n   \nbroken-line-without-name\n127.0.0.13 hostBB";
  return c;
}

TEST(HostsFile, NamesAndAliasesMapToAddressAndCanonicalName) {
  ClientConfig c = withHosts();
  LimClient client(c);
  EXPECT_EQ(client.addressOf("hostA"), "127.0.0.11");
  EXPECT_EQ(client.addressOf("HOSTA.demo"), "127.0.0.11");  // case-insensitive alias
  EXPECT_EQ(client.addressOf("hostB"), "127.0.0.12");
  EXPECT_EQ(client.addressOf("elsewhere"), "elsewhere");  // left to DNS
  EXPECT_EQ(findHostEntry(c.hostsText, "hosta.demo")->name, "hostA");
  EXPECT_EQ(client.addressOf("hostBB"), "127.0.0.13");  // last line, no newline
  EXPECT_FALSE(findHostEntry(c.hostsText, "broken-line-without-name"));
  EXPECT_FALSE(findHostEntry(c.hostsText, ""));
}

TEST(LocalHost, EnvironmentWinsThenHostsFileThenStrippedName) {
  ClientConfig c = withHosts();
  EXPECT_EQ(localHostName("hostB", "hosta.demo", c, ""), "hostB");
  EXPECT_EQ(localHostName("", "HOSTA.demo", c, ""), "hostA");
  EXPECT_EQ(localHostName("", "hostb.example.com", c, ""), "hostB");  // short name matched
  EXPECT_EQ(localHostName("", "node7.example.com", c, "example.com"), "node7");
  EXPECT_EQ(localHostName("", "node7.cluster.example.com", c, ".example.com"), "node7.cluster");
  EXPECT_EQ(localHostName("", "node7.other.org", c, "example.com"), "node7");
}

TEST(Client, AdminRequestWithoutKeyFileIsDenied) {
  ClientConfig c = withHosts();
  c.localHost = "hostA";
  LimClient client(c);
  auto r = client.ask(R"({"op":"lock"})", true);
  ASSERT_FALSE(r.isOk());
  EXPECT_EQ(r.status().code(), Code::kDenied);
}

TEST(Client, NobodyListeningIsUnavailable) {
  ClientConfig c;
  c.hostsText = "127.0.0.1 hostZ\n";
  c.localHost = "hostZ";
  c.port = 1;  // nothing listens on port 1 of loopback: connection refused at once
  c.timeouts.connect = 1;
  LimClient client(c);
  auto r = client.ask(R"({"op":"id"})", false);
  ASSERT_FALSE(r.isOk());
  EXPECT_EQ(r.status().code(), Code::kUnavailable);
}

// OPENLIM_HOST unset and the system name not in the cluster: "LIM is down" would send the
// user looking for a lim that is fine; the answer names the local host instead.
TEST(Client, NoLimAtAGuessedLocalHostSaysItIsNotAClusterHost) {
  ClientConfig c;
  c.hostsText = "127.0.0.5 hostA\n";
  c.hostsPath = "/etc/openlim/hosts";
  c.localHost = "127.0.0.1";  // what the guess resolves to; nothing listens on port 1
  c.localHostGuessed = true;
  c.port = 1;
  c.timeouts.connect = 1;
  auto r = LimClient(c).ask(R"({"op":"id"})", false);
  ASSERT_FALSE(r.isOk());
  EXPECT_EQ(r.status().code(), Code::kNotFound);
  EXPECT_EQ(r.status().subcode(), Subcode::kLocalHostUnknown);
  EXPECT_EQ(r.status().message(),
            "the local host <127.0.0.1> is not a cluster host (not in /etc/openlim/hosts); set "
            "OPENLIM_HOST to its name in the cluster, or LSF_SERVER_HOSTS in lsf.conf");
  c.stateDir = ::testing::TempDir() + "/no-such-state-dir";
  EXPECT_EQ(LimClient(c).askLocal(R"({"op":"reservations"})").status().subcode(),
            Subcode::kLocalHostUnknown);
  // With server hosts named, a lim that is down is the likelier story.
  c.serverHosts = {"127.0.0.1"};
  EXPECT_EQ(LimClient(c).ask(R"({"op":"id"})", false).status().code(), Code::kUnavailable);
  c.serverHosts.clear();
  c.localHostGuessed = false;
  EXPECT_EQ(LimClient(c).ask(R"({"op":"id"})", false).status().code(), Code::kUnavailable);
}

// A key file the client accepts (mode 0600, 32 hex bytes), removed at the end of the test.
struct TempKey {
  std::string path = ::testing::TempDir() + "/client_test_key";
  TempKey() { EXPECT_TRUE(writeNewKeyFile(path).isOk()); }
  ~TempKey() { std::remove(path.c_str()); }
};

ClientConfig refusingLim(const std::string& keyFile) {
  ClientConfig c;
  c.hostsText = "127.0.0.1 hostZ\n";
  c.localHost = "hostZ";
  c.port = 1;  // connection refused at once
  c.timeouts.connect = 1;
  c.keyFile = keyFile;
  return c;
}

// The query commands link no crypto library: without a MacFactory an admin request is
// refused before anything is sent; with one it is signed and goes to the network.
TEST(Client, AdminRequestNeedsAnInjectedMac) {
  TempKey key;
  LimClient unsigned_(refusingLim(key.path));
  auto r = unsigned_.ask(R"({"op":"lock"})", true);
  ASSERT_FALSE(r.isOk());
  EXPECT_EQ(r.status().code(), Code::kDenied);
  EXPECT_NE(r.status().message().find("cannot sign"), std::string::npos) << r.status().message();

  std::vector<std::string> keysSeen;
  LimClient signing(refusingLim(key.path), [&](const std::string& k) {
    keysSeen.push_back(k);
    return protocol::MacFn([](std::string_view) { return protocol::Mac{}; });
  });
  r = signing.ask(R"({"op":"lock"})", true);
  ASSERT_FALSE(r.isOk());
  EXPECT_EQ(r.status().code(), Code::kUnavailable);  // signed, then nobody listening
  ASSERT_EQ(keysSeen.size(), 1u);
  EXPECT_EQ(keysSeen[0].size(), 64u);  // the key file's hex text, newline stripped
}

TEST(RequestJson, SignerWithoutMacIsDenied) {
  Signer s = makeSigner("0123456789abcdef0123", "test", nullptr);
  EXPECT_NE(s.sender.find("test@"), std::string::npos);
  auto r = requestJson("127.0.0.1", 1, R"({"op":"lock"})", &s, Timeouts{.connect = 1, .recv = 1});
  ASSERT_FALSE(r.isOk());
  EXPECT_EQ(r.status().code(), Code::kDenied);
  EXPECT_EQ(s.seq, 0u);  // nothing was sent
}

// Refused before anything is sent, with the subcode that makes it the caller's mistake.
TEST(RequestJson, ARequestOverTheLimitIsRefusedUnsent) {
  std::string big = R"({"op":"load","resreq":")" + std::string(5u << 20, 'm') + "\"}";
  for (auto r : {requestJson("127.0.0.1", 1, big, nullptr, Timeouts{.connect = 1, .recv = 1}),
                 requestJsonLocal("/nonexistent/lim.sock", big, Timeouts{})}) {
    ASSERT_FALSE(r.isOk());
    EXPECT_EQ(r.status().code(), Code::kInvalid);
    EXPECT_EQ(r.status().subcode(), Subcode::kRequestTooLarge);
  }
  EXPECT_EQ(checkRequestSize(100).subcode(), Subcode::kNone);
}

TEST(RequestJson, SenderIsEscapedByTheOneJsonWriterNotStripped) {
  // A control character in the sender (a host name from gethostname) is kept as \u00XX.
  EXPECT_EQ(withSender(R"({"op":"lock"})", "me\x01\"x"), R"({"sender":"me\u0001\"x","op":"lock"})");
  auto parsed = format::parseJson(withSender("{}", "a\tb"));
  ASSERT_TRUE(parsed.isOk());
  EXPECT_EQ(parsed->stringOr("sender"), "a\tb");
}

TEST(KeyFile, NewKeyIsPrivateHexAndFreshEachTime) {
  TempKey a;
  auto first = readKeyFile(a.path);
  ASSERT_TRUE(first.isOk()) << first.status().message();
  ASSERT_TRUE(writeNewKeyFile(a.path).isOk());
  auto second = readKeyFile(a.path);
  ASSERT_TRUE(second.isOk());
  EXPECT_EQ(first->find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_NE(*first, *second);
}

}  // namespace
}  // namespace openlim::shell
