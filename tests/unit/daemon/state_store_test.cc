// A host's reservation files: records committed to the journal come back on load, a
// compaction folds them into a snapshot and empties the journal, a torn last record is
// dropped quietly and a garbled journal is kept aside, and replaying a journal over a
// snapshot that already holds its records gives the same reservations.
#include "state_store.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "read_file.h"
#include "reserve/held_replay.h"
#include "reserve/journal.h"
#include "reserve/ledger.h"
#include "reserve/reservation_json.h"

namespace openlim::lim {
namespace {

namespace fs = std::filesystem;

reserve::Reservation res(const std::string& id, double expires = 5000) {
  reserve::Reservation r;
  r.id = id;
  r.labels.user = "alice";
  r.slots = {"hostA"};
  r.hosts = {{"hostA", 1, {}}};
  r.expires = expires;
  r.master = "hostA";
  return r;
}

// What a lim's loadHeldState makes of the files.
reserve::Ledger replay(const StateStore::Loaded& l) {
  reserve::Ledger held;
  for (const auto& r : l.snapshot) held.merge(r, 0);
  for (const auto& rec : l.records)
    if (rec.put)
      held.merge(rec.reservation, 0);
    else
      (void)held.release(rec.id, {"", true});
  return held;
}

class StateStoreTest : public ::testing::Test {
 protected:
  StateStoreTest() {
    char tmpl[] = "/tmp/state_store_test.XXXXXX";
    dir_ = ::mkdtemp(tmpl);
  }
  ~StateStoreTest() override { fs::remove_all(dir_); }
  std::string journal() const { return dir_ + "/reservations.hostA.journal"; }
  std::string snapshot() const { return dir_ + "/reservations.hostA.json"; }
  void appendRaw(const std::string& bytes) {
    std::ofstream(journal(), std::ios::app | std::ios::binary) << bytes;
  }

