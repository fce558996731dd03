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

}  // namespace
}  // namespace openlim::reserve
