#pragma once
// NLB_NUMPROC's count of /proc's numeric entries (one per process), taken straight from the
// records getdents64(2) writes into a buffer: no name is copied and nothing is allocated,
// where readdir and a list of names cost a string per entry. Pure: the shell makes the calls
// and hands each filled buffer in.
//
// /proc lists its own files first and the processes last, by offset. A tally notes where the
// processes begin (the offset of the last other entry before them, "thread-self"), so that
// the next listing can seek there and skip the rest; a listing whose names do not come in
// that order (a fixture tree on a real filesystem) gives no such offset.

#include <cstddef>
#include <cstdint>

namespace openlim::procfs {

class DirentTally {
 public:
  // A listing that starts at offset `start` (0: the whole directory).
  explicit DirentTally(int64_t start = 0) : nextOffset_(start) {}

  // Adds the `bytes` bytes of records one getdents64 call wrote to `buf`.
  void add(const char* buf, size_t bytes);

  int numeric() const { return numeric_; }  // entries named only by digits
  int other() const { return other_; }      // every other entry, "." and ".." included
  // Whether the first record read was another entry (not numeric): a listing resumed at
  // numericFrom() must find that entry there again, else the offsets moved.
  bool firstIsOther() const { return firstIsOther_; }
  // Whether every other entry came before every numeric one (/proc's order).
  bool ordered() const { return !mixed_; }
  // Where to start the next listing so that it still reads every numeric entry: the offset
  // of the last other entry before the first numeric one; 0 (the start) when no other entry
  // came before them or one came after them.
  int64_t numericFrom() const;

 private:
  int64_t nextOffset_;  // where the next record starts (d_off of the one before)
  int numeric_ = 0;
  int other_ = 0;
  bool firstIsOther_ = false;
  bool seenNumeric_ = false;
  bool mixed_ = false;
  int64_t lastOtherBeforeNumeric_ = -1;
};

}  // namespace openlim::procfs
