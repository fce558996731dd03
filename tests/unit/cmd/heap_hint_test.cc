// prepareHeapForReply: a small reply leaves the heap alone; a big one grows it once and marks
// the new range for transparent huge pages (VmFlags "hg" in /proc/self/smaps).
#include <gtest/gtest.h>

#include <unistd.h>

#include <fstream>
#include <string>

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

TEST(HeapHint, OnlyABigReplyGrowsAndMarksTheHeap) {
  // One test, in this order: the hint acts at most once per process.
  ASSERT_FALSE(heapMarkedHugePage());
  void* before = sbrk(0);
  prepareHeapForReply(kBigReplyBytes - 1);
  EXPECT_EQ(sbrk(0), before);
  EXPECT_FALSE(heapMarkedHugePage());

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
