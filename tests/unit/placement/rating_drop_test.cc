// The rating over the master's real table, and its drop on dispatch: a placement that rates
// (order[rating]) through the master's query service lowers the placed host's rating at once,
// and the rating comes back as the placement load adjustment decays; a placement that does
// not rate adds only LSF's adjustment (a fake clock: `now` is an argument).
#include "placement/rating_drop.h"

#include <gtest/gtest.h>

#include "../master/generic_cluster.h"
#include "master/load_table.h"
#include "master/query_service.h"
#include "placement/rating_table.h"

namespace openlim::placement {
namespace {

std::shared_ptr<ConfigSnapshot> makeConfig(bool drop) {
  auto c = openlim::testing::genericHosts({"hostA", "hostB", "hostC"});
  c->clusterName = "test";
  c->checksum = "sum1";
  c->hosts[1].vups = 50;
  c->hosts[1].cpuWeight = 0.5;
  c->hosts[1].memWeight = 1;
  c->hosts[1].maxJobs = kMaxJobsPerCpu;
  c->hosts[2].maxJobs = 3;
  c->params.exInterval = 10;
  c->params.adjustDuration = 3;  // an adjustment lives 30 s
  c->params.ratingDispatchDrop = drop;
  c->masterList = {"hostA"};
  c->buildIndexes();
  return c;
}

protocol::LoadReport report(const std::string& host, double ut, double r15s, double mem,
                            double maxmem, double ncpus) {
  return {.host = host,
          .checksum = "sum1",
          .numbers = {{"ut", ut, 0},
                      {"r15s", r15s, 0},
                      {"r1m", r15s, 0},
                      {"mem", mem, 0},
                      {"maxmem", maxmem, 0},
                      {"ncpus", ncpus, 0}}};
}

class RatingDrop : public ::testing::Test {
 protected:
  void start(bool drop) {
    table_ = std::make_unique<master::LoadTable>(makeConfig(drop));
    table_->ingest(report("hostA", 0.25, 1.4, 8000, 16000, 4), 0);
    table_->ingest(report("hostB", 0.5, 1.6, 1000, 4000, 2), 0);
    table_->ingest(report("hostC", 0.9, 2.5, 500, 2000, 1), 0);
  }
  void place(const std::string& host, double now, const std::string& resreq = "order[rating]") {
    master::QueryContext ctx{table_->snapshot(now), "hostA", &cache_, table_.get(), now};
    master::PlaceRequest req;
    req.resreq = resreq;
    req.hosts = {host};
    auto r = master::answerPlace(req, ctx);
    ASSERT_TRUE(r.isOk());
    ASSERT_TRUE(r->result.status.isOk()) << r->result.status.message();
  }
  RatingTerms rate(const std::string& host, double now, double jobs = 0) {
    HostTablePtr s = table_->snapshot(now);
    return rateRow(*s, ratingSetup(*s), static_cast<uint32_t>(s->row(host)), jobs);
  }
  std::unique_ptr<master::LoadTable> table_;
  RequestCache cache_;
};

TEST_F(RatingDrop, TheTableGivesTheSeedsFormulaItsInputs) {
  start(true);
  RatingTerms a = rate("hostA", 1);  // vups from cpuf 100, the cluster's weights 1 and 0.1
  EXPECT_DOUBLE_EQ(a.in.vups, 100);
  EXPECT_DOUBLE_EQ(a.total, 26480);
  RatingTerms b = rate("hostB", 1);  // its own vups 50 and weights 0.5 and 1; MXJ ! = 2 CPUs
  EXPECT_DOUBLE_EQ(b.in.vups, 50);
  EXPECT_DOUBLE_EQ(b.in.maxJobs, 2);
  EXPECT_DOUBLE_EQ(b.total, 11590);
  EXPECT_EQ(rate("hostB", 1, 2).state, RatingState::kFull);
  // cpuf 100: Cpu_calc = 10 x 100 x 0.5 + 300 = 800; memory 500 / 2000 x 2000 x 10 x 0.1
  EXPECT_NEAR(rate("hostC", 1, 2).total, 800 + 500, 1e-9);
  EXPECT_EQ(rate("hostC", 1, 3).total, 0);  // at its MAX_JOBS 3
  std::vector<uint32_t> rows = {0, 1, 2};
  std::vector<double> jobs = {0, 0, 3}, out;
  HostTablePtr s = table_->snapshot(1);
  rateRows(*s, ratingSetup(*s), rows, jobs, out);
  EXPECT_DOUBLE_EQ(out[0], 26480);
  EXPECT_DOUBLE_EQ(out[1], 11590);
  EXPECT_EQ(out[2], 0);
}

TEST_F(RatingDrop, TheSetupIsBuiltAgainOnlyForANewConfiguration) {
  start(true);
  RatingSetupCache cache;
  EXPECT_EQ(cache.of(*table_->snapshot(1)).vups[1], 50);
  table_->ingest(report("hostA", 0.1, 0, 9000, 16000, 4), 2);
  cache.of(*table_->snapshot(2));  // a report: same setup
  EXPECT_EQ(cache.builds(), 1u);
  auto c = makeConfig(true);
  c->hosts[1].vups = 70;
  table_->reconfigure(c);
  EXPECT_EQ(cache.of(*table_->snapshot(3)).vups[1], 70);
  EXPECT_EQ(cache.builds(), 2u);
}

// One slot on hostA (4 CPUs, 16000 MB): ut +0.25, mem -4000, r15s +1, decaying over 30 s.
TEST_F(RatingDrop, APlacementLowersTheRatingAtOnceAndItRecoversAsTheAdjustmentDecays) {
  start(true);
  EXPECT_DOUBLE_EQ(rate("hostA", 0).total, 26480);
  place("hostA", 0);
  RatingTerms now = rate("hostA", 0);
  EXPECT_DOUBLE_EQ(now.in.ut, 0.5);
  EXPECT_DOUBLE_EQ(now.in.mem, 4000);
  EXPECT_DOUBLE_EQ(now.in.r15s, 2.4);
  // free 50%: Cpu_calc = 50 x 100 x 4 x 1.5 + 1200 = 31200; x 1.6 / 4 = 12480; memory 4000
  EXPECT_DOUBLE_EQ(now.total, 16480);
  // Half way: ut 0.375, mem 6000: Cpu_calc = 62.5 x 600 + 1200 = 38700; x 0.4 = 15480 + 6000
  EXPECT_NEAR(rate("hostA", 15).total, 21480, 1e-6);
  EXPECT_DOUBLE_EQ(rate("hostA", 30).total, 26480);
  EXPECT_DOUBLE_EQ(rate("hostB", 0).total, 11590);  // other hosts untouched
}

TEST_F(RatingDrop, TwoPlacementsDropTwiceAndAFullHostRatesZero) {
  start(true);
  place("hostA", 0);
  place("hostA", 0);
  RatingTerms t = rate("hostA", 0);
  EXPECT_DOUBLE_EQ(t.in.ut, 0.75);
  EXPECT_DOUBLE_EQ(t.in.mem, 0);
  EXPECT_DOUBLE_EQ(t.in.r15s, 3.4);  // 3 < 4 CPUs: COM_FACTOR still 1.5
  EXPECT_DOUBLE_EQ(t.total, (25 * 100 * 4 * 1.5 + 1200) * 1.6 / 4);
}

TEST_F(RatingDrop, AMemoryReservationIsTheMemoryDrop) {
  start(true);
  place("hostA", 0, "rusage[mem=1000] order[rating]");
  EXPECT_DOUBLE_EQ(rate("hostA", 0).in.mem, 7000);
  EXPECT_DOUBLE_EQ(rate("hostA", 0).in.ut, 0.5);
}

TEST_F(RatingDrop, TheParameterTurnsTheDropOff) {
  start(false);
  place("hostA", 0);
  RatingTerms t = rate("hostA", 0);
  EXPECT_DOUBLE_EQ(t.in.ut, 0.25);
  EXPECT_DOUBLE_EQ(t.in.mem, 8000);
  EXPECT_DOUBLE_EQ(t.in.r15s, 2.4);  // LSF's run queue adjustment stays
  EXPECT_DOUBLE_EQ(t.total, 26480);
}

TEST_F(RatingDrop, APlacementThatDoesNotRateAddsOnlyTheRunQueuesAndRusage) {
  start(true);
  place("hostC", 0, "order[r1m]");
  place("hostC", 0, "rusage[mem=100]");
  RatingTerms t = rate("hostC", 0);
  EXPECT_DOUBLE_EQ(t.in.ut, 0.9);
  EXPECT_DOUBLE_EQ(t.in.mem, 400);
  EXPECT_DOUBLE_EQ(t.in.r15s, 4.5);
}

TEST(RatingDropDeltas, NeedNcpusAndLeaveOutWhatIsUnknown) {
  auto c = makeConfig(true);
  HostTable t;
  t.config = c;
  t.names = {"hostA"};
  t.columns.resize(c->resources.size());
  t.resize(1);
  EXPECT_TRUE(ratingDropDeltas(t, 0, 1, false).empty());  // ncpus unknown
  t.columns[static_cast<size_t>(c->resourceIndex("ncpus"))].numbers[0] = 8;
  auto d = ratingDropDeltas(t, 0, 2, false);
  ASSERT_EQ(d.size(), 1u);  // maxmem unknown: no memory drop
  EXPECT_EQ(d[0].slot, c->resourceIndex("ut"));
  EXPECT_DOUBLE_EQ(d[0].amount, 0.25);
}

}  // namespace
}  // namespace openlim::placement
