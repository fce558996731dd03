// procfs::DirentTally over getdents64 records built here (glibc's struct dirent64 layout):
// the count of numeric names, and where a listing of /proc's processes may start next time.
#include "load/procfs/dirents.h"

#include <dirent.h>
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace openlim::procfs {
namespace {

// Records as the kernel writes them: each names the offset of the one after it (d_off).
struct Listing {
  std::string bytes;
  void add(const std::string& name, int64_t nextOffset) {
    const size_t nameAt = offsetof(struct dirent64, d_name);
    const size_t reclen = (nameAt + name.size() + 1 + 7) & ~size_t{7};
    std::string rec(reclen, '\0');
    const uint64_t ino = 1;
    const uint16_t len = static_cast<uint16_t>(reclen);
    std::memcpy(&rec[offsetof(struct dirent64, d_ino)], &ino, sizeof ino);
    std::memcpy(&rec[offsetof(struct dirent64, d_off)], &nextOffset, sizeof nextOffset);
    std::memcpy(&rec[offsetof(struct dirent64, d_reclen)], &len, sizeof len);
    std::memcpy(&rec[nameAt], name.data(), name.size());
    bytes += rec;
  }
};

// /proc's order: its own entries at small offsets, "self" and "thread-self" at 256 and 257,
// then the processes at 258 + pid.
Listing procListing() {
  Listing l;
  l.add(".", 1);
  l.add("..", 2);
  l.add("cpuinfo", 3);
  l.add("self", 257);         // at 256
  l.add("thread-self", 259);  // at 257
  l.add("1", 300);            // at 259
  l.add("42", 1000);          // at 300
  l.add("700", 1 << 30);      // at 958
  return l;
}

TEST(DirentTally, CountsOnlyNamesMadeOfDigits) {
  Listing l = procListing();
  l.add("12a", 1 << 30);
  DirentTally t;
  t.add(l.bytes.data(), l.bytes.size());
  EXPECT_EQ(t.numeric(), 3);
  EXPECT_EQ(t.other(), 6);
}

TEST(DirentTally, InProcsOrderTheNextListingStartsAtTheLastEntryBeforeTheProcesses) {
  const Listing l = procListing();
  DirentTally t;
  t.add(l.bytes.data(), l.bytes.size());
  EXPECT_TRUE(t.ordered());
  EXPECT_TRUE(t.firstIsOther());
  EXPECT_EQ(t.numericFrom(), 257);  // "thread-self"
}

TEST(DirentTally, OneListingSplitOverTwoCallsTalliesAsOne) {
  const Listing l = procListing();
  const size_t cut = l.bytes.size() / 2;  // records are whole in each call: cut on one
  size_t at = 0;
  while (true) {
    uint16_t len;
    std::memcpy(&len, &l.bytes[at + offsetof(struct dirent64, d_reclen)], sizeof len);
    if (at + len > cut) break;
    at += len;
  }
  DirentTally t;
  t.add(l.bytes.data(), at);
  t.add(l.bytes.data() + at, l.bytes.size() - at);
  EXPECT_EQ(t.numeric(), 3);
  EXPECT_EQ(t.numericFrom(), 257);
}

TEST(DirentTally, AResumedListingStartsWithTheEntryItResumedAt) {
  Listing l;
  l.add("thread-self", 259);
  l.add("1", 1 << 30);
  DirentTally t(257);
  t.add(l.bytes.data(), l.bytes.size());
  EXPECT_TRUE(t.firstIsOther());
  EXPECT_EQ(t.numeric(), 1);
  Listing moved;  // the offsets moved: a process where "thread-self" was
  moved.add("5", 1 << 30);
  DirentTally m(257);
  m.add(moved.bytes.data(), moved.bytes.size());
  EXPECT_FALSE(m.firstIsOther());
}

TEST(DirentTally, NamesInNoOrderGiveNoOffsetToResumeAt) {
  Listing l;  // a real filesystem's hashed order
  l.add("7", 10);
  l.add("self", 20);
  l.add("8", 30);
  DirentTally t;
  t.add(l.bytes.data(), l.bytes.size());
  EXPECT_EQ(t.numeric(), 2);
  EXPECT_FALSE(t.ordered());
  EXPECT_EQ(t.numericFrom(), 0);
  Listing first;  // a process first: nothing before it to resume at
  first.add("7", 10);
  DirentTally f;
  f.add(first.bytes.data(), first.bytes.size());
  EXPECT_EQ(f.numericFrom(), 0);
}

TEST(DirentTally, ABrokenRecordEndsTheBuffer) {
  Listing l = procListing();
  std::string bytes = l.bytes;
  const uint16_t zero = 0;
  std::memcpy(&bytes[offsetof(struct dirent64, d_reclen)], &zero, sizeof zero);
  DirentTally t;
  t.add(bytes.data(), bytes.size());
  EXPECT_EQ(t.numeric() + t.other(), 0);
  DirentTally cut;
  cut.add(l.bytes.data(), l.bytes.size() - 3);  // the last record runs past the end
  EXPECT_EQ(cut.numeric(), 2);
}

}  // namespace
}  // namespace openlim::procfs
