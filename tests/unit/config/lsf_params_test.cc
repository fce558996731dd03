// lsf.conf typed once: ports, intervals and counts parsed and range-checked in the core, bad
// ones refused with file:line; typos, empty values and repeated keys said.
#include <gtest/gtest.h>

#include <tuple>

#include "config/lsf_params.h"
#include "config_fixture.h"

namespace openlim::testing {
namespace {

constexpr Severity kW = Severity::kWarning;
constexpr Severity kE = Severity::kError;

// A clean cluster with `conf` as lsf.conf (LSF_CONFDIR=. first, so line N of `conf` is N+1).
ConfigLoad loadWithConf(ConfigDir& d, const std::string& conf) {
  d.write("lsf.conf", "LSF_CONFDIR=.\n" + conf);
  d.write("lsf.shared", kShared);
  d.write("lsf.cluster.test", kCluster);
  return d.load();
}

TEST(LsfParams, BadLimPortIsAnErrorAtItsLineAndTheConfigIsRefused) {
  for (const char* bad : {"abc", "0", "70000", "-5", "27306x", "65536", "1e3", "0x1f"}) {
    ConfigDir d;
    auto l = loadWithConf(d, std::string("LSF_LIM_PORT=") + bad + "\n");
    EXPECT_ONLY_DIAG(l, "lsf.conf", 2, kE,
                     std::string("bad value <") + bad + "> for LSF_LIM_PORT: want a port");
    EXPECT_FALSE(l.snapshot) << bad;  // lim refuses; never a wrapped or default port
    EXPECT_EQ(l.draft->lsf.limPort, 7869) << bad;
  }
}

TEST(LsfParams, GoodLimPortIsTyped) {
  for (auto [text, port] : std::vector<std::pair<const char*, int>>{
           {"1", 1}, {"27306", 27306}, {"65535", 65535}, {"\"7000\"", 7000}}) {
    ConfigDir d;
    auto l = loadWithConf(d, std::string("LSF_LIM_PORT=") + text + "\n");
    ASSERT_TRUE(l.snapshot) << dump(l);
    EXPECT_TRUE(l.diagnostics.empty()) << dump(l);
    EXPECT_EQ(l.snapshot->lsf.limPort, port);
  }
}

TEST(LsfParams, EmptyNumericValueIsAWarningAndTheDefaultIsUsed) {
  ConfigDir d;
  auto l = loadWithConf(d, "LSF_LIM_PORT=\nLSF_API_CONNTIMEOUT=\"\"\nLSF_ELIM_RESTARTS=\n");
  ASSERT_TRUE(l.snapshot) << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.conf", 2, kW, "empty value for LSF_LIM_PORT; its default"), 1)
      << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.conf", 3, kW, "empty value for LSF_API_CONNTIMEOUT"), 1);
  EXPECT_EQ(countDiag(l, "lsf.conf", 4, kW, "empty value for LSF_ELIM_RESTARTS"), 1);
  EXPECT_EQ(l.diagnostics.size(), 3u) << dump(l);
  EXPECT_EQ(l.snapshot->lsf.limPort, 7869);
  EXPECT_EQ(l.snapshot->lsf.apiConnTimeout, 5);
}

TEST(LsfParams, ValueExpandingToEmptyMeansNotSetWithoutAWord) {
  ConfigDir d;
  auto l = loadWithConf(d, "LSF_LIM_PORT=${UNSET_PORT}\nLSF_SERVERDIR=\n");
  ASSERT_TRUE(l.snapshot) << dump(l);
  EXPECT_TRUE(l.diagnostics.empty()) << dump(l);  // the sample cluster relies on this
  EXPECT_EQ(l.snapshot->lsf.limPort, 7869);
}

TEST(LsfParams, BadIntervalsAndCountsAreErrors) {
  ConfigDir d;
  auto l = loadWithConf(d,
                        "LSF_API_CONNTIMEOUT=0\nLSF_API_RECVTIMEOUT=5s\nLSF_NCPUS=-1\n"
                        "LSF_ELIM_STALE_FACTOR=0.5\nLSF_ELIM_RESTARTS=many\nELIM_ABORT_VALUE=256\n"
                        "LSF_ELIM_BLOCKTIME=-1\n");
  EXPECT_EQ(countDiag(l, "lsf.conf", 2, kE, "bad value <0> for LSF_API_CONNTIMEOUT"), 1) << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.conf", 3, kE, "bad value <5s> for LSF_API_RECVTIMEOUT"), 1);
  EXPECT_EQ(countDiag(l, "lsf.conf", 4, kE, "bad value <-1> for LSF_NCPUS"), 1);
  EXPECT_EQ(countDiag(l, "lsf.conf", 5, kE, "LSF_ELIM_STALE_FACTOR"), 1);
  EXPECT_EQ(countDiag(l, "lsf.conf", 6, kE, "LSF_ELIM_RESTARTS"), 1);
  EXPECT_EQ(countDiag(l, "lsf.conf", 7, kE, "ELIM_ABORT_VALUE"), 1);
  EXPECT_EQ(countDiag(l, "lsf.conf", 8, kE, "LSF_ELIM_BLOCKTIME"), 1);
  EXPECT_EQ(l.errors(), 7) << dump(l);
  EXPECT_FALSE(l.snapshot);
}

TEST(LsfParams, EveryKeyWeUseIsTyped) {
  ConfigDir d;
  auto l = loadWithConf(d,
                        "LSF_SERVERDIR=sbin\nLSF_LOGDIR=/var/log/lsf\nLSF_ELIM_DIR=elims\n"
                        "LSF_AUTH_KEYFILE=/etc/lsf.key\nLSF_LOG_MASK=log_info\n"
                        "LSF_MASTER_LIST=\"hostB hostA\"\nLSF_SERVER_HOSTS=\"hostA:hostB hostC\"\n"
                        "LSF_STRIP_DOMAIN=.example.com:.corp\nLSF_API_CONNTIMEOUT=2.5\n"
                        "LSF_API_RECVTIMEOUT=30\nLSF_RSH=\"ssh -o 'BatchMode yes'\"\n"
                        "LSF_NCPUS=64\nLSF_BINDIR=/opt/lsf/bin\nLSF_ELIM_STALE_FACTOR=4\n");
  ASSERT_TRUE(l.snapshot) << dump(l);
  EXPECT_TRUE(l.diagnostics.empty()) << dump(l);
  const LsfParams& p = l.snapshot->lsf;
  EXPECT_EQ(p.serverDir, d.dir() + "/sbin");
  EXPECT_EQ(p.logDir, "/var/log/lsf");
  EXPECT_EQ(p.elimDir, d.dir() + "/elims");
  EXPECT_EQ(p.authKeyFile, "/etc/lsf.key");
  EXPECT_EQ(p.logMask, "LOG_INFO");
  EXPECT_EQ(p.masterList, (std::vector<std::string>{"hostB", "hostA"}));
  EXPECT_EQ(p.serverHosts, (std::vector<std::string>{"hostA", "hostB", "hostC"}));
  EXPECT_EQ(p.stripDomain, (std::vector<std::string>{".example.com", ".corp"}));
  EXPECT_EQ(p.apiConnTimeout, 2.5);
  EXPECT_EQ(p.apiRecvTimeout, 30);
  EXPECT_EQ(p.rsh, "ssh -o 'BatchMode yes'");
  EXPECT_EQ(p.ncpus, 64);
  EXPECT_EQ(p.binDir, "/opt/lsf/bin");
  EXPECT_EQ(l.snapshot->params.elimStaleFactor, 4);
  EXPECT_EQ(l.snapshot->masterList, (std::vector<std::string>{"hostB", "hostA"}));
}

TEST(LsfParams, LsgrunParallelIsACountAndABadOneKeepsTheDefaultWithAWarning) {
  ConfigDir d;
  auto l = loadWithConf(d, "LSF_LSGRUN_PARALLEL=8\n");
  ASSERT_TRUE(l.snapshot) << dump(l);
  EXPECT_EQ(l.snapshot->lsf.lsgrunParallel, 8);
  for (const char* bad : {"0", "4097", "many"}) {
    ConfigDir d2;
    auto b = loadWithConf(d2, std::string("LSF_LSGRUN_PARALLEL=") + bad + "\n");
    ASSERT_TRUE(b.snapshot) << dump(b);
    EXPECT_EQ(b.snapshot->lsf.lsgrunParallel, 64) << bad;
    ASSERT_EQ(b.diagnostics.size(), 1u) << dump(b);
    EXPECT_NE(b.diagnostics[0].toString().find("LSF_LSGRUN_PARALLEL"), std::string::npos)
        << dump(b);
  }
}

TEST(LsfParams, BadLogMaskIsAWarningAndTheDefaultIsUsed) {
  ConfigDir d;
  auto l = loadWithConf(d, "LSF_LOG_MASK=LOUD\n");
  ASSERT_TRUE(l.snapshot);
  EXPECT_ONLY_DIAG(l, "lsf.conf", 2, kW, "bad value <LOUD> for LSF_LOG_MASK");
  EXPECT_EQ(l.snapshot->lsf.logMask, "");
}

TEST(LsfParams, UnknownLsfKeyIsAWarningWithTheNearestKnownKey) {
  ConfigDir d;
  auto l = loadWithConf(d,
                        "LSF_LIM_PROT=7000\nLSF_FROBNICATE=1\nSITE_VAR=1\nMY_PORT=x\n"
                        "LSF_TOP=/opt/lsf\nLSF_VERSION=10.1\nLSB_SHAREDIR=/x\n");
  ASSERT_TRUE(l.snapshot);
  EXPECT_EQ(countDiag(l, "lsf.conf", 2, kW,
                      "unknown key LSF_LIM_PROT (did you mean LSF_LIM_PORT?); ignored"),
            1)
      << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.conf", 3, kW, "unknown key LSF_FROBNICATE (a typo?)"), 1);
  // Site variables and LSF's own keys that openlim does not use stay silent.
  EXPECT_EQ(l.diagnostics.size(), 2u) << dump(l);
  EXPECT_EQ(l.snapshot->lsf.limPort, 7869);  // the typo set nothing
}

TEST(LsfParams, KeyGivenTwiceIsAWarningAtTheSecondLine) {
  ConfigDir d;
  auto l = loadWithConf(d, "LSF_LIM_PORT=7000\nX=a\nLSF_LIM_PORT=7001\nX=\"$X b\"\n");
  ASSERT_TRUE(l.snapshot);
  EXPECT_ONLY_DIAG(l, "lsf.conf", 4, kW,
                   "LSF_LIM_PORT is set again (first at line 2); this value is used");
  EXPECT_EQ(l.snapshot->lsf.limPort, 7001);
  EXPECT_EQ(l.snapshot->conf("X"), "a b");  // extending a value is no repetition
}

TEST(LsfParams, NearestKeySuggestions) {
  EXPECT_EQ(config::nearestLsfKey("LSF_LIM_PROT"), "LSF_LIM_PORT");
  EXPECT_EQ(config::nearestLsfKey("LSF_SERVERDIRS"), "LSF_SERVERDIR");
  EXPECT_EQ(config::nearestLsfKey("LSF_MASTERLIST"), "LSF_MASTER_LIST");
  EXPECT_EQ(config::nearestLsfKey("LSF_SOMETHING_ELSE"), "");
  EXPECT_EQ(config::nearestLsfKey(std::string(10000, 'L')), "");  // bounded work
  EXPECT_TRUE(config::isKnownLsfKey("LSF_ELIM_WATCHDOG"));
  EXPECT_FALSE(config::isKnownLsfKey("LSF_LIM_PROT"));
}

TEST(LsfParams, MetricsAddrIsOffByDefault) {
  ConfigDir d;
  auto l = loadWithConf(d, "");
  ASSERT_TRUE(l.snapshot) << dump(l);
  EXPECT_EQ(l.snapshot->lsf.metricsPort, 0);
}

TEST(LsfParams, GoodMetricsAddrIsTyped) {
  for (auto [text, host, port] : std::vector<std::tuple<const char*, const char*, int>>{
           {"127.0.0.1:9469", "127.0.0.1", 9469},
           {":9469", "", 9469},
           {"hostA.example.com:1", "hostA.example.com", 1},
           {"[::1]:65535", "::1", 65535}}) {
    ConfigDir d;
    auto l = loadWithConf(d, std::string("LSF_METRICS_ADDR=") + text + "\n");
    ASSERT_TRUE(l.snapshot) << dump(l);
    EXPECT_TRUE(l.diagnostics.empty()) << dump(l);
    EXPECT_EQ(l.snapshot->lsf.metricsHost, host) << text;
    EXPECT_EQ(l.snapshot->lsf.metricsPort, port) << text;
  }
}

TEST(LsfParams, BadMetricsAddrIsAnErrorAtItsLine) {
  for (const char* bad : {"9469", "127.0.0.1:", "127.0.0.1:0", "127.0.0.1:65536", "h:12x",
                          "::1:9469", "[::1:9469", "a b:9469", "http://h:9469", "h:-1"}) {
    ConfigDir d;
    auto l = loadWithConf(d, std::string("LSF_METRICS_ADDR=\"") + bad + "\"\n");
    EXPECT_EQ(countDiag(l, "lsf.conf", 2, kE,
                        std::string("bad value <") + bad + "> for LSF_METRICS_ADDR"),
              1)
        << bad << dump(l);
    EXPECT_FALSE(l.snapshot) << bad;
  }
}

}  // namespace
}  // namespace openlim::testing
