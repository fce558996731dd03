// lsf.cluster.<name>: Host, ResourceMap, Parameters; problems at their own line, no cascade.
#include <gtest/gtest.h>

#include "config_fixture.h"

namespace openlim::testing {
namespace {

constexpr Severity kW = Severity::kWarning;
constexpr Severity kE = Severity::kError;

class LsfCluster : public ::testing::Test {
 protected:
  ConfigLoad load(const std::string& cluster) {
    text_ = cluster;
    dir_.write("lsf.shared", kShared);
    dir_.write("lsf.cluster.test", cluster);
    return dir_.load();
  }
  int line(const std::string& marker) const { return lineOf(text_, marker); }
  // kCluster with `rows` added to the Host or ResourceMap section.
  static std::string withHosts(const std::string& rows) {
    std::string s = kCluster;
    return s.insert(s.find("End Host"), rows);
  }
  static std::string withMap(const std::string& rows) {
    std::string s = kCluster;
    return s.insert(s.find("End ResourceMap"), rows);
  }
  ConfigDir dir_;
  std::string text_;
};

TEST_F(LsfCluster, BaseFileIsCleanAndFillsTheModel) {
  auto l = load(kCluster);
  ASSERT_TRUE(l.snapshot) << dump(l);
  EXPECT_TRUE(l.diagnostics.empty()) << dump(l);
  const auto& s = *l.snapshot;
  ASSERT_EQ(s.hosts.size(), 2u);
  const HostConfig* a = s.findHost("HOSTA");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->model, "Generic");
  EXPECT_DOUBLE_EQ(a->thresholds.at("r1m"), 3.5);
  EXPECT_DOUBLE_EQ(a->thresholds.at("ut"), 0.9);
  EXPECT_EQ(a->booleans, std::vector<std::string>{"cs"});
  EXPECT_EQ(a->strings.at("osrel"), "bookworm");
  EXPECT_EQ(s.findHost("hostB")->model, "!");
  EXPECT_TRUE(s.findHost("hostB")->thresholds.empty());
  EXPECT_EQ(s.perHostResources.at("usr_tmp"), (std::vector<std::string>{"hostA", "hostB"}));
  ASSERT_EQ(s.instances.size(), 1u);
  EXPECT_TRUE(s.instances[0].all);
  EXPECT_EQ(s.instances[0].hosts.size(), 2u);
  EXPECT_TRUE(s.findResource("licenses")->shared);
  EXPECT_FALSE(s.findResource("usr_tmp")->shared);
  EXPECT_EQ(s.masterList, (std::vector<std::string>{"hostA", "hostB"}));
  EXPECT_EQ(s.checksum.size(), 16u);
}

TEST_F(LsfCluster, LocationForms) {
  auto l = load(withHosts("hostC  Generic  LINUX86  0  ()  ()  ()\n") +
                "Begin ResourceMap\nRESOURCENAME LOCATION\nnio ([all ~hostB])\n"
                "fluent (2@[hostA hostB] 1@[hostC])\nosrel (bookworm@[all])\n"
                "End ResourceMap\n");
  ASSERT_TRUE(l.snapshot) << dump(l);
  const auto& in = l.snapshot->instances;
  ASSERT_EQ(in.size(), 5u);
  EXPECT_EQ(in[1].resource, "nio");
  EXPECT_EQ(in[1].hosts, (std::vector<std::string>{"hostA", "hostC"}));
  EXPECT_EQ(in[2].hosts, (std::vector<std::string>{"hostA", "hostB"}));
  EXPECT_EQ(in[2].staticNumber, 2.0);
  EXPECT_EQ(in[3].hosts, (std::vector<std::string>{"hostC"}));
  EXPECT_EQ(in[3].staticNumber, 1.0);
  EXPECT_EQ(in[4].staticString, "bookworm");
  EXPECT_EQ(in[4].line, line("osrel (bookworm"));
  EXPECT_EQ(l.snapshot->masterList, (std::vector<std::string>{"hostA", "hostB"}));
}

TEST_F(LsfCluster, HostSetsWithoutParenthesesAndBadLocations) {
  auto l = load(withMap("nio  [hostA] [hostB]\nfluent (x@[all])\nosrel  (5@)\n"));
  ASSERT_EQ(l.snapshot->instances.size(), 3u) << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("fluent (x"), kW, "bad number <x>"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("osrel  (5@)"), kW, "bad LOCATION"), 1);
  EXPECT_EQ(l.diagnostics.size(), 2u) << dump(l);
}

