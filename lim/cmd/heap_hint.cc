#include "heap_hint.h"

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>

namespace openlim::cmd {
namespace {

constexpr uintptr_t kHugePage = 2u << 20;
// The parsed reply and the model built from it take ~20-30x the reply's bytes.
constexpr size_t kHeapPerReplyByte = 32;
constexpr size_t kMaxPad = size_t{2} << 30;

}  // namespace

void prepareHeapForReply(size_t bodyBytes) {
  static bool done = false;
  if (done || bodyBytes < kBigReplyBytes) return;
  done = true;
  size_t pad = std::min(bodyBytes * kHeapPerReplyByte, kMaxPad);
  // Big blocks (the reply text itself) from the heap too, and nothing given back between
  // parsing and printing: both would fault the same memory in again.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, static_cast<int>(std::min(pad, size_t{1} << 30)));
  mallopt(M_TOP_PAD, static_cast<int>(std::min(pad, size_t{1} << 30)));
  auto before = reinterpret_cast<uintptr_t>(sbrk(0));
  // Larger than the heap's free top, so malloc grows the heap now, by this plus the pad
  // (volatile: the compiler may otherwise drop an unused malloc/free pair).
  void* volatile probe = std::malloc(1 << 20);
  auto after = reinterpret_cast<uintptr_t>(sbrk(0));
  std::free(probe);
  uintptr_t lo = (before + kHugePage - 1) & ~(kHugePage - 1);
  uintptr_t hi = after & ~(kHugePage - 1);
  if (hi > lo) madvise(reinterpret_cast<void*>(lo), hi - lo, MADV_HUGEPAGE);
}

}  // namespace openlim::cmd
