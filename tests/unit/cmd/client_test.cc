// The query client's name and address resolution (spec/commands.md "Every command").
#include <gtest/gtest.h>

#include "client.h"

namespace openlim::shell {
namespace {

ClientConfig withHosts() {
  ClientConfig c;
  c.hostsText = "# comment hostB\n127.0.0.11  hostA  hosta.demo  # trailing hostB\n"
                "127.0.0.12 hostB\n\n   \nbroken-line-without-name\n127.0.0.13 hostBB";
  return c;
}

TEST(HostsFile, NamesAndAliasesMapToAddressAndCanonicalName) {
  ClientConfig c = withHosts();
  LimClient client(c);
  EXPECT_EQ(client.addressOf("hostA"), "127.0.0.11");
  EXPECT_EQ(client.addressOf("HOSTA.demo"), "127.0.0.11");  // case-insensitive alias
  EXPECT_EQ(client.addressOf("hostB"), "127.0.0.12");
  EXPECT_EQ(client.addressOf("elsewhere"), "elsewhere");   // left to DNS
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

}  // namespace
}  // namespace openlim::shell