TEST_F(LsfCluster, UnknownSectionAndParameter) {
  auto l = load(std::string(kCluster) +
                "Begin Parameters\nEXINTERVAL = 1\nFLOAT_CLIENTS = 3\n"
                "End Parameters\nBegin RemoteClusters\nx\nEnd RemoteClusters\n");
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("FLOAT_CLIENTS"), kW, "unknown parameter"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("Begin RemoteClusters"), kW,
                      "unknown section <RemoteClusters>"),
            1);
  EXPECT_EQ(l.diagnostics.size(), 2u) << dump(l);
  EXPECT_EQ(l.snapshot->params.exInterval, 1);
}

// A bad interval or count is an error: running on a default the file does not say (or on a
// wrapped number) would surprise the admin; lim refuses it and so does ckconfig.
TEST_F(LsfCluster, BadParameterValuesAreErrors) {
  auto l = load(std::string(kCluster) +
                "Begin Parameters\nEXINTERVAL = 15s\n"
                "ELIM_POLL_INTERVAL = 9\nHOST_INACTIVITY_LIMIT = 1\nLSF_ELIM_DEBUG = maybe\n"
                "RETRY_LIMIT = -5\nMASTER_INACTIVITY_LIMIT = 99999999999\nPROBE_TIMEOUT =\n"
                "End Parameters\n");
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("EXINTERVAL"), kE, "bad value <15s>"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("ELIM_POLL"), kE, "out of range"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("HOST_INACT"), kE, "at least 2"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("LSF_ELIM_DEBUG"), kE, "want y or n"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("RETRY_LIMIT"), kE, "bad value <-5>"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("MASTER_INACT"), kE, "bad value <9999"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("PROBE_TIMEOUT"), kE, "bad value <>"), 1);
  EXPECT_EQ(l.diagnostics.size(), 7u) << dump(l);
  EXPECT_FALSE(l.snapshot);  // refused: lim does not start, reconfig changes nothing
  EXPECT_EQ(l.draft->params.exInterval, 15);
  EXPECT_EQ(l.draft->params.hostInactivityLimit, 5);
}

TEST_F(LsfCluster, ReservationConsistencyIsReadAndABadValueIsAnErrorAtItsLine) {
  auto ok = load(std::string(kCluster) +
                 "Begin Parameters\nRESERVATION_CONSISTENCY = available\nEnd Parameters\n");
  ASSERT_TRUE(ok.snapshot) << dump(ok);
  EXPECT_EQ(ok.snapshot->params.reservationConsistency, ReservationConsistency::kAvailable);
  auto dflt = load(kCluster);
  ASSERT_TRUE(dflt.snapshot) << dump(dflt);
  EXPECT_EQ(dflt.snapshot->params.reservationConsistency, ReservationConsistency::kQuorum);
  auto l = load(std::string(kCluster) +
                "Begin Parameters\nEXINTERVAL = 1\nRESERVATION_CONSISTENCY = strong\n"
                "End Parameters\n");
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("RESERVATION_CONSISTENCY"), kE,
                      "bad value <strong> for RESERVATION_CONSISTENCY: want available or quorum"),
            1)
      << dump(l);
  EXPECT_EQ(l.diagnostics.size(), 1u) << dump(l);
  EXPECT_FALSE(l.snapshot);  // refused, as every bad parameter
}

TEST_F(LsfCluster, UnknownColumnAndThresholdOnAStringResource) {
  std::string s = kCluster;
  s.replace(s.find("RESOURCES"), 9, "osrel  WINDOWS  RESOURCES");
  s.replace(s.find("90%  (cs"), 8, "90%  x  4  (cs");
  s.replace(s.find("()   ()   ()"), 12, "()   ()   -  -  ()");
  auto l = load(s);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("HOSTNAME"), kW,
                      "threshold column <osrel> names a String resource"),
            1)
      << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("HOSTNAME"), kW, "unknown column <WINDOWS>"), 1);
  EXPECT_EQ(l.diagnostics.size(), 2u) << dump(l);
}

