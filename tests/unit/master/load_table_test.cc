// LoadTable: ingest, status (unavail, busy, lockU), adjustments, shared values, reconfig.
#include "master/load_table.h"

#include <gtest/gtest.h>

#include <cmath>

#include "generic_cluster.h"
#include "master/shared_servers.h"

namespace openlim::master {
namespace {

std::shared_ptr<ConfigSnapshot> makeConfig() {
  auto c = testing::genericHosts({"hostA", "hostB", "hostC"});
  c->clusterName = "test";
  c->checksum = "sum1";
  c->resources.push_back(testing::dynamicNumeric("scratch", Direction::kDecreasing, true));
  c->resources.push_back({.name = "fluent",
                          .type = ResourceType::kNumeric,
                          .direction = Direction::kDecreasing,
                          .shared = true});
  c->resources.push_back(testing::dynamicNumeric("nio", Direction::kIncreasing));
  c->hosts[0].thresholds = {{"r1m", 0.5}, {"mem", 500}};
  c->instances.push_back({.resource = "scratch", .hosts = {"hostB", "hostC"}});
  c->instances.push_back(
      {.resource = "fluent", .hosts = {"hostA", "hostB", "hostC"}, .all = true, .staticNumber = 5});
  c->perHostResources["nio"] = {"hostA", "hostB", "hostC"};
  c->params.exInterval = 10;
  c->params.hostInactivityLimit = 3;
  c->params.adjustDuration = 2;
  c->masterList = {"hostA", "hostB", "hostC"};
  return c;
}

float age(const HostTablePtr& t, size_t row, const std::string& resource) {
  return static_cast<float>(t->age(static_cast<size_t>(t->config->resourceIndex(resource)), row));
}

protocol::LoadReport report(const std::string& host, double r1m, double mem) {
  return protocol::LoadReport{.host = host,
                              .checksum = "sum1",
                              .numbers = {{"r1m", r1m, 0}, {"mem", mem, 0}, {"ncpus", 2, 0}}};
}

TEST(LoadTable, IngestedValuesAppearInTheSnapshot) {
  LoadTable t(makeConfig());
  EXPECT_TRUE(t.ingest(report("hostB", 0.2, 2048), 1));
  HostTablePtr s = t.snapshot(1);
  EXPECT_DOUBLE_EQ(s->number(1, "mem"), 2048);
  EXPECT_EQ(s->status[1], HostStatus::kOk);
  EXPECT_EQ(s->status[0], HostStatus::kUnavail);  // never heard
  EXPECT_DOUBLE_EQ(s->number(1, "cpuf"), 100);
  EXPECT_EQ(t.counters().reportsIngested, 1u);
}

TEST(LoadTable, UnknownHostsAndNamesAreCountedNotStored) {
  LoadTable t(makeConfig());
  EXPECT_FALSE(t.ingest(report("hostZ", 1, 1), 1));
  protocol::LoadReport r = report("hostA", 0, 1000);
  r.numbers.push_back({"nosuch", 1, 0});
  t.ingest(r, 1);
  EXPECT_EQ(t.counters().unknownHost, 1u);
  EXPECT_EQ(t.counters().unknownNames, 1u);
}

TEST(LoadTable, SilentHostBecomesUnavailWithUnknownValuesThenOkAgain) {
  LoadTable t(makeConfig());
  t.ingest(report("hostB", 0.2, 2048), 0);
  EXPECT_EQ(t.snapshot(30)->status[1], HostStatus::kOk);  // 3 x 10 s: still in time
  HostTablePtr s = t.snapshot(30.5);
  EXPECT_EQ(s->status[1], HostStatus::kUnavail);
  EXPECT_TRUE(isUnknown(s->number(1, "mem")));
  EXPECT_DOUBLE_EQ(s->number(1, "ncpus"), 2);  // static info stays for lshosts
  t.ingest(report("hostB", 0.2, 1024), 31);
  EXPECT_EQ(t.snapshot(31)->status[1], HostStatus::kOk);
}

TEST(LoadTable, BusyComparesEffectiveRunQueueAndDecreasingIndices) {
  LoadTable t(makeConfig());
  t.ingest(report("hostA", 0.8, 1000), 0);  // 0.8 / 2 cpus = 0.4 < 0.5
  EXPECT_EQ(t.snapshot(0)->status[0], HostStatus::kOk);
  t.ingest(report("hostA", 1.2, 1000), 1);  // 0.6 > 0.5
  HostTablePtr s = t.snapshot(1);
  EXPECT_EQ(s->status[0], HostStatus::kBusy);
  ASSERT_EQ(s->busyIndices[0].size(), 1u);
  EXPECT_EQ(s->config->resources[static_cast<size_t>(s->busyIndices[0][0])].name, "r1m");
  t.ingest(report("hostA", 0.1, 100), 2);  // mem 100 < 500
  s = t.snapshot(2);
  ASSERT_EQ(s->busyIndices[0].size(), 1u);
  EXPECT_EQ(s->config->resources[static_cast<size_t>(s->busyIndices[0][0])].name, "mem");
}

TEST(LoadTable, LockedFlagGivesLockU) {
  LoadTable t(makeConfig());
  protocol::LoadReport r = report("hostC", 0, 1000);
  r.flags = protocol::kReportLocked;
  t.ingest(r, 0);
  EXPECT_EQ(t.snapshot(0)->status[2], HostStatus::kLockU);
}

TEST(LoadTable, DriftIsAChecksumDifferentFromOursAndNotAnEmptyOne) {
  LoadTable t(makeConfig());
  EXPECT_FALSE(t.drifted("hostB"));  // never heard
  auto r = report("hostB", 0.2, 2048);
  r.checksum = "";
  t.ingest(r, 1);
  EXPECT_FALSE(t.drifted("hostB"));
  r.checksum = "sum2";
  t.ingest(r, 2);
  EXPECT_TRUE(t.drifted("hostb"));
  EXPECT_EQ(t.driftHosts(), std::vector<std::string>{"hostB"});
  r.checksum = "sum1";
  t.ingest(r, 3);
  EXPECT_FALSE(t.drifted("hostB"));
  EXPECT_FALSE(t.drifted("nosuchhost"));
}

TEST(LoadTable, LockRemainingCountsDownFromTheReportAndOnlyForTimedLocks) {
  LoadTable t(makeConfig());
  auto r = report("hostB", 0.2, 2048);
  t.ingest(r, 100);
  EXPECT_EQ(t.lockRemaining("hostB", 100), -1);  // not locked
  r.flags = protocol::kReportLocked;
  r.lockSeconds = 60;
  t.ingest(r, 100);
  EXPECT_DOUBLE_EQ(t.lockRemaining("hostB", 100), 60);
  EXPECT_DOUBLE_EQ(t.lockRemaining("hostB", 110.5), 50);  // rounded up
  EXPECT_DOUBLE_EQ(t.lockRemaining("hostB", 129), 31);
  EXPECT_EQ(t.lockRemaining("hostB", 131), -1);  // silent past the limit: unavail, not locked
  r.lockSeconds = 0;                             // until unlocked
  t.ingest(r, 140);
  EXPECT_EQ(t.lockRemaining("hostB", 140), -1);
  r.flags = 0;
  r.lockSeconds = 30;  // ignored without the locked flag
  t.ingest(r, 150);
  EXPECT_EQ(t.lockRemaining("hostB", 150), -1);
  EXPECT_EQ(t.lockRemaining("nosuchhost", 150), -1);
}

TEST(LoadTable, PlacementAdjustmentDecaysLinearly) {
  LoadTable t(makeConfig());
  auto cfg = t.config();
  t.ingest(report("hostB", 0.5, 1000), 0);
  t.adjust("hostB", cfg->resourceIndex("r1m"), 1.0, 0);
  EXPECT_DOUBLE_EQ(t.build(0)->number(1, "r1m"), 1.5);
  EXPECT_DOUBLE_EQ(t.build(10)->number(1, "r1m"), 1.0);  // half of 2 x 10 s
  EXPECT_DOUBLE_EQ(t.build(20)->number(1, "r1m"), 0.5);
}

TEST(LoadTable, AdjustmentsLeaveUnknownValuesUnknownAndEndWithTheirLife) {
  LoadTable t(makeConfig());
  auto cfg = t.config();
  t.ingest(report("hostA", 1.0, 1000), 10);
  t.ingest(protocol::LoadReport{.host = "hostB", .checksum = "sum1"}, 10);  // r1m unknown
  for (const char* h : {"HOSTA", "hostB"}) t.adjust(h, cfg->resourceIndex("r1m"), 1.0, 10);
  EXPECT_DOUBLE_EQ(t.build(15)->number(0, "r1m"), 1.75);  // 2 x 10 s life: weight 0.75
  EXPECT_TRUE(isUnknown(t.build(15)->number(1, "r1m")));
  EXPECT_DOUBLE_EQ(t.build(15)->number(0, "mem"), 1000);  // not adjusted
  EXPECT_DOUBLE_EQ(t.build(29.9)->number(0, "r1m"), 1.005);
  EXPECT_DOUBLE_EQ(t.build(30)->number(0, "r1m"), 1.0);
}

TEST(LoadTable, SharedAdjustmentsReachEveryHostOfTheInstance) {
  LoadTable t(makeConfig());
  auto cfg = t.config();
  t.setServers({"hostB", ""});
  protocol::LoadReport r = report("hostB", 0, 1000);
  r.numbers.push_back({"scratch", 3, NAN});
  t.ingest(r, 0);
  t.ingest(report("hostC", 0, 1000), 0);
  t.adjust("hostC", cfg->resourceIndex("scratch"), -2, 0);  // rusage[scratch=2] on hostC
  t.adjust("hostC", cfg->resourceIndex("mem"), -10, 0);
  HostTablePtr s = t.snapshot(10);                 // 2 x 10 s life: weight 0.5
  EXPECT_DOUBLE_EQ(s->number(1, "scratch"), 2.0);  // hostB shares hostC's instance
  EXPECT_DOUBLE_EQ(s->number(2, "scratch"), 2.0);
  EXPECT_TRUE(isUnknown(s->number(0, "scratch")));  // hostA is in no instance of it
  EXPECT_DOUBLE_EQ(s->number(2, "mem"), 995);
  EXPECT_DOUBLE_EQ(s->number(1, "mem"), 1000);  // per-host resource: the picked host only
  s.reset();
  s = t.snapshot(15);  // moved on by time alone
  EXPECT_DOUBLE_EQ(s->number(1, "scratch"), 2.5);
  s.reset();
  EXPECT_DOUBLE_EQ(t.snapshot(20)->number(2, "scratch"), 3.0);
}

TEST(LoadTable, SharedInstanceTakesItsServersValueAndStaticOnesTheirNumber) {
  LoadTable t(makeConfig());
  t.setServers({"hostB", ""});
  protocol::LoadReport r = report("hostB", 0, 1000);
  r.numbers.push_back({"scratch", 42, 0});
  t.ingest(r, 0);
  HostTablePtr s = t.build(0);
  EXPECT_DOUBLE_EQ(s->number(1, "scratch"), 42);
  EXPECT_DOUBLE_EQ(s->number(2, "scratch"), 42);    // hostC shares the instance
  EXPECT_TRUE(isUnknown(s->number(0, "scratch")));  // hostA is not in it
  EXPECT_DOUBLE_EQ(s->number(0, "fluent"), 5);
}

TEST(LoadTable, ReconfigKeepsValuesAndStatesByName) {
  LoadTable t(makeConfig());
  t.ingest(report("hostB", 0.3, 777), 0);
  auto c2 = makeConfig();
  c2->checksum = "sum2";
  c2->hosts.erase(c2->hosts.begin());  // hostA leaves; rows shift
  c2->hosts.push_back({.name = "hostD", .model = "Generic", .type = "LINUX86"});
  t.reconfigure(c2);
  HostTablePtr s = t.snapshot(1);
  ASSERT_EQ(s->row("hostB"), 0);
  EXPECT_DOUBLE_EQ(s->number(0, "mem"), 777);
  EXPECT_EQ(s->status[0], HostStatus::kOk);
  EXPECT_EQ(t.driftHosts(), std::vector<std::string>{"hostB"});  // reported sum1
}

TEST(LoadTable, ExternalValuesAgeOnTheMastersClockAndGoStale) {
  auto cfg = makeConfig();
  cfg->params.elimStaleFactor = 3;  // nio and scratch: INTERVAL 15 s -> stale after 45 s
  LoadTable t(cfg);
  t.setServers({"hostB", ""});
  protocol::LoadReport r = report("hostB", 0.2, 2048);
  r.numbers.push_back({"nio", 344, 2.5f});
  r.numbers.push_back({"scratch", 70, 10.0f});
  t.ingest(r, 100);
  // The host keeps reporting its built-ins but no longer mentions its externals (as when
  // its melim cannot run): they age from their last report and go unknown on time.
  for (double at = 110; at <= 140; at += 10) t.ingest(report("hostB", 0.2, 2048), at);
  HostTablePtr s = t.snapshot(130);
  EXPECT_DOUBLE_EQ(s->number(1, "nio"), 344);
  EXPECT_FLOAT_EQ(age(s, 1, "nio"), 32.5f);
  EXPECT_DOUBLE_EQ(s->number(2, "scratch"), 70);  // hostC shares hostB's instance
  EXPECT_FLOAT_EQ(age(s, 2, "scratch"), 40.0f);
  EXPECT_TRUE(std::isnan(age(s, 1, "r1m")));  // built-ins have no age
  s = t.snapshot(135);
  EXPECT_TRUE(isUnknown(s->number(1, "scratch")));  // 10 + 35 = 45 s: stale
  EXPECT_TRUE(isUnknown(s->number(2, "scratch")));
  EXPECT_TRUE(std::isnan(age(s, 2, "scratch")));
  EXPECT_DOUBLE_EQ(s->number(1, "nio"), 344);
  s.reset();
  s = t.snapshot(142.5);  // refreshed in place (no query holds it): nio goes too
  EXPECT_TRUE(isUnknown(s->number(1, "nio")));
  EXPECT_TRUE(std::isnan(age(s, 1, "nio")));
  EXPECT_EQ(s->status[1], HostStatus::kOk);
}

TEST(LoadTable, EachExternalValueKeepsItsOwnAgeAndUnknownOnesHaveNone) {
  LoadTable t(makeConfig());
  protocol::LoadReport r = report("hostA", 0.2, 2048);
  r.numbers.push_back({"nio", 344, 9.9f});
  t.ingest(r, 10);
  r = report("hostB", 0.2, 2048);
  r.numbers.push_back({"nio", NAN, NAN});
  t.ingest(r, 10);
  HostTablePtr s = t.snapshot(11);
  EXPECT_FLOAT_EQ(age(s, 0, "nio"), 10.9f);
  EXPECT_TRUE(std::isnan(age(s, 1, "nio")));
  // A fresh report replaces the age.
  r = report("hostA", 0.2, 2048);
  r.numbers.push_back({"nio", 345, 0.5f});
  t.ingest(r, 12);
  s = t.snapshot(12);
  EXPECT_FLOAT_EQ(age(s, 0, "nio"), 0.5f);
}

TEST(SharedServers, FirstAvailableOfTheSetAndAllGoesToMaster) {
  auto c = makeConfig();
  c->instances.push_back(
      {.resource = "scratch", .hosts = {"hostA", "hostB", "hostC"}, .all = true});
  std::set<std::string> up = {"hostB", "hostC"};
  auto avail = [&](const std::string& h) { return up.count(h) > 0; };
  auto s = sharedServers(*c, "hostC", avail);
  EXPECT_EQ(s, (std::vector<std::string>{"hostB", "", "hostC"}));
  up.erase("hostB");
  EXPECT_EQ(sharedServers(*c, "hostC", avail)[0], "hostC");
  up.insert("hostB");
  EXPECT_EQ(sharedServers(*c, "hostC", avail)[0], "hostB");  // moves back
  EXPECT_EQ(servedBy(*c, s, "hostC"), std::vector<std::string>{"scratch"});
  EXPECT_TRUE(servedBy(*c, s, "hostA").empty());
}

}  // namespace
}  // namespace openlim::master
