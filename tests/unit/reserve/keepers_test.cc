#include "reserve/keepers.h"

#include <gtest/gtest.h>

namespace openlim::reserve {
namespace {

Reservation on(std::initializer_list<const char*> hosts) {
  Reservation r;
  r.id = "m:1";
  for (const char* h : hosts) r.hosts.push_back({h, 1, {}});
  return r;
}

TEST(Keepers, TheMasterFirstThenTheReservedHostsThenTheFirstCandidatesEachOnce) {
  auto k = keepersOf(on({"h7", "cand2"}), "cand1", {"cand1", "cand2", "cand3"});
  EXPECT_EQ(k, (std::vector<std::string>{"cand1", "h7", "cand2", "cand3"}));
}

TEST(Keepers, OnlyTheFirstFewCandidatesKeepEveryReservation) {
  std::vector<std::string> candidates;
  for (int i = 0; i < 10; ++i) candidates.push_back("c" + std::to_string(i));
  auto k = keepersOf(on({"h1"}), "", candidates);
  EXPECT_EQ(k.size(), 1 + kMaxKeeperCandidates);
  EXPECT_EQ(k.back(), "c" + std::to_string(kMaxKeeperCandidates - 1));
}

TEST(Voters, AreTheFirstCandidatesUpToTheKeepersBound) {
  EXPECT_EQ(votersOf({"m1", "m2"}), (std::vector<std::string>{"m1", "m2"}));
  std::vector<std::string> many;
  for (size_t i = 0; i < kMaxKeeperCandidates + 2; ++i) many.push_back("c" + std::to_string(i));
  const auto v = votersOf(many);
  ASSERT_EQ(v.size(), kMaxKeeperCandidates);
  EXPECT_EQ(v.front(), "c0");
  EXPECT_EQ(v.back(), "c" + std::to_string(kMaxKeeperCandidates - 1));
  EXPECT_TRUE(votersOf({}).empty());
}

}  // namespace
}  // namespace openlim::reserve