TEST_F(LsfCluster, BadThresholdsAndFields) {
  auto l =
      load(withHosts("hostC  Generic  LINUX86  1  abc  150%  ()\n"
                     "hostD  Fancy  SOLARIS  maybe  0x5  2  (nothere cs=1 osrel)\n"));
  int c = line("hostC"), d = line("hostD");
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", c, kW, "bad r1m threshold <abc>"), 1) << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", c, kW, "bad ut threshold <150%>"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", d, kW, "unknown host model <Fancy>"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", d, kW, "unknown host type <SOLARIS>"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", d, kW, "bad server <maybe>"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", d, kW, "bad r1m threshold <0x5>"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", d, kW, "bad ut threshold <2>"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", d, kW, "undefined resource <nothere>"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", d, kW, "Boolean resource <cs> takes no value"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", d, kW, "<osrel> needs a value"), 1);
  EXPECT_EQ(l.diagnostics.size(), 10u) << dump(l);
  EXPECT_EQ(l.snapshot->findHost("hostD")->model, "!");
}

TEST_F(LsfCluster, DuplicateAndIllegalHostNames) {
  auto l = load(withHosts("HOSTA  Generic  LINUX86  1  ()  ()  ()\n"
                          "bad/host  Generic  LINUX86  1  ()  ()  ()\n") +
                "Begin ResourceMap\nRESOURCENAME LOCATION\nnio [bad/host]\nEnd ResourceMap\n");
  EXPECT_EQ(
      countDiag(l, "lsf.cluster.test", line("HOSTA"), kW,
                "duplicate host <HOSTA> (first at line " + std::to_string(line("hostA")) + ")"),
      1)
      << dump(l);
  // A host that cannot be read is an error (a reconfig would otherwise drop it quietly).
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("bad/host  "), kE, "forbidden character '/'"), 1);
  EXPECT_EQ(l.diagnostics.size(), 2u) << dump(l);  // the ResourceMap reference stays silent
}

TEST_F(LsfCluster, ResourceMapOfUndefinedBuiltinOrBooleanResource) {
  auto l = load(withMap("nosuch [all]\nmem [all]\ncs [default]\nlicenses [default]\n"));
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("nosuch"), kW, "undefined resource <nosuch>"), 1)
      << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("mem [all]"), kW, "built-in resource <mem>"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("cs [default]"), kW, "Boolean resource"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("licenses [default]"), kW, "mapped again"), 1);
  EXPECT_EQ(l.diagnostics.size(), 4u);
}

TEST_F(LsfCluster, HostInLocationNotInHostSection) {
  auto l = load(withMap("nio ([hostA hostZ] [hostB hostA])\nfluent (3@[all ~hostQ])\n"));
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("nio ("), kW,
                      "host <hostZ> in LOCATION of <nio> is not in the Host section"),
            1)
      << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("nio ("), kW, "more than one instance"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("fluent"), kW, "<hostQ>"), 1);
  EXPECT_EQ(l.diagnostics.size(), 3u);
}

// A Host row with missing or extra values is an error (the host would vanish from the
// cluster), reported once: the ResourceMap naming that host stays silent.
TEST_F(LsfCluster, RowCountMismatchInHostSectionIsAnErrorAndDoesNotCascade) {
  auto l = load(withHosts("hostC  Generic  LINUX86\n") +
                "Begin ResourceMap\nRESOURCENAME LOCATION\nnio [hostC]\nEnd ResourceMap\n");
  EXPECT_ONLY_DIAG(l, "lsf.cluster.test", line("hostC  Generic"), kE,
                   "row has 3 values but the header has 7 columns");
  EXPECT_FALSE(l.snapshot);
}

TEST_F(LsfCluster, HostRowWithExtraValuesOrBadQuotingIsAnError) {
  auto l =
      load(withHosts("hostC  Generic  LINUX86  1  ()  ()  ()  extra\n"
                     "hostD  Generic  LINUX86  1  ()  ()  \"(cs\n"));
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("hostC  "), kE, "row has 8 values"), 1)
      << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("hostD  "), kE, ""), 1) << dump(l);
  EXPECT_EQ(l.errors(), 2) << dump(l);
  EXPECT_FALSE(l.snapshot);
}

