#pragma once
// Prepares a command's heap for a big reply. A full `lsload`/`lshosts` of a 10,000-host
// cluster turns a 4-7 MB reply into ~100 MB of small allocations (the parsed JSON, then the
// formatters' model); with 4 KiB pages that is ~24,000 page faults, which cost more than
// all the parsing on a virtual machine (measured: 450 ms of a 510 ms lsload). Growing the
// heap once and asking the kernel for transparent huge pages there cuts the faults ~10x.
// Small replies change nothing, so ordinary commands keep their 2-3 ms start.

#include <cstddef>

namespace openlim::cmd {

inline constexpr size_t kBigReplyBytes = 1 << 20;

// For a reply of `bodyBytes` (>= kBigReplyBytes; smaller ones are ignored): keeps big blocks
// and freed memory on the heap, grows it once by a multiple of the reply, and marks that
// range MADV_HUGEPAGE. Runs at most once per process; a refusal by the kernel is harmless.
void prepareHeapForReply(size_t bodyBytes);

}  // namespace openlim::cmd
