// AnnouncePace: the master's announce round in batches, paced so queries are served between
// them, and still finished within half an exchange interval.
#include <gtest/gtest.h>

#include "master/announce_pace.h"

namespace openlim::master {
namespace {

// Plays a round the way the lim's loop does: wake at nextBatchAt, send what is due.
// Returns when the last announce went out and the largest batch sent at one wake-up.
std::pair<double, size_t> playRound(const AnnouncePace& p, size_t hosts) {
  size_t sent = 0, largest = 0;
  double now = p.start;
  while (sent < hosts) {
    now = std::max(now, p.nextBatchAt(sent));
    size_t due = std::min(hosts, p.dueBy(now));
    EXPECT_GT(due, sent) << "woken at " << now << " with nothing due";
    largest = std::max(largest, due - sent);
    sent = due;
  }
  return {now, largest};
}

TEST(AnnouncePace, ASmallRoundGoesAtOnce) {
  AnnouncePace p = AnnouncePace::forRound(3, 15, 100.0);
  EXPECT_GE(p.dueBy(100.0), 3u);
  EXPECT_EQ(p.nextBatchAt(0), 100.0);
  auto [end, largest] = playRound(p, AnnouncePace::kBatch);
  EXPECT_EQ(end, 100.0);
  EXPECT_EQ(largest, AnnouncePace::kBatch);
}

TEST(AnnouncePace, ABigRoundGoesInBatchesAtTheMinimumRate) {
  const size_t hosts = 10000;
  AnnouncePace p = AnnouncePace::forRound(hosts, 15, 50.0);
  EXPECT_EQ(p.rate, AnnouncePace::kMinRate);  // 10,000 in 7.5 s needs less
  EXPECT_EQ(p.dueBy(50.0), AnnouncePace::kBatch);
  EXPECT_EQ(p.dueBy(50.0011), AnnouncePace::kBatch + 4);  // 4000/s
  EXPECT_EQ(p.dueBy(49.0), AnnouncePace::kBatch);         // a clock before the start: no more
  auto [end, largest] = playRound(p, hosts);
  EXPECT_LE(largest, AnnouncePace::kBatch);  // never more than a batch in a query's way
  EXPECT_NEAR(end - 50.0, (hosts - AnnouncePace::kBatch) / AnnouncePace::kMinRate, 0.01);
}

TEST(AnnouncePace, AHugeRoundStillEndsWithinHalfAnInterval) {
  const size_t hosts = 200000;
  AnnouncePace p = AnnouncePace::forRound(hosts, 10, 0.0);
  EXPECT_GT(p.rate, AnnouncePace::kMinRate);
  auto [end, largest] = playRound(p, hosts);
  EXPECT_LE(end, 5.0);
  EXPECT_LE(largest, AnnouncePace::kBatch);
}

TEST(AnnouncePace, ATurnHeldUpSendsAtMostItsShareAndTheRoundCatchesUp) {
  const size_t hosts = 100000;
  AnnouncePace p = AnnouncePace::forRound(hosts, 15, 0.0);
  // A turn 250 ms late finds thousands due; it sends a turn's share, the next turns the rest.
  EXPECT_GT(p.dueBy(0.25), 3000u);
  EXPECT_EQ(p.sendUpTo(AnnouncePace::kBatch, 0.25),
            AnnouncePace::kBatch + AnnouncePace::kMaxPerTurn);
  size_t sent = AnnouncePace::kBatch, turns = 0;
  while (sent < p.dueBy(0.25)) {
    size_t next = p.sendUpTo(sent, 0.25);
    EXPECT_LE(next - sent, AnnouncePace::kMaxPerTurn);
    if (p.dueBy(0.25) >= next + AnnouncePace::kBatch) {
      EXPECT_LE(p.nextBatchAt(next), 0.25) << "behind: the next batch is due at once";
    }
    sent = next;
    ++turns;
  }
  EXPECT_EQ(sent, p.dueBy(0.25));
  EXPECT_GT(turns, 40u);
  EXPECT_EQ(p.sendUpTo(sent, 0.25), sent);  // caught up: nothing more until it is due
}

TEST(AnnouncePace, ANonsenseIntervalStillMakesProgress) {
  AnnouncePace p = AnnouncePace::forRound(1000, 0, 7.0);
  EXPECT_GT(p.rate, 0);
  auto [end, largest] = playRound(p, 1000);
  EXPECT_GE(end, 7.0);
  EXPECT_LE(largest, AnnouncePace::kBatch);
}

}  // namespace
}  // namespace openlim::master
