#include "heap_hint.h"

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23  // Linux 5.14; older kernels answer EINVAL (harmless)
#endif

namespace openlim::cmd {
namespace {

constexpr uintptr_t kHugePage = 2u << 20;
constexpr uintptr_t kPage = 4096;
// The parsed reply and the model built from it take ~20-30x the reply's bytes.
constexpr size_t kHeapPerReplyByte = 32;
constexpr size_t kMaxPad = size_t{2} << 30;

uintptr_t breakNow() {
  return reinterpret_cast<uintptr_t>(sbrk(0));
}

// The top chunk of the main arena ends at the break; keepcost is its size.
uintptr_t topChunkStart() {
  return breakNow() - mallinfo2().keepcost;
}

// Grows the heap when its free top is under `bytes`, in one step and from the heap (not mmap),
// and keeps what it grew after the probe is freed.
void ensureTop(size_t bytes) {
  size_t top = mallinfo2().keepcost;
  if (top >= bytes) return;
  int keep = static_cast<int>(std::min(bytes * 2 + (1 << 20), size_t{1} << 30));
  mallopt(M_MMAP_THRESHOLD, std::max(keep, 128 << 10));
  mallopt(M_TRIM_THRESHOLD, keep);
  // volatile: the compiler may otherwise drop an unused malloc/free pair.
  void* volatile probe = std::malloc(bytes - top + kPage);
  std::free(probe);
}

void prepareHeapForBigReply(size_t bodyBytes) {
  static bool done = false;
  if (done) return;
  done = true;
  size_t pad = std::min(bodyBytes * kHeapPerReplyByte, kMaxPad);
  ensureTop(pad);
  // Big blocks (the reply text itself) from the heap too, nothing given back between parsing
  // and printing (both would fault the same memory in again), and any later growth as big.
  int keep = static_cast<int>(std::min(pad, size_t{1} << 30));
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, keep);
  mallopt(M_TOP_PAD, keep);
  uintptr_t lo = (topChunkStart() + kHugePage - 1) & ~(kHugePage - 1);
  uintptr_t hi = breakNow() & ~(kHugePage - 1);
  if (hi > lo) madvise(reinterpret_cast<void*>(lo), hi - lo, MADV_HUGEPAGE);
}

}  // namespace

HeapRange populateHeapTop(size_t bytes) {
  if (bytes == 0) return {};
  ensureTop(bytes);
  uintptr_t begin = topChunkStart() & ~(kPage - 1);
  uintptr_t end = std::min((topChunkStart() + bytes + kPage - 1) & ~(kPage - 1), breakNow());
  if (end <= begin ||
      madvise(reinterpret_cast<void*>(begin), end - begin, MADV_POPULATE_WRITE) != 0)
    return {};
  return {begin, end - begin};
}

void prepareHeapForReply(size_t bodyBytes) {
  if (bodyBytes >= kBigReplyBytes)
    prepareHeapForBigReply(bodyBytes);
  else
    populateHeapTop(bodyBytes * kHeapPerReplyByte);
}

}  // namespace openlim::cmd
