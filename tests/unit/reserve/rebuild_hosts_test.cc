// The rebuild window keeps its hosts by their index in the configuration (reserve/rebuild.h),
// on a fake clock: a host outside it is never waited for, a host is one host whatever case
// its name arrives in, and a reconfiguration carries what each host did over by name.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "reserve/rebuild.h"

#include "rebuild_fixture.h"

namespace openlim::reserve {
namespace {

using testing::hostsConfig;
using testing::kTiming;

TEST(RebuildWindowHosts, AHostOutsideTheConfigurationIsNeitherWaitedForNorAsked) {
  RebuildWindow w;
  w.begin(100, kTiming, hostsConfig({"a", "b"}));
  w.heard("stranger", 101);
  w.reported("other", 0, 2, 101);
  EXPECT_EQ(w.pending(), 0u);
  EXPECT_TRUE(w.toAsk(102, 10).empty());
  EXPECT_FALSE(w.open(105));  // closes at the settle time, as with no host heard
}

TEST(RebuildWindowHosts, AHostIsOneHostWhateverTheCaseOfItsNameAndIsAskedByItsConfiguredName) {
  RebuildWindow w;
  w.begin(100, kTiming, hostsConfig({"hostB"}));
  w.heard("HOSTB", 101);
  w.heard("hostb", 101);
  EXPECT_EQ(w.pending(), 1u);
  EXPECT_EQ(w.toAsk(102, 10), std::vector<std::string>{"hostB"});
  w.reported("hostB", 0, 1, 102.5);
  EXPECT_EQ(w.pending(), 0u);
}

TEST(RebuildWindowHosts, AReconfigurationCarriesEachHostOverByName) {
  RebuildWindow w;
  w.begin(100, kTiming, hostsConfig({"a", "b", "c", "d"}));
  w.heard("a", 101);           // whole below: never asked
  w.heard("b", 101);           // silent: asked, under its name, after the change too
  w.heard("d", 101);           // leaves the configuration
  w.reported("c", 0, 2, 101);  // half a report: the other half still makes it whole
  w.reported("a", 0, 1, 101.5);
  // The same time: in the configuration's order.
  EXPECT_EQ(w.toAsk(102, 10), (std::vector<std::string>{"b", "c", "d"}));
  EXPECT_EQ(w.pending(), 3u);
  // Reordered, d gone, e new: every index changes.
  w.reconfigure(hostsConfig({"e", "c", "b", "a"}));
  EXPECT_EQ(w.pending(), 2u);               // b and c: d is no longer waited for
  EXPECT_TRUE(w.toAsk(103.9, 10).empty());  // the second ask, twice as long after
  EXPECT_EQ(w.toAsk(104, 10), (std::vector<std::string>{"c", "b"}));
  w.reported("c", 1, 2, 104.5);
  w.reported("b", 0, 1, 104.5);
  EXPECT_EQ(w.pending(), 0u);
  EXPECT_TRUE(w.open(104.9));
  EXPECT_FALSE(w.open(105));
  w.heard("e", 106);  // first heard after the close: asked
  EXPECT_EQ(w.counters().complete, 1u);
  EXPECT_EQ(w.toAsk(107, 10), std::vector<std::string>{"e"});
  EXPECT_EQ(w.counters().asks, 6u);  // b and c twice, d once, e once
}

TEST(RebuildWindowHosts, AQuorumCandidateIsFoundAgainAfterAReconfiguration) {
  RebuildWindow w;
  w.begin(100, kTiming, hostsConfig({"m", "n", "o"}),
          RebuildQuorum{.candidates = {"m", "n", "o"}, .self = "m"});
  w.reported("n", 0, 1, 101);  // m (self) and n: 2 of 3
  EXPECT_FALSE(w.awaitingMajority());
  w.reconfigure(hostsConfig({"o", "n", "m"}));
  EXPECT_FALSE(w.awaitingMajority());
  w.reconfigure(hostsConfig({"o", "m"}));  // n gone: its report no longer counts
  EXPECT_TRUE(w.awaitingMajority());
  EXPECT_TRUE(w.open(500));
}

TEST(RebuildWindowHosts, AReconfigurationWithNoWindowDoesNothing) {
  RebuildWindow w;
  w.reconfigure(hostsConfig({"a"}));
  w.heard("a", 101);
  EXPECT_EQ(w.pending(), 0u);
  EXPECT_FALSE(w.open(101));
  EXPECT_TRUE(std::isinf(w.nextDeadline()));
}

}  // namespace
}  // namespace openlim::reserve
