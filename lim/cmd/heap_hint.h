#pragma once
// Prepares a command's heap for a reply, because on a virtual machine a page fault costs
// ~12 us, more than the parsing that touches the page (docs/commands.md, "The heap").
// - A big reply: a full `lsload`/`lshosts` of a 10,000-host cluster turns a 4-7 MB reply into
//   ~100 MB of small allocations, ~24,000 faults with 4 KiB pages (measured: 450 ms of a
//   510 ms lsload). Growing the heap once and asking for transparent huge pages there cuts
//   the faults ~10x.
// - Any other reply: the heap the parse will use is made resident in one
//   madvise(MADV_POPULATE_WRITE), ~2 us a page, instead of one fault per page (lsload -R
//   -n 16: ~40 pages).

#include <cstddef>
#include <cstdint>

namespace openlim::cmd {

inline constexpr size_t kBigReplyBytes = 1 << 20;

// For a reply of `bodyBytes`: a big one (>= kBigReplyBytes) keeps big blocks and freed memory
// on the heap, grows it once by a multiple of the reply and marks that range MADV_HUGEPAGE (at
// most once per process); a smaller one populates the heap it will need. A refusal by the
// kernel is harmless.
void prepareHeapForReply(size_t bodyBytes);

struct HeapRange {
  uintptr_t begin = 0;
  size_t bytes = 0;  // 0: nothing populated (the kernel refused, or nothing to do)
};

// Makes at least `bytes` of the heap's free top resident (growing the heap when its top is
// smaller), so the next allocations touch no new page. Returns the populated range.
HeapRange populateHeapTop(size_t bytes);

}  // namespace openlim::cmd
