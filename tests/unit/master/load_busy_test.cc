// PBS's busy/free hysteresis in the master's host status: a host with both ideal_load and
// max_load turns busy when its reported r1m reaches max_load and ok again only below
// ideal_load; a host with one limit or none keeps LSF's plain thresholds.
#include <gtest/gtest.h>

#include "generic_cluster.h"
#include "master/load_table.h"

namespace openlim::master {
namespace {

std::shared_ptr<ConfigSnapshot> makeConfig() {
  auto c = testing::genericHosts({"hostA", "hostB"});
  c->clusterName = "test";
  c->checksum = "sum1";
  c->hosts[0].idealLoad = 2;
  c->hosts[0].maxLoad = 4;
  c->hosts[1].maxLoad = 4;  // one limit only: no hysteresis
  c->params.exInterval = 10;
  c->masterList = {"hostA"};
  return c;
}

protocol::LoadReport report(const std::string& host, double r1m) {
  return {.host = host, .checksum = "sum1", .numbers = {{"r1m", r1m, 0}, {"ncpus", 8, 0}}};
}

TEST(LoadBusyStatus, BusyFromMaxLoadUntilBelowIdealLoad) {
  LoadTable t(makeConfig());
  const int r1m = t.config()->resourceIndex("r1m");
  struct Step {
    double load;
    HostStatus status;
  };
  double now = 0;
  for (Step s : {Step{1, HostStatus::kOk},
                 {3.9, HostStatus::kOk},
                 {4, HostStatus::kBusy},
                 {3, HostStatus::kBusy},
                 {2, HostStatus::kBusy},
                 {1.9, HostStatus::kOk},
                 {3, HostStatus::kOk}}) {
    now += 1;
    t.ingest(report("hostA", s.load), now);
    HostTablePtr snap = t.snapshot(now);
    EXPECT_EQ(snap->status[0], s.status) << "load " << s.load;
    if (s.status == HostStatus::kBusy) {
      EXPECT_EQ(snap->busyIndices[0], std::vector<int>{r1m});
    }
  }
}

TEST(LoadBusyStatus, PlacementAdjustmentsDoNotMoveTheHysteresis) {
  LoadTable t(makeConfig());
  t.ingest(report("hostA", 3.5), 1);
  t.adjust("hostA", t.config()->resourceIndex("r1m"), 2.0, 1);  // shown 5.5, reported 3.5
  EXPECT_EQ(t.snapshot(1)->status[0], HostStatus::kOk);
}

TEST(LoadBusyStatus, OneLimitAloneKeepsThePlainStatus) {
  LoadTable t(makeConfig());
  t.ingest(report("hostB", 6), 1);
  EXPECT_EQ(t.snapshot(1)->status[1], HostStatus::kOk);
}

TEST(LoadBusyStatus, AReconfigThatDropsTheLimitsClearsTheState) {
  LoadTable t(makeConfig());
  t.ingest(report("hostA", 5), 1);
  EXPECT_EQ(t.snapshot(1)->status[0], HostStatus::kBusy);
  auto c = makeConfig();
  c->hosts[0].idealLoad.reset();
  t.reconfigure(c);
  EXPECT_EQ(t.snapshot(2)->status[0], HostStatus::kOk);
  t.reconfigure(makeConfig());  // back: the reported 5 is at or above max_load again
  EXPECT_EQ(t.snapshot(3)->status[0], HostStatus::kBusy);
}

}  // namespace
}  // namespace openlim::master
