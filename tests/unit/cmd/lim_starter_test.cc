// lsadmin limstartup's pure parts: shell quoting, the remote start command line, targets;
// and -json over a stand-in lim and remote shell.
#include "lim_starter.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "fake_lim.h"

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

// limstartup -json: no progress text, one object with each host's outcome; the reason of a
// failure also on stderr. The local "lim" is a script that succeeds, the remote shell fails.
TEST(LimStarter, JsonGivesEachHostsOutcome) {
  namespace fs = std::filesystem;
  char tmpl[] = "/tmp/openlim_starter_XXXXXX";
  std::string dir = mkdtemp(tmpl);
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir + "/" + name) << text;
  };
  write("lsf.conf", "LSF_CONFDIR=.\nLSF_SERVERDIR=" + dir + "\nLSF_RSH=false\n");
  write("lsf.shared",
        "Begin Cluster\nClusterName\nt\nEnd Cluster\nBegin HostType\nTYPENAME\nLINUX86\n"
        "End HostType\nBegin HostModel\nMODELNAME CPUFACTOR ARCHITECTURE\nGeneric 100 (x86_64)\n"
        "End HostModel\n");
  write("lsf.cluster.t",
        "Begin Host\nHOSTNAME model type server RESOURCES\nhostA Generic LINUX86 1 ()\n"
        "hostB Generic LINUX86 1 ()\nEnd Host\n");
  write("hosts", "127.0.0.1 hostA\n127.0.0.2 hostB\n");
  write("lim", "#!/bin/sh\nexit 0\n");
  ::chmod((dir + "/lim").c_str(), 0755);
  ::setenv("LSF_ENVDIR", dir.c_str(), 1);
  ::unsetenv("LSF_SERVERDIR");
  ::unsetenv("LSF_RSH");
  testing::FakeLim lim;
  Out out, err;
  CmdIo io{out, err, lim, "hostA", nullptr};
  EXPECT_EQ(startLims({"hostA", "hostB"}, io, true, true), kExitNotFound);
  EXPECT_EQ(out.str(),
            "{\n  \"hosts\": [\n    {\n      \"host\": \"hostA\",\n      \"ok\": true\n    },\n"
            "    {\n      \"host\": \"hostB\",\n      \"ok\": false,\n      \"error\": \"remote "
            "start through LSF_RSH 'false' failed (exit 1)\"\n    }\n  ]\n}\n");
  EXPECT_EQ(err.str(), "lsadmin: hostB: remote start through LSF_RSH 'false' failed (exit 1)\n");
  ::unsetenv("LSF_ENVDIR");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace openlim::cmd
