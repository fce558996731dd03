// The metrics endpoint's connection bounds: per peer and in all, a new connection always in.
#include "protocol/peer_admission.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace openlim::protocol {
namespace {

std::vector<PeerConnView> conns(const std::string& peer, size_t n, double from, bool awaiting) {
  std::vector<PeerConnView> v;
  for (size_t i = 0; i < n; ++i) v.push_back({peer, awaiting, from + static_cast<double>(i)});
  return v;
}

TEST(AdmissionVictim, NoneWhileBothBoundsHold) {
  PeerLimits lim{3, 10};
  auto v = conns("p", 2, 0, true);
  EXPECT_FALSE(admissionVictim(v, "p", lim));
  EXPECT_FALSE(admissionVictim(v, "q", lim));
  EXPECT_FALSE(admissionVictim({}, "q", lim));
}

TEST(AdmissionVictim, APeerAtItsBoundPushesOutItsOwnOldestAwaitingRequest) {
  PeerLimits lim{3, 10};
  auto v = conns("other", 2, 0, true);
  v.push_back({"p", false, 1});  // being answered: kept while one awaits
  v.push_back({"p", true, 5});
  v.push_back({"p", true, 4});
  auto victim = admissionVictim(v, "p", lim);
  ASSERT_TRUE(victim);
  EXPECT_EQ(*victim, 4u);
  // All of its connections being answered: its oldest one goes.
  for (auto& c : v) c.awaitingRequest = false;
  EXPECT_EQ(admissionVictim(v, "p", lim), std::optional<size_t>(2));
}

TEST(AdmissionVictim, AFullTablePushesOutThePeerHoldingTheMost) {
  PeerLimits lim{8, 6};
  auto v = conns("few", 1, 0, true);  // the oldest connection in the table
  auto many = conns("many", 3, 10, true);
  v.insert(v.end(), many.begin(), many.end());
  auto some = conns("some", 2, 1, true);
  v.insert(v.end(), some.begin(), some.end());
  ASSERT_EQ(v.size(), lim.total);
  for (const char* newcomer : {"few", "many", "some", "new"}) {
    auto victim = admissionVictim(v, newcomer, lim);
    ASSERT_TRUE(victim) << newcomer;
    EXPECT_EQ(v[*victim].peer, "many") << newcomer;
    EXPECT_EQ(v[*victim].acceptedAt, 10) << newcomer;
  }
}

TEST(AdmissionVictim, TiedPeersLoseTheOneWithTheOlderConnection) {
  PeerLimits lim{8, 4};
  auto v = conns("late", 2, 20, true);
  auto early = conns("early", 2, 5, false);
  v.insert(v.end(), early.begin(), early.end());
  auto victim = admissionVictim(v, "x", lim);
  ASSERT_TRUE(victim);
  EXPECT_EQ(v[*victim].peer, "early");
  EXPECT_EQ(v[*victim].acceptedAt, 5);
}

// However many connections one peer opens, one at a time, another peer's single connection
// is never chosen and the table never exceeds its bounds.
TEST(AdmissionVictim, AFloodFromOnePeerNeverPushesOutAnotherPeersConnection) {
  PeerLimits lim{4, 6};
  std::vector<PeerConnView> v{{"scraper", true, 0}};
  for (int i = 1; i < 1000; ++i) {
    auto victim = admissionVictim(v, "flood", lim);
    if (victim) {
      ASSERT_EQ(v[*victim].peer, "flood") << i;
      v.erase(v.begin() + static_cast<std::ptrdiff_t>(*victim));
    }
    v.push_back({"flood", true, static_cast<double>(i)});
    ASSERT_LE(v.size(), lim.total);
  }
  EXPECT_EQ(v.front().peer, "scraper");
  EXPECT_EQ(v.size(), 1u + lim.perPeer);
}

}  // namespace
}  // namespace openlim::protocol
