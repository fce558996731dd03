// loadConfig(): discovery, lsf.conf, missing and unreadable files, the sample cluster conf/.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "config/lsf_conf.h"
#include "config_fixture.h"

namespace openlim::testing {
namespace {

constexpr Severity kW = Severity::kWarning;
constexpr Severity kE = Severity::kError;

TEST(LsfConf, ExpandsVariablesQuotesAndResolvesRelativePaths) {
  ConfigDir d;
  std::string conf =
      "# comment\nLSF_CONFDIR=.\nexport LSF_SERVERDIR=${SRV}/bin\nLSF_LOGDIR='log dir'\n"
      "LSF_MASTER_LIST=\"hostA hostB\"  # trailing comment\nLSF_AUTH_KEYFILE=${UNSET}\n"
      "MY_KEY = \"keep # me\"\nLSF_BINDIR=$LSF_SERVERDIR\n";
  d.write("lsf.conf", conf);
  d.write("lsf.shared", kShared);
  d.write("lsf.cluster.test", kCluster);
  auto l = d.load({{"SRV", "/opt/x"}});
  ASSERT_TRUE(l.snapshot) << dump(l);
  const auto& s = *l.snapshot;
  EXPECT_EQ(s.conf("LSF_SERVERDIR"), "/opt/x/bin");
  EXPECT_EQ(s.conf("LSF_LOGDIR"), d.dir() + "/log dir");
  EXPECT_EQ(s.conf("LSF_CONFDIR"), d.dir());
  EXPECT_EQ(s.confDir, d.dir());
  EXPECT_EQ(s.conf("MY_KEY"), "keep # me");
  EXPECT_EQ(s.conf("LSF_BINDIR"), "/opt/x/bin");
  EXPECT_FALSE(s.conf("LSF_AUTH_KEYFILE").has_value());  // empty means not set
  EXPECT_EQ(s.masterList, (std::vector<std::string>{"hostA", "hostB"}));
}

TEST(LsfConf, BadLinesAreWarningsAtTheirLine) {
  std::vector<Diagnostic> diags;
  config::DiagSink sink("lsf.conf", &diags);
  auto c = config::parseLsfConf("A=1\njust words\n9X=1\nB=\"open\nC=${OPEN\nD=1 2\n", {}, sink);
  ASSERT_EQ(diags.size(), 5u);
  EXPECT_EQ(diags[0].line, 2);
  EXPECT_EQ(diags[1].line, 3);
  EXPECT_EQ(diags[2].line, 4);
  EXPECT_EQ(diags[3].line, 5);
  EXPECT_EQ(diags[4].line, 6);
  EXPECT_EQ(c.at("D").value, "1");
  EXPECT_EQ(c.count("B"), 0u);
}

TEST(LsfConf, RemoteShellKeepsItsInnerQuotes) {
  // LSF_RSH (lsadmin limstartup) is handed to /bin/sh as written: inner quotes must survive.
  std::vector<Diagnostic> diags;
  config::DiagSink sink("lsf.conf", &diags);
  auto c = config::parseLsfConf(
      "LSF_RSH=\"ssh -o 'BatchMode yes' -o 'StrictHostKeyChecking no'\"\n", {}, sink);
  EXPECT_TRUE(diags.empty());
  EXPECT_EQ(c.at("LSF_RSH").value, "ssh -o 'BatchMode yes' -o 'StrictHostKeyChecking no'");
}

TEST(LsfConf, ElimKnobsFromLsfConfAndTheClusterFileWins) {
  ConfigDir d;
  d.write("lsf.conf",
          "LSF_CONFDIR=.\nLSF_ELIM_BLOCKTIME=7\nLSF_ELIM_RESTARTS=3\n"
          "ELIM_ABORT_VALUE=300\nLSF_MASTER_LIST=\"nohost hostB\"\n");
  d.write("lsf.shared", kShared);
  d.write("lsf.cluster.test",
          std::string(kCluster) + "Begin Parameters\nLSF_ELIM_RESTARTS = 9\nEnd Parameters\n");
  auto l = d.load();
  ASSERT_TRUE(l.draft) << dump(l);
  EXPECT_FALSE(l.snapshot);  // ELIM_ABORT_VALUE=300 is out of range: an error
  EXPECT_EQ(l.draft->params.elimBlockTime, 7);
  EXPECT_EQ(l.draft->params.elimRestarts, 9);
  EXPECT_EQ(l.draft->params.elimAbortValue, 97);
  EXPECT_EQ(countDiag(l, "lsf.conf", 4, kE, "ELIM_ABORT_VALUE"), 1) << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.conf", 5, kW, "<nohost> is not in the Host section"), 1);
  EXPECT_EQ(l.diagnostics.size(), 2u);
  EXPECT_EQ(l.draft->masterList, std::vector<std::string>{"hostB"});
}

// LSF_ELIM_RESTARTS is documented as valid only with LSF_ELIM_BLOCKTIME or LSF_ELIM_DEBUG=y;
// either may come from lsf.conf or the cluster file's Parameters.
class ElimRestarts : public ::testing::Test {
 protected:
  ConfigLoad load(const std::string& conf, const std::string& params) {
    d_.write("lsf.conf", "LSF_CONFDIR=.\n" + conf);
    d_.write("lsf.shared", kShared);
    d_.write("lsf.cluster.test", std::string(kCluster) + "Begin Parameters\nEXINTERVAL = 15\n" +
                                     params + "End Parameters\n");
    return d_.load();
  }
  ConfigDir d_;
};

TEST_F(ElimRestarts, AloneIsAWarningAtEachLineThatSetsIt) {
  auto l = load("LSF_ELIM_RESTARTS=5\n", "LSF_ELIM_RESTARTS = 2\n");
  ASSERT_TRUE(l.snapshot) << dump(l);  // a warning: the cap still applies
  EXPECT_EQ(l.snapshot->params.elimRestarts, 2);
  const std::string why = "LSF_ELIM_RESTARTS is set without LSF_ELIM_BLOCKTIME or LSF_ELIM_DEBUG=y";
  EXPECT_EQ(countDiag(l, "lsf.conf", 2, kW, why), 1) << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", 14, kW, why), 1) << dump(l);
  EXPECT_EQ(l.diagnostics.size(), 2u) << dump(l);
}

TEST_F(ElimRestarts, DebugOffDoesNotCount) {
  auto l = load("LSF_ELIM_DEBUG=n\nLSF_ELIM_RESTARTS=5\n", "");
  EXPECT_EQ(countDiag(l, "lsf.conf", 3, kW, "LSF_ELIM_RESTARTS is set without"), 1) << dump(l);
  EXPECT_EQ(l.diagnostics.size(), 1u) << dump(l);
}

TEST_F(ElimRestarts, BlocktimeOrDebugInEitherFileSatisfiesIt) {
  for (auto [conf, params] : std::vector<std::pair<std::string, std::string>>{
           {"LSF_ELIM_RESTARTS=5\n", "LSF_ELIM_BLOCKTIME = 0\n"},
           {"LSF_ELIM_RESTARTS=5\nLSF_ELIM_DEBUG=y\n", ""},
           {"LSF_ELIM_BLOCKTIME=4\n", "LSF_ELIM_RESTARTS = 5\n"},
           {"", "lsf_elim_debug = Y\nLSF_ELIM_RESTARTS = 5\n"},
           {"", ""}}) {
    auto l = load(conf, params);
    EXPECT_TRUE(l.diagnostics.empty()) << conf << "|" << params << "\n" << dump(l);
  }
}

TEST(ConfigLoadFiles, MissingLsfConfIsAnError) {
  ConfigDir d;
  std::remove(d.path("lsf.conf").c_str());
  auto l = d.load();
  EXPECT_EQ(countDiag(l, "lsf.conf", 0, kE, "cannot read: No such file"), 1) << dump(l);
  EXPECT_FALSE(l.snapshot);
}

TEST(ConfigLoadFiles, MissingSharedAndClusterFilesAreErrors) {
  ConfigDir d;
  auto l = d.load();
  EXPECT_ONLY_DIAG(l, "lsf.shared", 0, kE, "cannot read");
  d.write("lsf.shared", kShared);
  auto l2 = d.load();
  EXPECT_ONLY_DIAG(l2, "lsf.cluster.test", 0, kE, "cannot read: No such file");
}

TEST(ConfigLoadFiles, UnreadableFileIsAnError) {
  ConfigDir d;
  mkdir(d.path("lsf.shared").c_str(), 0755);  // a directory cannot be read as a file
  auto l = d.load();
  EXPECT_ONLY_DIAG(l, "lsf.shared", 0, kE, "cannot read");
}

TEST(ConfigLoadFiles, DiagnosticsComeInFileThenLineOrder) {
  ConfigDir d;
  d.write("lsf.conf", "LSF_CONFDIR=.\nbroken\n");
  d.write("lsf.shared", std::string(kShared) + "stray\n");
  d.write("lsf.cluster.test", std::string("Begin ResourceMap\nRESOURCENAME LOCATION\n"
                                          "nio [hostQ]\nEnd ResourceMap\n") +
                                  kCluster);
  auto l = d.load();
  ASSERT_EQ(l.diagnostics.size(), 3u) << dump(l);
  EXPECT_EQ(l.diagnostics[0].line, 2);
  EXPECT_NE(l.diagnostics[1].file.find("lsf.shared"), std::string::npos);
  EXPECT_EQ(l.diagnostics[2].line, 3);
  EXPECT_EQ(l.files.size(), 3u);
}

TEST(ConfigLoadFiles, TenMegabyteLineInTheClusterFileIsOneWarning) {
  ConfigDir d;
  d.write("lsf.shared", kShared);
  d.write("lsf.cluster.test", std::string(kCluster) + std::string(10 << 20, 'h') + "\n");
  auto l = d.load();
  EXPECT_ONLY_DIAG(l, "lsf.cluster.test", lineOf(kCluster, "End ResourceMap") + 1, kW,
                   "longer than");
  EXPECT_TRUE(l.snapshot);
}

TEST(HostsFile, ReadsAddressesAndReportsBadLines) {
  ConfigDir d;
  d.write("lsf.shared", kShared);
  d.write("lsf.cluster.test", kCluster);
  d.write("hosts",
          "# cluster\n127.0.0.11 hostA a1\n::1 v6host\n300.1.1.1 bad\nlonely\n"
          "127.0.0.12 hostB\n127.0.0.99 hostA\n10.0.0.1 unrelated # fine\n");
  auto l = d.load();
  ASSERT_TRUE(l.snapshot) << dump(l);
  EXPECT_EQ(countDiag(l, "hosts", 4, kW, "bad IP address <300.1.1.1>"), 1) << dump(l);
  EXPECT_EQ(countDiag(l, "hosts", 5, kW, "expected IP-address"), 1);
  EXPECT_EQ(countDiag(l, "hosts", 7, kW, "<hostA> already mapped at line 2"), 1);
  EXPECT_EQ(l.diagnostics.size(), 3u);
  EXPECT_EQ(l.snapshot->addresses.size(), 4u);
  EXPECT_EQ(l.snapshot->findAddress("A1")->ip, "127.0.0.11");
  EXPECT_EQ(l.snapshot->findAddress("hostB")->ip, "127.0.0.12");
}

// The quickstart runs hostA alone and places and reserves on it: no threshold on an index
// that a loaded machine raises (CPU, run queue, paging, I/O, login activity) may mark it busy.
TEST(SampleCluster, QuickstartHostIsNotBusiedByMachineLoad) {
  auto l = loadConfig(std::string(OPENLIM_SOURCE_DIR) + "/conf",
                      [](const std::string&) { return std::nullopt; });
  ASSERT_TRUE(l.snapshot) << dump(l);
  const auto* a = l.snapshot->findHost("hostA");
  ASSERT_NE(a, nullptr);
  for (const char* index : {"r15s", "r1m", "r15m", "ut", "pg", "io", "ls", "it"})
    EXPECT_EQ(a->thresholds.count(index), 0u) << "hostA has a busy threshold on " << index;
}

TEST(SampleCluster, ConfIsCleanAndDescribesDemo) {
  auto l = loadConfig(std::string(OPENLIM_SOURCE_DIR) + "/conf",
                      [](const std::string&) { return std::nullopt; });
  ASSERT_TRUE(l.snapshot) << dump(l);
  EXPECT_TRUE(l.diagnostics.empty()) << dump(l);
  const auto& s = *l.snapshot;
  EXPECT_EQ(s.clusterName, "demo");
  EXPECT_EQ(s.hosts.size(), 3u);
  EXPECT_EQ(s.masterList, (std::vector<std::string>{"hostA", "hostB", "hostC"}));
  EXPECT_EQ(s.conf("LSF_LIM_PORT"), "7869");
  EXPECT_EQ(s.findAddress("hostC")->ip, "127.0.0.13");
  EXPECT_DOUBLE_EQ(s.findHost("hostC")->thresholds.at("ut"), 0.9);
  EXPECT_DOUBLE_EQ(s.findHost("hostC")->thresholds.at("r1m"), 3.5);
  EXPECT_DOUBLE_EQ(s.findHost("hostA")->thresholds.at("usr_tmp"), 20);
  EXPECT_EQ(s.findHost("hostC")->strings.at("osrel"), "bookworm");
  for (const char* r : {"usr_tmp", "nio", "ngpus", "gpu_util", "gpu_mem"})
    EXPECT_EQ(s.perHostResources.count(r), 1u) << r;
  auto ext = s.perHostExternalResources("hostB");
  EXPECT_EQ(ext.size(), 5u);
  int licenses = 0, scratch = 0, fluent = 0;
  for (const auto& i : s.instances) {
    licenses += i.resource == "licenses" && i.all && i.hosts.size() == 3;
    scratch += i.resource == "scratch";
    fluent += i.resource == "fluent" && i.staticNumber == 5.0;
  }
  EXPECT_EQ(licenses, 1);
  EXPECT_EQ(scratch, 2);
  EXPECT_EQ(fluent, 1);
  EXPECT_TRUE(s.findResource("licenses")->consumable);
  EXPECT_DOUBLE_EQ(s.maxCpuFactor(), 100);
}

}  // namespace
}  // namespace openlim::testing
