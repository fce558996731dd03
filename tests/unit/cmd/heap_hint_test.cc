// prepareHeapForReply / populateHeapTop: a small reply makes the heap it needs resident and
// marks nothing; a big one grows the heap once and marks the new range for transparent huge
// pages (VmFlags "hg" in /proc/self/smaps).
#include <gtest/gtest.h>

#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "heap_hint.h"

namespace openlim::cmd {
namespace {

// Whether some part of [heap] carries the MADV_HUGEPAGE flag.
bool heapMarkedHugePage() {
  std::ifstream smaps("/proc/self/smaps");
  bool inHeap = false;
  for (std::string line; std::getline(smaps, line);) {
    if (line.find(" rw-p ") != std::string::npos || line.find(" r--p ") != std::string::npos ||
        line.find(" r-xp ") != std::string::npos || line.find(" ---p ") != std::string::npos)
      inHeap = line.find("[heap]") != std::string::npos;
    if (inHeap && line.rfind("VmFlags:", 0) == 0 && line.find(" hg") != std::string::npos)
      return true;
  }
  return false;
}

// Pages of [begin, begin + bytes) that are resident.
size_t residentPages(uintptr_t begin, size_t bytes) {
  std::vector<unsigned char> in((bytes + 4095) / 4096);
  if (mincore(reinterpret_cast<void*>(begin), bytes, in.data()) != 0) return 0;
  size_t n = 0;
  for (unsigned char c : in) n += c & 1;
  return n;
}

// One test, in this order: the big-reply hint acts at most once per process.
TEST(HeapHint, SmallRepliesPopulateTheHeapABigOneGrowsAndMarksItOnce) {
  ASSERT_FALSE(heapMarkedHugePage());

  // A 300 KiB need is more than the heap's free top at start: the heap grows, and every
  // page of the range is resident before anything touches it.
  HeapRange r = populateHeapTop(300 << 10);
  ASSERT_GE(r.bytes, size_t{300 << 10});
  EXPECT_LE(r.begin + r.bytes, reinterpret_cast<uintptr_t>(sbrk(0)));
  EXPECT_EQ(residentPages(r.begin, r.bytes), r.bytes / 4096);
  // The populated range is where the next allocations come from.
  void* p = std::malloc(100 << 10);
  auto at = reinterpret_cast<uintptr_t>(p);
  EXPECT_GE(at, r.begin);
  EXPECT_LT(at, r.begin + r.bytes);
  std::free(p);
  EXPECT_EQ(populateHeapTop(0).bytes, 0u);

  prepareHeapForReply(kBigReplyBytes / 16);  // small: populated, not marked
  EXPECT_FALSE(heapMarkedHugePage());

  void* before = sbrk(0);
  prepareHeapForReply(8 * kBigReplyBytes);
  auto grown = static_cast<char*>(sbrk(0)) - static_cast<char*>(before);
  EXPECT_GE(grown, static_cast<long>(8 * kBigReplyBytes));  // the pad, at least the reply
  // A kernel built without transparent huge pages refuses the advice (harmless).
  if (std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled").good()) {
    EXPECT_TRUE(heapMarkedHugePage());
  }

  void* after = sbrk(0);
  prepareHeapForReply(64 * kBigReplyBytes);  // a second big reply: no second growth
  EXPECT_EQ(sbrk(0), after);
}

}  // namespace
}  // namespace openlim::cmd
