// lsadmin limstartup's pure parts: shell quoting, the remote start command line, targets.
#include "lim_starter.h"

#include <gtest/gtest.h>

namespace openlim::cmd {
namespace {

TEST(LimStarter, ShellQuoteWrapsAndEscapesSingleQuotes) {
  EXPECT_EQ(shellQuote("abc"), "'abc'");
  EXPECT_EQ(shellQuote(""), "''");
  EXPECT_EQ(shellQuote("it's"), "'it'\\''s'");
  EXPECT_EQ(shellQuote("a b$c"), "'a b$c'");
}

TEST(LimStarter, LocalCommandRunsLimWithEnvDirAndHost) {
  EXPECT_EQ(localStartCommand("hostA", "/opt/lsf/sbin/lim", "/etc/lsf"),
            "'/opt/lsf/sbin/lim' -d '/etc/lsf' --host 'hostA' </dev/null");
}

TEST(LimStarter, RemoteCommandKeepsRshAsWrittenAndQuotesRemoteCommandOnce) {
  std::string cmd = remoteStartCommand("ssh -o 'BatchMode yes'", "hostB", "/sbin/lim", "/etc");
  EXPECT_EQ(cmd,
            "ssh -o 'BatchMode yes' 'hostB' "
            "''\\''/sbin/lim'\\'' -d '\\''/etc'\\'' --host '\\''hostB'\\'' </dev/null'");
}

ConfigSnapshot cluster() {
  ConfigSnapshot c;
  for (const char* n : {"hostA", "hostB", "hostC"}) {
    HostConfig h;
    h.name = n;
    c.hosts.push_back(h);
  }
  c.hosts[2].server = false;
  return c;
}

TEST(LimStarter, NoHostMeansTheLocalHost) {
  auto t = startTargets({}, nullptr, "hostA");
  ASSERT_TRUE(t.isOk());
  EXPECT_EQ(*t, std::vector<std::string>{"hostA"});
}

TEST(LimStarter, AllMeansEveryServerHost) {
  ConfigSnapshot c = cluster();
  auto t = startTargets({"all"}, &c, "hostA");
  ASSERT_TRUE(t.isOk());
  EXPECT_EQ(*t, (std::vector<std::string>{"hostA", "hostB"}));
}

TEST(LimStarter, AllWithoutClusterFileIsAnError) {
  auto t = startTargets({"all"}, nullptr, "hostA");
  EXPECT_EQ(t.status().code(), Code::kNotFound);
}

TEST(LimStarter, NamesAreCanonicalisedAndUnknownOnesRefused) {
  ConfigSnapshot c = cluster();
  auto t = startTargets({"HOSTB", "hosta"}, &c, "hostA");
  ASSERT_TRUE(t.isOk());
  EXPECT_EQ(*t, (std::vector<std::string>{"hostB", "hostA"}));
  auto bad = startTargets({"hostB", "hostZ"}, &c, "hostA");
  ASSERT_FALSE(bad.isOk());
  EXPECT_NE(bad.status().message().find("hostZ"), std::string::npos);
}

}  // namespace
}  // namespace openlim::cmd
