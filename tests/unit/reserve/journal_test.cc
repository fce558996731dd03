// The reservation journal's records: what is written reads back, and a torn last record
// (a crash mid-append) or a garbled one is told apart and never replayed.
#include "reserve/journal.h"

#include <gtest/gtest.h>

#include <cstdio>

#include "fixture.h"
#include "util/crc32.h"

namespace openlim::reserve {
namespace {

std::string twoPutsAndADrop() {
  return journalPut(testing::simple("h:1.1", "alice", 5000)) +
         journalPut(testing::simple("h:1.2", "bob", 6000, "hostB", 2)) + journalDrop("h:1.1");
}

TEST(Journal, RecordsReadBackInOrder) {
  std::string text = twoPutsAndADrop();
  JournalRead r = readJournal(text);
  ASSERT_TRUE(r.corrupt.isOk()) << r.corrupt.message();
  EXPECT_FALSE(r.tornTail);
  ASSERT_EQ(r.records.size(), 3u);
  EXPECT_TRUE(r.records[0].put);
  EXPECT_EQ(r.records[0].id, "h:1.1");
  EXPECT_EQ(r.records[1].reservation.labels.user, "bob");
  EXPECT_EQ(r.records[1].reservation.hosts[0].slots, 2);
  EXPECT_EQ(r.records[1].reservation.expires, 6000);
  EXPECT_FALSE(r.records[2].put);
  EXPECT_EQ(r.records[2].id, "h:1.1");
  EXPECT_EQ(r.validBytes, text.size());
}

TEST(Journal, TheClusterRecordNamesTheJournalsClusterAndIsNoChange) {
  std::string text = journalCluster("red") + twoPutsAndADrop() + journalCluster("red");
  JournalRead r = readJournal(text);
  ASSERT_TRUE(r.corrupt.isOk()) << r.corrupt.message();
  EXPECT_TRUE(r.namesCluster);
  EXPECT_EQ(r.cluster, "red");
  EXPECT_EQ(r.records.size(), 3u);  // the cluster records replay nothing
  EXPECT_EQ(r.validBytes, text.size());
  // Written before the record existed: no cluster, the same records.
  JournalRead old = readJournal(twoPutsAndADrop());
  EXPECT_FALSE(old.namesCluster);
  EXPECT_EQ(old.cluster, "");
  EXPECT_EQ(old.records.size(), 3u);
}

TEST(Journal, ARecordOfAnotherClusterStopsTheReplay) {
  std::string text = journalCluster("red") + journalPut(testing::simple("h:1.1", "alice", 5000)) +
                     journalCluster("green") + journalDrop("h:1.1");
  JournalRead r = readJournal(text);
  EXPECT_EQ(r.cluster, "red");
  EXPECT_EQ(r.records.size(), 1u);
  EXPECT_EQ(r.corrupt.message().rfind("line 3: a record of cluster green", 0), 0u)
      << r.corrupt.message();
}

TEST(Journal, AnEmptyJournalHasNoRecords) {
  JournalRead r = readJournal("");
  EXPECT_TRUE(r.records.empty());
  EXPECT_FALSE(r.tornTail);
  EXPECT_TRUE(r.corrupt.isOk());
}

TEST(Journal, EveryCutOfTheLastRecordIsATornTail) {
  std::string whole = twoPutsAndADrop();
  std::string last = journalDrop("h:1.1");
  size_t before = whole.size() - last.size();
  for (size_t cut = before + 1; cut < whole.size(); ++cut) {
    JournalRead r = readJournal(std::string_view(whole).substr(0, cut));
    EXPECT_TRUE(r.tornTail) << cut;
    EXPECT_TRUE(r.corrupt.isOk()) << cut;
    EXPECT_EQ(r.records.size(), 2u) << cut;
    EXPECT_EQ(r.validBytes, before) << cut;
  }
}

TEST(Journal, AGarbledLastRecordIsATornTail) {
  std::string text = twoPutsAndADrop();
  text[text.size() - 5] ^= 0x20;  // inside the last payload
  JournalRead r = readJournal(text);
  EXPECT_TRUE(r.tornTail);
  EXPECT_EQ(r.records.size(), 2u);
}

TEST(Journal, AGarbledRecordWithMoreAfterItIsCorruptAndStopsTheReplay) {
  std::string text = twoPutsAndADrop();
  size_t second = text.find('\n') + 1;
  text[second + 20] = text[second + 20] == 'x' ? 'y' : 'x';
  JournalRead r = readJournal(text);
  EXPECT_FALSE(r.tornTail);
  EXPECT_EQ(r.corrupt.code(), Code::kInvalid);
  EXPECT_EQ(r.corrupt.message(), "line 2: checksum mismatch");
  EXPECT_EQ(r.records.size(), 1u);
  EXPECT_EQ(r.validBytes, second);
}

TEST(Journal, MalformedFramesAreRefusedNamingTheLine) {
  const char* bad[] = {
      "not a record\n",
      "zzzzzzzz {\"drop\":\"a\"}\n",
      "0000000 {\"drop\":\"a\"}\n",
      "00000000{\"drop\":\"a\"}\n",
      "\n",
  };
  for (const char* line : bad) {
    JournalRead r = readJournal(std::string(line) + journalDrop("ok"));
    EXPECT_EQ(r.corrupt.message().rfind("line 1: ", 0), 0u) << line << r.corrupt.message();
    EXPECT_TRUE(r.records.empty()) << line;
  }
}

// A frame with a right checksum around `payload`.
std::string framed(const std::string& payload) {
  char crc[9];
  std::snprintf(crc, sizeof crc, "%08x", util::crc32(payload));
  return std::string(crc) + " " + payload + "\n";
}

TEST(Journal, WellFramedPayloadsThatAreNotRecordsAreRefused) {
  EXPECT_EQ(readJournal(framed("{\"drop\":\"a\"}")).records.size(), 1u);  // the helper frames
  for (std::string payload :
       {"{\"drop\":5}", "{\"drop\":\"\"}", "{\"cluster\":5}", "{\"cluster\":[\"a\"]}",
        "{\"keep\":\"a\"}", "[1]", "{\"put\":{\"id\":\"a\"}}", "{\"drop\":\"a\",\"put\":{}}",
        "{\"drop\":\"a\"", "{}"}) {
    JournalRead r = readJournal(framed(payload) + journalDrop("b"));
    EXPECT_EQ(r.corrupt.message().rfind("line 1: ", 0), 0u) << payload << r.corrupt.message();
    EXPECT_TRUE(r.records.empty()) << payload;
  }
}

}  // namespace
}  // namespace openlim::reserve