TEST_F(LsfCluster, NoHostsIsAnError) {
  auto l = load("Begin Host\nHOSTNAME model\nEnd Host\n");
  EXPECT_ONLY_DIAG(l, "lsf.cluster.test", 0, kE, "no hosts");
  EXPECT_FALSE(l.snapshot);
}

TEST_F(LsfCluster, HostSectionWithoutHostnameIsAnError) {
  auto l = load("Begin Host\nNAME model\nhostA Generic\nEnd Host\n");
  EXPECT_ONLY_DIAG(l, "lsf.cluster.test", 2, kE, "no HOSTNAME column");
  EXPECT_FALSE(l.snapshot);
}

TEST_F(LsfCluster, NoServerHostIsAnError) {
  auto l = load("Begin Host\nHOSTNAME server\nhostA 0\nEnd Host\n");
  EXPECT_ONLY_DIAG(l, "lsf.cluster.test", 0, kE, "no server host");
}

TEST_F(LsfCluster, EndMissingIsReportedAtBeginAndTheRestStillReads) {
  std::string s = kCluster;
  s.erase(s.find("End Host"), 8);
  auto l = load(s);
  EXPECT_ONLY_DIAG(l, "lsf.cluster.test", line("Begin Host"), kE, "Begin Host has no End");
  ASSERT_TRUE(l.draft);
  EXPECT_EQ(l.draft->hosts.size(), 2u);
  EXPECT_EQ(l.draft->instances.size(), 1u);
}

TEST_F(LsfCluster, ContinuationsCommentsAndQuotedValues) {
  auto l = load(
      "# hosts\nBegin Host\nHOSTNAME model \\\n  RESOURCES  # header\n"
      "hostA Generic \\\n (cs \\\n  osrel=\"deb 12\")\nEnd Host\n");
  ASSERT_TRUE(l.snapshot) << dump(l);
  EXPECT_EQ(l.snapshot->hosts[0].line, 5);
  EXPECT_EQ(l.snapshot->hosts[0].strings.at("osrel"), "deb 12");
}

}  // namespace
}  // namespace openlim::testing

// Size thresholds (mem swp tmp) take units as resource requirements do; other indices none.
namespace openlim::testing {
namespace {

constexpr const char* kSizeHosts = R"(Begin Host
HOSTNAME  model    type     server  r1m  mem   swp    tmp    RESOURCES
hostA     Generic  LINUX86  1       3.5  500M  2G     1.5gb  ()
hostB     !        !        1       ()   512   4096K  1T     ()
hostC     !        !        1       2G   2X    G      -1M    ()
End Host
)";

TEST_F(LsfCluster, SizeThresholdsTakeUnitsInMb) {
  auto l = load(kSizeHosts);
  ASSERT_TRUE(l.snapshot) << dump(l);
  const auto& a = l.snapshot->findHost("hostA")->thresholds;
  EXPECT_DOUBLE_EQ(a.at("mem"), 500);
  EXPECT_DOUBLE_EQ(a.at("swp"), 2048);
  EXPECT_DOUBLE_EQ(a.at("tmp"), 1536);
  const auto& b = l.snapshot->findHost("hostB")->thresholds;
  EXPECT_DOUBLE_EQ(b.at("mem"), 512);  // a bare number is MB
  EXPECT_DOUBLE_EQ(b.at("swp"), 4);
  EXPECT_DOUBLE_EQ(b.at("tmp"), 1024.0 * 1024);
}

TEST_F(LsfCluster, BadSizeThresholdsNameFileLineAndUnit) {
  auto l = load(kSizeHosts);
  int c = line("hostC");
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", c, kW, "bad r1m threshold <2G>"), 1) << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", c, kW,
                      "bad mem threshold <2X> for host <hostC> (unknown unit 'X'"),
            1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", c, kW, "bad swp threshold <G>"), 1);
  const auto& t = l.snapshot->findHost("hostC")->thresholds;
  EXPECT_EQ(t.count("r1m") + t.count("mem") + t.count("swp"), 0u);
  EXPECT_DOUBLE_EQ(t.at("tmp"), -1);  // a negative number stays as written, as for r1m
  EXPECT_EQ(l.diagnostics.size(), 3u) << dump(l);
}

}  // namespace
}  // namespace openlim::testing
