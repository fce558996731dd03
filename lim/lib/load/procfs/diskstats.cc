#include "load/procfs/diskstats.h"

#include <algorithm>
#include <vector>

#include "load/procfs/text_util.h"

namespace openlim::procfs {
namespace {

bool startsWith(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

bool allDigits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// sda1 extends sda; nvme0n1p2 / mmcblk0p1 extend nvme0n1 / mmcblk0 with "p" + digits.
bool extendsAsPartition(std::string_view name, std::string_view disk) {
  if (name.size() <= disk.size() || !startsWith(name, disk)) return false;
  std::string_view rest = name.substr(disk.size());
  if (allDigits(rest)) return disk.back() < '0' || disk.back() > '9';
  return rest[0] == 'p' && allDigits(rest.substr(1));
}

// The third blank-separated field of a line (a diskstats device name), without splitting it.
std::string_view thirdField(std::string_view line) {
  for (int i = 0; i < 2; ++i) {
    line = trim(line);
    line.remove_prefix(std::min(line.find_first_of(" \t"), line.size()));
  }
  line = trim(line);
  return line.substr(0, line.find_first_of(" \t"));
}

}  // namespace

bool isVirtualBlockDevice(std::string_view name) {
  static constexpr std::string_view kPrefixes[] = {"loop", "ram", "zram", "dm-",
                                                   "md",   "nbd", "sr",   "fd"};
  for (auto p : kPrefixes)
    if (startsWith(name, p)) return true;
  return false;
}

uint64_t deviceNamesDigest(std::string_view text) {
  uint64_t h = 14695981039346656037ull;  // FNV-1a 64
  auto mix = [&h](unsigned char c) { h = (h ^ c) * 1099511628211ull; };
  forEachLine(text, [&](std::string_view line) {
    for (char c : thirdField(line)) mix(static_cast<unsigned char>(c));
    mix('\n');  // "ab" "c" differs from "a" "bc"
    return true;
  });
  return h;
}

// Fields: major minor name reads merged sectors_read ms writes merged sectors_written ...
// (11+ fields since 2.6.25; older kernels list partitions with 4 counters: skipped).
Result<DiskTotals> parseDiskstats(std::string_view text, const std::set<std::string>* wholeDisks) {
  DiskTotals out;
  std::vector<std::string> seen;
  Status err;
  forEachLine(text, [&](std::string_view line) {
    auto f = splitFields(line);
    if (f.empty()) return true;
    if (f.size() < 7) {
      err = Status(Code::kInvalid, "/proc/diskstats: short line <" + std::string(line) + ">");
      return false;
    }
    std::string name(f[2]);
    if (f.size() < 10 || isVirtualBlockDevice(name)) return true;
    if (wholeDisks) {
      std::string sysName = name;
      for (char& c : sysName)
        if (c == '/') c = '!';
      if (!wholeDisks->count(sysName)) return true;
    } else {
      for (const auto& d : seen)
        if (extendsAsPartition(name, d)) return true;
      seen.push_back(name);
    }
    auto rd = toCounter(f[5]), wr = toCounter(f[9]);
    if (!rd || !wr) {
      err = Status(Code::kInvalid, "/proc/diskstats: bad sector count for " + name);
      return false;
    }
    auto reads = toCounter(f[3]), writes = toCounter(f[7]);
    if (!reads || !writes) {
      err = Status(Code::kInvalid, "/proc/diskstats: bad request count for " + name);
      return false;
    }
    out.sectors += *rd + *wr;
    out.requests += *reads + *writes;
    ++out.disks;
    return true;
  });
  if (!err.isOk()) return err;
  return out;
}

}  // namespace openlim::procfs
