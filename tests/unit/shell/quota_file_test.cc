// lsf.quotas read next to a cluster configuration: every diagnostic names the file by its
// path under LSF_CONFDIR (as the configuration's other files are named) and the line.
#include "quota_file.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

#include "config/builtins.h"

namespace openlim::shell {
namespace {

class QuotaFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/openlim_quota_file_XXXXXX";
    ASSERT_NE(::mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
    cluster_.confDir = dir_;
    cluster_.resources = config::builtinResources();
    HostConfig h;
    h.name = "hostA";
    cluster_.hosts.push_back(h);
    cluster_.buildIndexes();
  }
  void TearDown() override {
    ::unlink((dir_ + "/lsf.quotas").c_str());
    ::rmdir((dir_ + "/lsf.quotas").c_str());
    ::rmdir(dir_.c_str());
  }
  std::string dir_;
  ConfigSnapshot cluster_;
};

TEST_F(QuotaFileTest, EveryDiagnosticNamesThePathAndTheLine) {
  std::ofstream(dir_ + "/lsf.quotas") << "{\n name s\n limit users {*} to slots=-3\n"
                                         " limit users {*} to nosuchres=1\n bogus 1\n";
  QuotaFileLoad q = loadQuotaFile(cluster_);
  EXPECT_TRUE(q.present);
  EXPECT_EQ(q.path, dir_ + "/lsf.quotas");
  ASSERT_GE(q.load.diagnostics.size(), 3u);
  for (const Diagnostic& d : q.load.diagnostics) {
    EXPECT_EQ(d.file, dir_ + "/lsf.quotas") << d.toString();
    EXPECT_GT(d.line, 0) << d.toString();
    EXPECT_EQ(d.toString().rfind(dir_ + "/lsf.quotas:" + std::to_string(d.line) + ": ", 0), 0u)
        << d.toString();
  }
  EXPECT_FALSE(q.usable());
}

TEST_F(QuotaFileTest, AFileThatCannotBeReadIsNamedOnce) {
  ASSERT_EQ(::mkdir((dir_ + "/lsf.quotas").c_str(), 0755), 0);  // opens, then fails to read
  QuotaFileLoad q = loadQuotaFile(cluster_);
  EXPECT_TRUE(q.present);
  ASSERT_EQ(q.load.diagnostics.size(), 1u);
  const Diagnostic& d = q.load.diagnostics[0];
  EXPECT_EQ(d.file, dir_ + "/lsf.quotas");
  EXPECT_EQ(d.severity, Severity::kError);
  EXPECT_EQ(d.toString(), dir_ + "/lsf.quotas: cannot be read: Is a directory");
  EXPECT_FALSE(q.usable());
}

TEST_F(QuotaFileTest, NoFileNoQuotasNoDiagnostics) {
  QuotaFileLoad q = loadQuotaFile(cluster_);
  EXPECT_FALSE(q.present);
  EXPECT_TRUE(q.load.diagnostics.empty());
}

}  // namespace
}  // namespace openlim::shell
