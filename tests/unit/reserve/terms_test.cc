// Quorum mode's terms (reserve/terms.h): what a voter promises and takes, the digest it
// adopts by, and what a rebuild at a new term keeps of the voters' copies.
#include "reserve/terms.h"

#include <gtest/gtest.h>

#include "fixture.h"
#include "reserve/held_replay.h"
#include "reserve/journal.h"
#include "reserve/reservation_json.h"
#include "reserve/service.h"

namespace openlim::reserve {
namespace {

Reservation at(const std::string& id, uint64_t term, const std::string& host = "hostA",
               int slots = 1) {
  Reservation r = testing::simple(id, "alice", 5000, host, slots);
  r.term = term;
  return r;
}

TEST(VoterTerm, PromisesOnlyALaterTermOrTheSameOneToTheSameMaster) {
  VoterTerm v;
  EXPECT_TRUE(mayPromise(v, 1, "hostA"));
  EXPECT_TRUE(promise(&v, 1, "hostA"));
  EXPECT_FALSE(promise(&v, 1, "hostA"));  // nothing changed: nothing to journal
  EXPECT_TRUE(mayPromise(v, 1, "hostA"));
  EXPECT_FALSE(mayPromise(v, 1, "hostB"));  // one master per term
  EXPECT_FALSE(mayPromise(v, 0, "hostA"));
  EXPECT_TRUE(mayPromise(v, 2, "hostB"));
  EXPECT_TRUE(promise(&v, 2, "hostB"));
  EXPECT_EQ(v.promised, 2u);
  EXPECT_EQ(v.promisedTo, "hostB");
}

TEST(VoterTerm, RefusesAChangeOfAnEarlierTermAndTakesAvailableModesUnterm) {
  VoterTerm v{.promised = 3, .promisedTo = "hostB", .adopted = 3};
  EXPECT_FALSE(takesWrite(v, 2, "hostA"));  // the deposed master
  EXPECT_FALSE(takesWrite(v, 3, "hostA"));  // this term is hostB's
  EXPECT_TRUE(takesWrite(v, 3, "hostB"));
  EXPECT_TRUE(takesWrite(v, 4, "hostC"));  // a later master: the promise moves with it
  EXPECT_TRUE(takesWrite(v, 0, "hostA"));  // available mode writes no term
}

TEST(VoterTerm, DigestCountsAndHashesOnlyTheCopiesOfItsTerm) {
  Ledger a, b;
  ASSERT_TRUE(a.add(at("x:1", 2)).isOk());
  ASSERT_TRUE(a.add(at("x:2", 2)).isOk());
  ASSERT_TRUE(a.add(at("x:3", 1)).isOk());  // an earlier term's copy
  ASSERT_TRUE(b.add(at("x:2", 2)).isOk());
  ASSERT_TRUE(b.add(at("x:1", 2)).isOk());
  EXPECT_EQ(digestOf(a, 2), digestOf(b, 2));
  EXPECT_EQ(digestOf(a, 2).count, 2u);
  ASSERT_TRUE(b.add(at("x:4", 2)).isOk());
  EXPECT_NE(digestOf(a, 2), digestOf(b, 2));
  Ledger c;
  ASSERT_TRUE(c.add(at("x:1", 2)).isOk());
  ASSERT_TRUE(c.add(at("x:5", 2)).isOk());  // as many copies, another one
  EXPECT_NE(digestOf(a, 2), digestOf(c, 2));
}

TEST(VoterTerm, RoundTripsAsJsonAndRefusesWhatIsNotOne) {
  for (VoterTerm v : {VoterTerm{.promised = 7, .promisedTo = "hostB", .adopted = 6},
                      VoterTerm{.promised = 7, .promisedTo = "hostB", .lost = true}}) {
    auto back = voterTermFromJson(voterTermJson(v));
    ASSERT_TRUE(back.isOk());
    EXPECT_EQ(*back, v);
  }
  for (const char* bad :
       {R"([])", R"({"promised":-1})", R"({"promised":1.5})", R"({"adopted":"3"})", R"({"to":4})",
        R"({"promised":1e300})", R"({"lost":1})"}) {
    auto j = format::parseJson(bad);
    ASSERT_TRUE(j.isOk()) << bad;
    EXPECT_FALSE(voterTermFromJson(*j).isOk()) << bad;
  }
}

TEST(VoterTerm, IsJournalledAndTheLastRecordWinsOverTheSnapshot) {
  VoterTerm first{.promised = 2, .promisedTo = "hostA", .adopted = 2};
  VoterTerm second{.promised = 3, .promisedTo = "hostB", .adopted = 2};
  JournalRead read =
      readJournal(journalTerm(first) + journalPut(at("x:1", 2)) + journalTerm(second));
  ASSERT_TRUE(read.corrupt.isOk());
  ASSERT_EQ(read.records.size(), 3u);
  HeldFiles files;
  files.term = {.promised = 1, .promisedTo = "hostA", .adopted = 1};
  files.records = read.records;
  Ledger held;
  VoterTerm term;
  replayHeld(files, 1000, &held, &term);
  EXPECT_EQ(term, second);
  EXPECT_EQ(held.size(), 1u);  // a term record is neither a put nor a drop
  ASSERT_NE(held.find("x:1"), nullptr);
  EXPECT_EQ(held.find("x:1")->term, 2u);
  files.records.clear();
  replayHeld(files, 1000, &held, &term);
  EXPECT_EQ(term, files.term);  // only the snapshot's
}

TEST(VoterTerm, TheStateFileKeepsItAndABadOneIsRefused) {
  VoterTerm v{.promised = 4, .promisedTo = "hostC", .adopted = 3};
  auto state = parseHostState(hostStateText("c", "hostA", {at("x:1", 3)}, {}, v));
  ASSERT_TRUE(state.isOk()) << state.status().message();
  EXPECT_EQ(state->term, v);
  EXPECT_EQ(state->reservations.at(0).term, 3u);
  auto none = parseHostState(hostStateText("c", "hostA", {}));
  ASSERT_TRUE(none.isOk());
  EXPECT_EQ(none->term, VoterTerm{});
  EXPECT_FALSE(parseHostState(R"({"version":1,"reservations":[],"term":{"promised":"x"}})"));
}

TEST(LedgerTerm, AnEqualCopyRestampedAtALaterTermTakesItsTerm) {
  Ledger l;
  ASSERT_TRUE(l.add(at("x:1", 1)).isOk());
  EXPECT_FALSE(l.merge(at("x:1", 1), 100));  // the same copy: nothing new
  EXPECT_TRUE(l.merge(at("x:1", 3), 100));
  EXPECT_EQ(l.find("x:1")->term, 3u);
  EXPECT_FALSE(l.merge(at("x:1", 2), 100));  // an earlier term never wins
  EXPECT_EQ(l.find("x:1")->term, 3u);
  l.restamp(5);
  EXPECT_EQ(l.find("x:1")->term, 5u);
  auto renewed = l.renew("x:1", 600, 100, {"alice", false}, 6);
  ASSERT_TRUE(renewed.isOk());
  EXPECT_EQ(renewed->term, 6u);
  EXPECT_EQ(l.find("x:1")->term, 6u);
}

class TermRebuild : public ::testing::Test {
 protected:
  TermRebuild() : table_(testing::makeConfig()), service_("hostA") {
    testing::reportAll(table_, 1);
  }
  master::LoadTable table_;
  ReservationService service_;
  Effects effects_;
  double now_ = 2, wall_ = 1000;
};

TEST_F(TermRebuild, KeepsTheCopiesWrittenSinceTheLatestAdoptedTermAndWritesThemAtItsOwn) {
  service_.beginRebuild(now_, RebuildTiming{.settle = 0, .limit = 0, .askEvery = 1},
                        table_.config());
  service_.beginTerm(4, table_, now_);
  EXPECT_TRUE(service_.rebuilding(now_ + 10));  // until a majority adopted the term
  auto report = [&](const std::string& host, std::optional<uint64_t> adopted,
                    std::vector<Reservation> copies) {
    service_.noteCopies(copies, adopted);
    service_.merge(host, copies, wall_, table_, now_, &effects_);
  };
  // hostB adopted term 3: its copies say what term 3's ledger held and wrote since.
  report("hostB", 3, {at("acked:1", 3), at("since:2", 3, "hostB")});
  // hostC missed term 3: a copy of term 2 that term 3's ledger left out was never
  // acknowledged (a zombie); its copy of the acknowledged one is older but the same.
  report("hostC", 2, {at("zombie:3", 2, "hostA", 4), at("acked:1", 2)});
  // A host that is not a voter only ever holds acknowledged copies, whatever their term.
  report("hostD", std::nullopt, {at("old:4", 1, "hostC")});
  EXPECT_EQ(service_.ledger().size(), 4u);  // listed while being rebuilt
  effects_ = {};
  ASSERT_TRUE(service_.termClosable(now_ + 10));
  const size_t leftOut = service_.closeTerm(table_, now_ + 10, &effects_);
  EXPECT_EQ(leftOut, 1u);  // the zombie
  EXPECT_EQ(service_.ledger().size(), 3u);
  EXPECT_EQ(service_.ledger().find("zombie:3"), nullptr);
  for (const char* id : {"acked:1", "since:2", "old:4"}) {
    ASSERT_NE(service_.ledger().find(id), nullptr) << id;
    EXPECT_EQ(service_.ledger().find(id)->term, 4u) << id;
  }
  EXPECT_EQ(effects_.put.size(), 3u);                 // the ledger at term 4, for the voters
  EXPECT_TRUE(service_.ledger().buried("zombie:3"));  // a later report of it is refused
  // The zombie's 4 slots on hostA are free: only acked:1's one is held.
  EXPECT_EQ(service_.ledger().heldOn("hostA")->slots, 1);
  EXPECT_TRUE(service_.rebuilding(now_ + 10));
  service_.termAdopted();
  EXPECT_FALSE(service_.rebuilding(now_ + 10));
}

TEST_F(TermRebuild, ANewTermStartsFromAnEmptyLedger) {
  service_.merge("hostB", {at("stale:1", 1, "hostB", 2)}, wall_, table_, now_, &effects_);
  ASSERT_EQ(service_.ledger().size(), 1u);
  service_.beginTerm(2, table_, now_);
  EXPECT_EQ(service_.ledger().size(), 0u);
  EXPECT_EQ(service_.ledger().heldOn("hostB"), nullptr);
  EXPECT_EQ(service_.term(), 2u);
}

TEST_F(TermRebuild, AWithdrawnCreationKeepsItsSlotsUntilAMajorityJournalledTheWithdrawal) {
  service_.merge("hostA", {at("late:1", 1, "hostA", 3)}, wall_, table_, now_, &effects_);
  effects_ = {};
  ASSERT_TRUE(service_.withdraw("late:1", &effects_));
  EXPECT_FALSE(service_.withdraw("late:1", &effects_));  // once
  ASSERT_EQ(effects_.dropped.size(), 1u);
  ASSERT_NE(service_.ledger().heldOn("hostA"), nullptr);
  EXPECT_EQ(service_.ledger().heldOn("hostA")->slots, 3);  // still counted
  EXPECT_EQ(service_.releasing().count("late:1"), 1u);
  EXPECT_TRUE(service_.releaseJournalled("late:1", 2, table_, now_));
  EXPECT_EQ(service_.ledger().heldOn("hostA"), nullptr);
  EXPECT_EQ(service_.counters().withdrawn, 1u);
}

}  // namespace
}  // namespace openlim::reserve
