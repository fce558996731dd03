// The commands' reading of lsf.conf: the same typed values and refusals as lim's, and a file
// that cannot be read is named with the OS's reason (never "LIM is down" or a key problem).
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "client.h"
#include "key_file.h"
#include "read_file.h"

namespace openlim::shell {
namespace {

class ClientConfigDir : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/openlim_client_XXXXXX";
    dir_ = mkdtemp(tmpl);
    setenv("LSF_ENVDIR", dir_.c_str(), 1);
  }
  void TearDown() override {
    unsetenv("LSF_ENVDIR");
    std::filesystem::remove_all(dir_);
  }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ + "/" + name, std::ios::binary) << text;
  }
  std::string error() {
    auto c = clientConfigFromEnvironment();
    EXPECT_FALSE(c.isOk());
    return c.isOk() ? "" : c.status().message();
  }
  std::string dir_;
};

TEST_F(ClientConfigDir, TypedValuesFromLsfConf) {
  write("lsf.conf",
        "LSF_CONFDIR=.\nLSF_LIM_PORT=27306\nLSF_API_CONNTIMEOUT=2\nLSF_API_RECVTIMEOUT=7\n"
        "LSF_SERVER_HOSTS=\"hostA:hostB\"\nLSF_AUTH_KEYFILE=key\n");
  write("hosts", "127.0.0.1 hostA\n");
  auto c = clientConfigFromEnvironment();
  ASSERT_TRUE(c.isOk()) << c.status().message();
  EXPECT_EQ(c->port, 27306);
  EXPECT_EQ(c->timeouts.connect, 2);
  EXPECT_EQ(c->timeouts.recv, 7);
  EXPECT_EQ(c->serverHosts, (std::vector<std::string>{"hostA", "hostB"}));
  EXPECT_EQ(c->keyFile, dir_ + "/key");
  EXPECT_NE(c->hostsText.find("hostA"), std::string::npos);
}

// The local host's name is a guess when neither OPENLIM_HOST nor the hosts file gives it.
TEST_F(ClientConfigDir, LocalHostIsAGuessOnlyWithoutEnvironmentOrHostsFileEntry) {
  char sys[256] = {0};
  ASSERT_EQ(::gethostname(sys, sizeof sys - 1), 0);
  std::string shortName = std::string(sys).substr(0, std::string(sys).find('.'));
  write("lsf.conf", "LSF_CONFDIR=.\n");
  write("hosts", "127.0.0.1 someone-else\n");
  unsetenv("OPENLIM_HOST");
  auto c = clientConfigFromEnvironment();
  ASSERT_TRUE(c.isOk()) << c.status().message();
  EXPECT_TRUE(c->localHostGuessed);
  EXPECT_EQ(c->hostsPath, dir_ + "/hosts");
  setenv("OPENLIM_HOST", "someone-else", 1);
  EXPECT_FALSE(clientConfigFromEnvironment()->localHostGuessed);
  unsetenv("OPENLIM_HOST");
  write("hosts", "127.0.0.1 someone-else\n127.0.0.2 " + shortName + "\n");
  EXPECT_FALSE(clientConfigFromEnvironment()->localHostGuessed);
  std::remove((dir_ + "/hosts").c_str());  // no hosts file: names come from the resolver
  EXPECT_FALSE(clientConfigFromEnvironment()->localHostGuessed);
}

TEST_F(ClientConfigDir, BadPortIsRefusedAsLimRefusesIt) {
  for (const char* bad : {"abc", "0", "70000", "-5", "27306x"}) {
    write("lsf.conf", std::string("LSF_LIM_PORT=") + bad + "\n");
    EXPECT_EQ(error(), dir_ + "/lsf.conf:1: bad value <" + bad +
                           "> for LSF_LIM_PORT: want a port number 1-65535");
  }
}

TEST_F(ClientConfigDir, LsfConfThatIsADirectorySaysSo) {
  std::filesystem::create_directory(dir_ + "/lsf.conf");
  EXPECT_EQ(error(), dir_ + "/lsf.conf: Is a directory");
}

TEST_F(ClientConfigDir, MissingLsfConfSaysSo) {
  EXPECT_EQ(error(), dir_ + "/lsf.conf: No such file or directory");
}

TEST_F(ClientConfigDir, BinaryLsfConfSaysSo) {
  write("lsf.conf", std::string("LSF_LIM_PORT=1\n\0\x01\x02", 18));
  EXPECT_EQ(error(), dir_ + "/lsf.conf:2: binary data (NUL byte) in file; file not read");
}

TEST_F(ClientConfigDir, MissingConfDirSaysSo) {
  write("lsf.conf", "LSF_CONFDIR=/nonexistent/openlim\n");
  EXPECT_EQ(error(), "LSF_CONFDIR /nonexistent/openlim: No such file or directory");
}

TEST_F(ClientConfigDir, UnreadableHostsFileSaysSo) {
  write("lsf.conf", "LSF_CONFDIR=.\n");
  std::filesystem::create_directory(dir_ + "/hosts");
  EXPECT_EQ(error(), dir_ + "/hosts: Is a directory");
}

TEST_F(ClientConfigDir, NoHostsFileIsFine) {
  write("lsf.conf", "LSF_CONFDIR=.\n");
  EXPECT_TRUE(clientConfigFromEnvironment().isOk());
}

TEST_F(ClientConfigDir, KeyFileThatIsADirectorySaysSo) {
  std::filesystem::create_directory(dir_ + "/key");
  ::chmod((dir_ + "/key").c_str(), 0700);
  auto k = readKeyFile(dir_ + "/key");
  ASSERT_FALSE(k.isOk());
  EXPECT_EQ(k.status().message(), dir_ + "/key: key file is a directory, not a file");
}

TEST_F(ClientConfigDir, ReadFileNamesTheFileAndTheReason) {
  auto r = readFile(dir_);
  ASSERT_FALSE(r.isOk());
  EXPECT_EQ(r.status().message(), dir_ + ": Is a directory");
  r = readFile(dir_ + "/none");
  ASSERT_FALSE(r.isOk());
  EXPECT_EQ(r.status().message(), dir_ + "/none: No such file or directory");
}

}  // namespace
}  // namespace openlim::shell
