// Journal replay is a pure function of the snapshot and the records (docs/reservations.md
// "Nothing lost"): idempotent, in order, and ended leases dropped by their own expiry.
#include "reserve/held_replay.h"

#include <gtest/gtest.h>

namespace openlim::reserve {
namespace {

Reservation res(const std::string& id, double expires, uint64_t version = 1) {
  Reservation r;
  r.id = id;
  r.labels.user = "alice";
  r.slots = {"hostA"};
  r.hosts.push_back({"hostA", 1, {}});
  r.expires = expires;
  r.version = version;
  return r;
}

JournalRecord put(const Reservation& r) {
  return {true, r, r.id};
}

JournalRecord drop(const std::string& id) {
  return {false, {}, id};
}

TEST(HeldReplay, RecordsApplyInOrderOverTheSnapshot) {
  HeldFiles f;
  f.snapshot = {res("a", 500), res("b", 500)};
  f.records = {put(res("c", 500)), drop("a"), put(res("b", 900, 2))};
  Ledger held;
  replayHeld(f, 100, &held);
  EXPECT_EQ(held.find("a"), nullptr);
  ASSERT_NE(held.find("b"), nullptr);
  EXPECT_EQ(held.find("b")->expires, 900);
  EXPECT_EQ(held.find("b")->version, 2u);
  EXPECT_NE(held.find("c"), nullptr);
}

TEST(HeldReplay, ReplayingTwiceGivesTheSameLedger) {
  HeldFiles f;
  f.snapshot = {res("a", 500)};
  f.records = {put(res("a", 700, 2)), put(res("b", 600)), drop("b")};
  Ledger once, twice;
  replayHeld(f, 100, &once);
  replayHeld(f, 100, &twice);
  replayHeld(f, 100, &twice);
  EXPECT_EQ(once.size(), twice.size());
  EXPECT_EQ(twice.find("a")->expires, 700);
  EXPECT_EQ(twice.find("b"), nullptr);  // a drop is remembered: a replayed put stays dropped
}

TEST(HeldReplay, ALaterVersionWinsEvenWithAShorterLease) {
  HeldFiles f;
  f.records = {put(res("a", 500)), put(res("a", 400, 2))};
  Ledger held;
  replayHeld(f, 100, &held);
  EXPECT_EQ(held.find("a")->expires, 400);
  EXPECT_EQ(held.find("a")->version, 2u);
}

TEST(HeldReplay, LeasesEndedByNowAreDropped) {
  HeldFiles f;
  f.snapshot = {res("old", 90), res("live", 200)};
  Ledger held;
  replayHeld(f, 100, &held);
  EXPECT_EQ(held.find("old"), nullptr);
  EXPECT_NE(held.find("live"), nullptr);
}

}  // namespace
}  // namespace openlim::reserve
