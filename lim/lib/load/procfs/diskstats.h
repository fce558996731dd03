#pragma once
// /proc/diskstats: sectors read + written by the real disks (the io index and ndisks).
// Real disks: whole devices only. Partitions (sda1, nvme0n1p2, mmcblk0p1), and virtual
// devices whose I/O is already counted on a real disk or is not disk I/O at all (loop, ram,
// zram, dm-, md, nbd, sr, fd) are skipped, so stacked devices are not counted twice.

#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "openlim/status.h"

namespace openlim::procfs {

struct DiskTotals {
  uint64_t sectors = 0;   // read + written, 512-byte units, summed over real disks
  uint64_t requests = 0;  // reads + writes completed (NLB_IOREQS), summed the same way
  int disks = 0;          // how many real disks were counted
};

// True for loop*, ram*, zram*, dm-*, md*, nbd*, sr*, fd* (never a real disk).
bool isVirtualBlockDevice(std::string_view name);

// A digest of the device names /proc/diskstats lists, in their order (FNV-1a over each line's
// third field): it changes when a block device comes or goes, so the caller lists /sys/block
// for wholeDisks again only then.
uint64_t deviceNamesDigest(std::string_view text);

// wholeDisks: the names under /sys/block when the caller could list it (partitions are not
// there); nullptr to fall back to a name rule (a name that extends an earlier listed device
// name with digits, or "p" + digits, is a partition). Lines with too few fields are an error.
Result<DiskTotals> parseDiskstats(std::string_view text,
                                  const std::set<std::string>* wholeDisks = nullptr);

}  // namespace openlim::procfs
