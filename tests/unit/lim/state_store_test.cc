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
  void appendRaw(const std::string& bytes) {
    std::ofstream(journal(), std::ios::app | std::ios::binary) << bytes;
  }

  std::string dir_;
};

TEST_F(StateStoreTest, CommittedRecordsComeBackInOrder) {
  {
    StateStore s;
    s.load(dir_, "hostA");
    s.append(reserve::journalPut(res("a")));
    s.append(reserve::journalPut(res("b")));
    ASSERT_TRUE(s.commit().isOk());
    s.append(reserve::journalDrop("a"));
    ASSERT_TRUE(s.commit().isOk());
    EXPECT_FALSE(s.wantsCompaction());
  }
  StateStore s;
  StateStore::Loaded l = s.load(dir_, "hostA");
  EXPECT_TRUE(l.journalFound);
  EXPECT_TRUE(l.errors.empty());
  ASSERT_EQ(l.records.size(), 3u);
  reserve::Ledger held = replay(l);
  EXPECT_EQ(held.size(), 1u);
  EXPECT_NE(held.find("b"), nullptr);
}

TEST_F(StateStoreTest, ACompactionFoldsTheJournalIntoTheSnapshot) {
  StateStore s;
  s.load(dir_, "hostA");
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
  ASSERT_TRUE(s.compact(reserve::hostStateText("hostA", {res("kept")})).isOk());
  EXPECT_FALSE(s.wantsCompaction());
  EXPECT_EQ(fs::file_size(journal()), 0u);
  StateStore again;
  StateStore::Loaded l = again.load(dir_, "hostA");
  ASSERT_EQ(l.snapshot.size(), 1u);
  EXPECT_EQ(l.snapshot[0].id, "kept");
  EXPECT_TRUE(l.records.empty());
}

TEST_F(StateStoreTest, ATornLastRecordIsDroppedAndTheRestKept) {
  std::string last = reserve::journalPut(res("b"));
  appendRaw(reserve::journalPut(res("a")) + last.substr(0, last.size() / 2));
  StateStore s;
  StateStore::Loaded l = s.load(dir_, "hostA");
  EXPECT_TRUE(l.tornTail);
  EXPECT_TRUE(l.errors.empty());
  ASSERT_EQ(l.records.size(), 1u);
  EXPECT_EQ(l.records[0].id, "a");
  EXPECT_TRUE(fs::exists(journal()));  // nothing aside: a torn tail is what a crash leaves
}

TEST_F(StateStoreTest, AGarbledJournalIsKeptAsideAndItsGoodPrefixReplayed) {
  appendRaw(reserve::journalPut(res("a")) + "00000000 garbage\n" + reserve::journalDrop("a"));
  StateStore s;
  StateStore::Loaded l = s.load(dir_, "hostA");
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
      << reserve::hostStateText("hostA", {renewed, res("c")});
  appendRaw(reserve::journalPut(res("a")) + reserve::journalPut(res("b")) +
            reserve::journalPut(renewed) + reserve::journalDrop("a") +
            reserve::journalPut(res("c")));
  StateStore s;
  reserve::Ledger held = replay(s.load(dir_, "hostA"));
  EXPECT_EQ(held.size(), 2u);
  EXPECT_EQ(held.find("a"), nullptr);
  ASSERT_NE(held.find("b"), nullptr);
  EXPECT_EQ(held.find("b")->expires, 9000);
}

}  // namespace
}  // namespace openlim::lim