  std::string dir_;
};

TEST_F(StateStoreTest, CommittedRecordsComeBackInOrder) {
  {
    StateStore s;
    s.load(dir_, "hostA", "blue");
    s.append(reserve::journalPut(res("a")));
    s.append(reserve::journalPut(res("b")));
    ASSERT_TRUE(s.commit().isOk());
    s.append(reserve::journalDrop("a"));
    ASSERT_TRUE(s.commit().isOk());
    EXPECT_FALSE(s.wantsCompaction());
  }
  StateStore s;
  StateStore::Loaded l = s.load(dir_, "hostA", "blue");
  EXPECT_TRUE(l.journalFound);
  EXPECT_TRUE(l.errors.empty());
  ASSERT_EQ(l.records.size(), 3u);
  reserve::Ledger held = replay(l);
  EXPECT_EQ(held.size(), 1u);
  EXPECT_NE(held.find("b"), nullptr);
}

TEST_F(StateStoreTest, ACompactionFoldsTheJournalIntoTheSnapshot) {
  StateStore s;
  s.load(dir_, "hostA", "blue");
  std::string big(2000, 'x');
  size_t n = 0;
  while (!s.wantsCompaction()) {  // past the bound: at least kMinCompactBytes of records
    reserve::Reservation r = res("r" + std::to_string(n++));
    r.labels.project = big;
    s.append(reserve::journalPut(r));
    if (n % 100 == 0) {
      ASSERT_TRUE(s.commit().isOk());  // one sync per group, as the lim
    }
  }
  EXPECT_GT(fs::file_size(journal()), StateStore::kMinCompactBytes);
  ASSERT_TRUE(s.compact({res("kept")}).isOk());
  EXPECT_FALSE(s.wantsCompaction());
  EXPECT_EQ(fs::file_size(journal()), 0u);
  StateStore again;
  StateStore::Loaded l = again.load(dir_, "hostA", "blue");
  ASSERT_EQ(l.snapshot.size(), 1u);
  EXPECT_EQ(l.snapshot[0].id, "kept");
  EXPECT_TRUE(l.records.empty());
}

// A release must outlive the journal's folding: the snapshot keeps the released ids, so a
// stale copy another lim reports later is still refused (found by the simulator, seed 83).
TEST_F(StateStoreTest, TheSnapshotKeepsTheReleasedIdsAndReplayRemembersThem) {
  StateStore s;
  (void)s.load(dir_, "hostA", "blue");
  ASSERT_TRUE(s.compact({res("kept")}, {"gone2", "gone1"}).isOk());
  StateStore again;
  StateStore::Loaded l = again.load(dir_, "hostA", "blue");
  EXPECT_EQ(l.released, (std::vector<std::string>{"gone2", "gone1"}));
  reserve::Ledger held;
  reserve::replayHeld(l, 0, &held);
  EXPECT_NE(held.find("kept"), nullptr);
  reserve::Reservation stale = res("gone1");
  EXPECT_FALSE(held.merge(stale, 0));  // released here: never taken back
  EXPECT_EQ(held.recentlyReleased(10), (std::vector<std::string>{"gone2", "gone1"}));
}

TEST_F(StateStoreTest, ATornLastRecordIsDroppedAndTheRestKept) {
  std::string last = reserve::journalPut(res("b"));
  appendRaw(reserve::journalPut(res("a")) + last.substr(0, last.size() / 2));
  StateStore s;
  StateStore::Loaded l = s.load(dir_, "hostA", "blue");
  EXPECT_TRUE(l.tornTail);
  EXPECT_TRUE(l.errors.empty());
  ASSERT_EQ(l.records.size(), 1u);
  EXPECT_EQ(l.records[0].id, "a");
  EXPECT_TRUE(fs::exists(journal()));  // nothing aside: a torn tail is what a crash leaves
}

TEST_F(StateStoreTest, AGarbledJournalIsKeptAsideAndItsGoodPrefixReplayed) {
  appendRaw(reserve::journalPut(res("a")) + "00000000 garbage\n" + reserve::journalDrop("a"));
  StateStore s;
  StateStore::Loaded l = s.load(dir_, "hostA", "blue");
  ASSERT_EQ(l.errors.size(), 1u);
  EXPECT_NE(l.errors[0].find("line 2: checksum mismatch"), std::string::npos) << l.errors[0];
  EXPECT_EQ(l.records.size(), 1u);
  EXPECT_TRUE(fs::exists(journal() + ".bad"));
  EXPECT_FALSE(fs::exists(journal()));
}

TEST_F(StateStoreTest, ReplayOverASnapshotThatHoldsItIsTheSameState) {
  // A crash after the snapshot's rename and before the journal was emptied: the old records
  // replay over the new snapshot. Renewed (later expiry) and released ones stay so.
  reserve::Reservation renewed = res("b", 9000);
  std::ofstream(dir_ + "/reservations.hostA.json")
      << reserve::hostStateText("blue", "hostA", {renewed, res("c")});
  appendRaw(reserve::journalPut(res("a")) + reserve::journalPut(res("b")) +
            reserve::journalPut(renewed) + reserve::journalDrop("a") +
            reserve::journalPut(res("c")));
  StateStore s;
  reserve::Ledger held = replay(s.load(dir_, "hostA", "blue"));
  EXPECT_EQ(held.size(), 2u);
  EXPECT_EQ(held.find("a"), nullptr);
  ASSERT_NE(held.find("b"), nullptr);
  EXPECT_EQ(held.find("b")->expires, 9000);
}

// The files a lim of cluster `cluster` leaves with reservation `id` in them: a snapshot
// and a journal with one more.
void leaveFiles(const std::string& dir, const std::string& cluster, const std::string& id) {
  StateStore s;
  s.load(dir, "hostA", cluster);
  ASSERT_TRUE(s.compact({res(id)}).isOk());
  s.append(reserve::journalPut(res(id + "2")));
  ASSERT_TRUE(s.commit().isOk());
}

TEST_F(StateStoreTest, BothFilesNameTheirCluster) {
  leaveFiles(dir_, "red", "r");
  auto state = reserve::parseHostState(*shell::readFile(snapshot()));
  ASSERT_TRUE(state.isOk());
  EXPECT_EQ(state->cluster, "red");
  reserve::JournalRead j = reserve::readJournal(*shell::readFile(journal()));
  EXPECT_EQ(j.cluster, "red");
  EXPECT_EQ(j.records.size(), 1u);
  StateStore s;
  StateStore::Loaded l = s.load(dir_, "hostA", "red");
  EXPECT_TRUE(l.foreign.empty());
  EXPECT_FALSE(l.unnamed);
  EXPECT_EQ(replay(l).size(), 2u);
}

TEST_F(StateStoreTest, AnotherClustersFilesAreSetAsideNotAdopted) {
  leaveFiles(dir_, "red", "r");
  StateStore s;
  StateStore::Loaded l = s.load(dir_, "hostA", "green");
  EXPECT_TRUE(l.snapshot.empty());
  EXPECT_TRUE(l.records.empty());
  EXPECT_FALSE(l.journalFound);
  ASSERT_EQ(l.foreign.size(), 2u);
  EXPECT_NE(l.foreign[0].find("cluster red, not of green"), std::string::npos) << l.foreign[0];
  EXPECT_TRUE(l.errors.empty());
  EXPECT_FALSE(fs::exists(snapshot()));
  EXPECT_FALSE(fs::exists(journal()));
  EXPECT_TRUE(fs::exists(snapshot() + ".cluster-red"));
  EXPECT_TRUE(fs::exists(journal() + ".cluster-red"));
  // What green writes next is green's, and read back by green.
  ASSERT_TRUE(s.compact({res("g")}).isOk());
  s.append(reserve::journalPut(res("g2")));
  ASSERT_TRUE(s.commit().isOk());
  StateStore again;
  StateStore::Loaded mine = again.load(dir_, "hostA", "green");
  EXPECT_TRUE(mine.foreign.empty());
  reserve::Ledger held = replay(mine);
  EXPECT_EQ(held.size(), 2u);
  EXPECT_EQ(held.find("r"), nullptr);
}

TEST_F(StateStoreTest, AJournalWithoutAClusterFollowsItsSnapshot) {
  // A journal whose cluster record is missing (written before there was one) after a
  // snapshot of another cluster is that cluster's too.
  std::ofstream(snapshot()) << reserve::hostStateText("red", "hostA", {res("r")});
  appendRaw(reserve::journalPut(res("r2")));
  StateStore s;
  StateStore::Loaded l = s.load(dir_, "hostA", "green");
  EXPECT_EQ(l.foreign.size(), 2u);
  EXPECT_EQ(replay(l).size(), 0u);
  EXPECT_TRUE(fs::exists(journal() + ".cluster-red"));
}

TEST_F(StateStoreTest, FilesNamingNoClusterAreAdoptedAsOurs) {
  // Written by a lim from before the files named their cluster.
  std::ofstream(snapshot()) << R"({"version":1,"host":"hostA","reservations":[)" +
                                   reserve::reservationJson(res("old")).compact() + "]}\n";
  appendRaw(reserve::journalPut(res("old2")));
  StateStore s;
  StateStore::Loaded l = s.load(dir_, "hostA", "green");
  EXPECT_TRUE(l.foreign.empty());
  EXPECT_TRUE(l.unnamed);
  EXPECT_EQ(replay(l).size(), 2u);
}

TEST_F(StateStoreTest, AsideNamesKeepOnlySafeCharacters) {
  std::ofstream(snapshot()) << reserve::hostStateText("../x y", "hostA", {res("r")});
  StateStore s;
  StateStore::Loaded l = s.load(dir_, "hostA", "green");
  ASSERT_EQ(l.foreign.size(), 1u);
  EXPECT_TRUE(fs::exists(snapshot() + ".cluster-.._x_y"));
}

}  // namespace
}  // namespace openlim::lim
