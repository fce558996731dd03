// The master role under a fake clock: taking the role and handing it back, heartbeats,
// probe replies, the paced announce round, and which host serves a shared instance.
#include "master/master_role.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "generic_cluster.h"

namespace openlim::master {
namespace {

using Hosts = std::vector<std::string>;

// hostA..hostN, candidates hostA hostB hostC, EXINTERVAL 10, a dynamic shared "scratch" on
// [hostB hostC] and a dynamic [all] "cluster_lic".
ConfigPtr makeConfig(int hosts = 3,
                     std::vector<std::string> candidates = {"hostA", "hostB", "hostC"},
                     bool shared = true) {
  std::vector<std::string> names;
  for (int i = 0; i < hosts; ++i)
    names.push_back(std::string("host") + static_cast<char>('A' + i % 26) +
                    (i < 26 ? "" : std::to_string(i)));
  auto c = testing::genericHosts(names);
  c->clusterName = "test";
  for (const char* r : {"scratch", "cluster_lic"})
    c->resources.push_back(testing::dynamicNumeric(r, Direction::kDecreasing, true));
  if (shared) {
    c->instances.push_back({.resource = "scratch", .hosts = {"hostB", "hostC"}});
    c->instances.push_back({.resource = "cluster_lic", .hosts = {"hostA", "hostB"}, .all = true});
  }
  c->params.exInterval = 10;
  c->params.masterInactivityLimit = 2;
  c->params.probeTimeout = 2;
  c->params.hostInactivityLimit = 3;
  c->masterList = std::move(candidates);
  return c;
}

std::vector<std::string> sentTo(const MasterActions& a, protocol::Kind kind) {
  std::vector<std::string> out;
  for (const auto& o : a.send)
    if (o.kind == kind) out.push_back(o.to);
  return out;
}

// The last message to `host`: a round started again in the same tick says the newer thing.
const Outgoing* lastSendTo(const MasterActions& a, const std::string& host) {
  const Outgoing* last = nullptr;
  for (const auto& o : a.send)
    if (o.to == host) last = &o;
  return last;
}

std::vector<std::string> distinct(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

void report(LoadTable& t, const std::string& host, double now) {
  t.ingest(protocol::LoadReport{.host = host, .numbers = {{"r1m", 0.1, 0}}}, now);
}

// hostA's role after its first tick, with hostB and hostC reporting: its tick at 2 s takes the
// role, and the shared scratch goes to hostB, the first of its set.
struct BAndCReporting {
  ConfigPtr c = makeConfig();
  LoadTable table{c};
  MasterRole role{"hostA", c, 0};
  BAndCReporting() {
    role.onTick(table, 0);
    report(table, "hostB", 1);
    report(table, "hostC", 1);
  }
};

TEST(MasterRole, TheFirstCandidateTakesTheRoleAfterProbingAndAnnouncesToEveryHost) {
  ConfigPtr c = makeConfig();
  LoadTable table(c);
  MasterRole role("hostA", c, 0);
  MasterActions a = role.onTick(table, 0);
  EXPECT_EQ(sentTo(a, protocol::Kind::kMasterProbe), (Hosts{"hostB", "hostC"}));
  EXPECT_EQ(a.probes, 2u);
  EXPECT_FALSE(role.isMaster());
  a = role.onTick(table, 2);
  EXPECT_TRUE(role.isMaster());
  ASSERT_EQ(a.log.size(), 2u);
  EXPECT_EQ(a.log[0], "hostA is now master (master: hostA)");
  EXPECT_EQ(a.log[1], "shared cluster_lic instance 1 now served by hostA");
  // The heartbeat's round, then (cluster_lic now served here) a round that replaces it.
  EXPECT_EQ(distinct(sentTo(a, protocol::Kind::kMasterAnnounce)), (Hosts{"hostB", "hostC"}));
  EXPECT_EQ(a.heartbeats, 2u);
  for (const auto& o : a.send) EXPECT_TRUE(o.body.claimsMaster);
  ASSERT_TRUE(a.servesSelf.has_value());
  EXPECT_EQ(*a.servesSelf, Hosts{"cluster_lic"});  // [all] runs on the master
}

TEST(MasterRole, AMasterHearingAHigherCandidateHandsTheRoleBack) {
  ConfigPtr c = makeConfig();
  LoadTable table(c);
  MasterRole role("hostB", c, 0);
  role.onTick(table, 0);
  role.onTick(table, 2);  // hostA silent: hostB plays master
  ASSERT_TRUE(role.isMaster());
  role.onAnnounce(protocol::Kind::kMasterAnnounce, {.sender = "hostA", .claimsMaster = true}, 40);
  MasterActions a = role.onTick(table, 40);
  EXPECT_FALSE(role.isMaster());
  EXPECT_EQ(role.master(), "hostA");
  ASSERT_EQ(a.log.size(), 1u);
  EXPECT_EQ(a.log[0], "hostB is no longer master (master: hostA)");
  EXPECT_FALSE(a.servesSelf.has_value());  // [all] follows the role to hostA
  EXPECT_FALSE(role.announcing());
}

TEST(MasterRole, ASilentMasterIsProbedAndTheNextCandidateTakesOver) {
  ConfigPtr c = makeConfig();
  LoadTable table(c);
  MasterRole role("hostB", c, 0);
  role.onTick(table, 0);
  role.onAnnounce(protocol::Kind::kProbeReply, {.sender = "hostA", .claimsMaster = true}, 0.1);
  role.onTick(table, 5);
  EXPECT_EQ(role.master(), "hostA");
  // Candidates beat every 10/30 s: silent 16 beats after 0.1, then probed over PROBE_TIMEOUT.
  MasterActions a = role.onTick(table, 5.5);
  EXPECT_EQ(sentTo(a, protocol::Kind::kMasterProbe), Hosts{"hostA"});
  EXPECT_EQ(role.master(), "hostA");
  a = role.onTick(table, 7.6);  // PROBE_TIMEOUT later: dead
  EXPECT_TRUE(role.isMaster());
  EXPECT_EQ(a.log.at(0), "hostB is now master (master: hostB)");
  EXPECT_EQ(distinct(sentTo(a, protocol::Kind::kMasterAnnounce)), (Hosts{"hostA", "hostC"}));
}

TEST(MasterRole, AProbeIsAnsweredWithThisHostsView) {
  ConfigPtr c = makeConfig();
  LoadTable table(c);
  MasterRole role("hostC", c, 0);
  MasterActions a = role.onAnnounce(protocol::Kind::kMasterProbe, {.sender = "hostB"}, 1);
  ASSERT_EQ(a.send.size(), 1u);
  EXPECT_EQ(a.send[0].kind, protocol::Kind::kProbeReply);
  EXPECT_EQ(a.send[0].to, "hostB");
  EXPECT_EQ(a.send[0].body.sender, "hostC");
  EXPECT_FALSE(a.send[0].body.claimsMaster);
  EXPECT_TRUE(
      role.onAnnounce(protocol::Kind::kMasterAnnounce, {.sender = "hostB"}, 1).send.empty());
}

TEST(MasterRole, ACandidateThatIsNotMasterHeartbeatsTheOtherCandidatesEachInterval) {
  ConfigPtr c = makeConfig();
  LoadTable table(c);
  MasterRole role("hostB", c, 0);
  MasterActions a = role.onTick(table, 0);
  role.onAnnounce(protocol::Kind::kProbeReply, {.sender = "hostA", .claimsMaster = true}, 0.1);
  EXPECT_EQ(sentTo(a, protocol::Kind::kMasterAnnounce), (Hosts{"hostA", "hostC"}));
  EXPECT_EQ(a.heartbeats, 1u);
  for (const auto& o : a.send) EXPECT_FALSE(o.body.claimsMaster);
  EXPECT_EQ(role.onTick(table, 5).heartbeats, 0u);
  EXPECT_EQ(role.onTick(table, 10).heartbeats, 1u);
}

TEST(MasterRole, CandidatesBeatEachOtherFastAndOnlyTheMasterAnnouncesToEveryHost) {
  ConfigPtr c = makeConfig(5);
  LoadTable table(c);
  MasterRole master("hostA", c, 0);
  master.onTick(table, 0);
  master.onTick(table, 2);  // master now; its round began
  ASSERT_TRUE(master.isMaster());
  MasterActions a = master.onTick(table, 2 + 10.0 / 30);  // one beat period on
  EXPECT_EQ(sentTo(a, protocol::Kind::kMasterAnnounce), (Hosts{"hostB", "hostC"}));
  for (const auto& o : a.send) EXPECT_TRUE(o.body.claimsMaster);
  EXPECT_EQ(a.heartbeats, 0u);  // no new round to every host
  MasterRole other("hostB", c, 0);
  other.onTick(table, 0);
  a = other.onTick(table, 10.0 / 30);
  EXPECT_EQ(sentTo(a, protocol::Kind::kMasterAnnounce), (Hosts{"hostA", "hostC"}));
  EXPECT_EQ(a.heartbeats, 0u);
}

// A beat from the master carries what the host serves, as the round does: a host must not
// drop its shared instance between two rounds.
TEST(MasterRole, TheMastersBeatTellsEachCandidateWhatItServes) {
  BAndCReporting s;
  LoadTable& table = s.table;
  MasterRole& role = s.role;
  role.onTick(table, 2);  // master; scratch goes to hostB
  ASSERT_EQ(table.servers()[0], "hostB");
  MasterActions a = role.onTick(table, 2 + 10.0 / 30);
  const Outgoing* toB = lastSendTo(a, "hostB");
  ASSERT_NE(toB, nullptr);
  EXPECT_EQ(toB->body.serves, Hosts{"scratch"});
  EXPECT_TRUE(lastSendTo(a, "hostC")->body.serves.empty());
}

TEST(MasterRole, ASharedInstanceIsServedByItsFirstAvailableHostAndMovesWhenItGoesAway) {
  BAndCReporting s;
  LoadTable& table = s.table;
  MasterRole& role = s.role;
  MasterActions a = role.onTick(table, 2);  // takes the role; scratch goes to hostB
  EXPECT_EQ(table.servers()[0], "hostB");
  EXPECT_NE(std::find(a.log.begin(), a.log.end(), "shared scratch instance 0 now served by hostB"),
            a.log.end());
  const Outgoing* toB = lastSendTo(a, "hostB");
  ASSERT_NE(toB, nullptr);
  EXPECT_EQ(toB->body.serves, Hosts{"scratch"});
  EXPECT_TRUE(lastSendTo(a, "hostC")->body.serves.empty());
  for (double t = 10; t <= 30; t += 10) report(table, "hostC", t);  // hostB falls silent
  a = role.onTick(table, 32);  // past HOST_INACTIVITY_LIMIT x EXINTERVAL
  EXPECT_EQ(table.servers()[0], "hostC");
  EXPECT_GE(a.heartbeats, 1u);  // a round at once: hostC starts, hostB stops
  EXPECT_EQ(lastSendTo(a, "hostC")->body.serves, Hosts{"scratch"});
  EXPECT_TRUE(lastSendTo(a, "hostB")->body.serves.empty());
  report(table, "hostB", 33);  // back: the instance moves back to the first of its set
  role.onTick(table, 33);
  EXPECT_EQ(table.servers()[0], "hostB");
}

TEST(MasterRole, TheAnnounceRoundIsSentInPacedBatches) {
  ConfigPtr c = makeConfig(200, {"hostA"}, false);
  LoadTable table(c);
  MasterRole role("hostA", c, 0);
  role.onTick(table, 0);
  MasterActions a = role.onTick(table, 2);
  ASSERT_TRUE(role.isMaster());
  EXPECT_EQ(sentTo(a, protocol::Kind::kMasterAnnounce).size(), AnnouncePace::kBatch);
  EXPECT_TRUE(role.announcing());
  EXPECT_GT(role.nextDeadline(), 2);
  size_t sent = AnnouncePace::kBatch;
  double t = 2;
  while (role.announcing() && t < 10) {
    t = role.nextDeadline();
    sent += sentTo(role.onTick(table, t), protocol::Kind::kMasterAnnounce).size();
  }
  EXPECT_EQ(sent, 199u);
  EXPECT_LE(t, 2 + c->params.exInterval / 2);  // done within half an interval
}

TEST(MasterRole, ATurnHeldUpSendsAtMostATurnsShareOfTheRoundAndWakesAgainAtOnce) {
  ConfigPtr c = makeConfig(5000, {"hostA"}, false);
  LoadTable table(c);
  MasterRole role("hostA", c, 0);
  role.onTick(table, 0);
  role.onTick(table, 2);  // master now: the round's first batch
  ASSERT_TRUE(role.announcing());
  // Two seconds without a turn (a huge reply was built): thousands are due.
  MasterActions late = role.onTick(table, 4);
  EXPECT_EQ(sentTo(late, protocol::Kind::kMasterAnnounce).size(), AnnouncePace::kMaxPerTurn);
  EXPECT_LE(role.nextDeadline(), 4);  // the rest of what is due goes in the next turns
  size_t sent = AnnouncePace::kBatch + AnnouncePace::kMaxPerTurn;
  double t = 4;
  while (role.announcing() && t < 20) {
    t = std::max(t, role.nextDeadline());
    MasterActions a = role.onTick(table, t);
    EXPECT_LE(sentTo(a, protocol::Kind::kMasterAnnounce).size(), AnnouncePace::kMaxPerTurn);
    for (const auto& h : sentTo(a, protocol::Kind::kMasterAnnounce)) EXPECT_NE(h, "hostA");
    sent += sentTo(a, protocol::Kind::kMasterAnnounce).size();
  }
  EXPECT_EQ(sent, 4999u);  // every other host once
}

TEST(MasterRole, ReconfigStartsARoundInProgressAgainOverTheNewHosts) {
  ConfigPtr c = makeConfig(200, {"hostA"});
  LoadTable table(c);
  MasterRole role("hostA", c, 0);
  role.onTick(table, 0);
  role.onTick(table, 2);
  ASSERT_TRUE(role.announcing());
  ConfigPtr small = makeConfig(3, {"hostA"});
  table.reconfigure(small);
  MasterActions a = role.reconfigure(small, table, 2.001);
  EXPECT_EQ(sentTo(a, protocol::Kind::kMasterAnnounce), (Hosts{"hostB", "hostC"}));
  EXPECT_FALSE(role.announcing());
}

TEST(MasterRole, AReportIsIngestedOnlyByTheMasterAndDriftIsLoggedOncePerChange) {
  auto c = std::const_pointer_cast<ConfigSnapshot>(makeConfig());
  c->checksum = "sum1";
  LoadTable table(c);
  MasterRole role("hostA", c, 0);
  protocol::LoadReport r{.host = "hostB", .checksum = "sum1"};
  EXPECT_EQ(role.onReport(r, table, 0.5).ingested, 0u);  // not master yet
  role.onTick(table, 0);
  role.onTick(table, 2);
  ASSERT_TRUE(role.isMaster());
  MasterActions a = role.onReport(r, table, 3);
  EXPECT_EQ(a.ingested, 1u);
  EXPECT_TRUE(a.warnings.empty());
  r.checksum = "other";
  a = role.onReport(r, table, 4);
  ASSERT_EQ(a.warnings.size(), 1u);
  EXPECT_EQ(a.warnings[0],
            "host hostB: config drift: checksum other differs from the master's sum1");
  EXPECT_TRUE(role.onReport(r, table, 5).warnings.empty());  // once, not per report
  r.checksum = "sum1";
  a = role.onReport(r, table, 6);
  ASSERT_EQ(a.log.size(), 1u);
  EXPECT_EQ(a.log[0], "host hostB: config checksum matches the master's again");
  EXPECT_EQ(role.onReport({.host = "nosuch"}, table, 7).unknownSender, 1u);
}

TEST(MasterRole, AReportKeepsItsSenderAliveInTheElection) {
  ConfigPtr c = makeConfig();
  LoadTable table(c);
  MasterRole role("hostB", c, 0);
  role.onTick(table, 0);
  role.onAnnounce(protocol::Kind::kProbeReply, {.sender = "hostA", .claimsMaster = true}, 0.1);
  for (double t = 5; t < 60; t += 5) {
    role.onReport({.host = "hostA"}, table, t);  // reports, no heartbeats
    role.onTick(table, t);
    EXPECT_EQ(role.master(), "hostA") << t;
  }
}

}  // namespace
}  // namespace openlim::master
