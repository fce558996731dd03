#include "load/procfs/dirents.h"

#include <dirent.h>

#include <cstring>
#include <string_view>

namespace openlim::procfs {
namespace {

// getdents64's record is glibc's struct dirent64 (d_ino, d_off, d_reclen, d_type, d_name);
// fields are copied out, the buffer need not be aligned.
template <typename T>
T field(const char* rec, size_t offset) {
  T v;
  std::memcpy(&v, rec + offset, sizeof v);
  return v;
}

bool allDigits(std::string_view name) {
  if (name.empty()) return false;
  for (char c : name)
    if (c < '0' || c > '9') return false;
  return true;
}

}  // namespace

void DirentTally::add(const char* buf, size_t bytes) {
  constexpr size_t kName = offsetof(struct dirent64, d_name);
  size_t at = 0;
  while (at + kName < bytes) {
    const char* rec = buf + at;
    const auto reclen = field<uint16_t>(rec, offsetof(struct dirent64, d_reclen));
    if (reclen <= kName || at + reclen > bytes) return;  // a broken record ends the buffer
    const std::string_view name(rec + kName, ::strnlen(rec + kName, reclen - kName));
    const bool first = numeric_ + other_ == 0;
    if (allDigits(name)) {
      ++numeric_;
      seenNumeric_ = true;
    } else {
      ++other_;
      firstIsOther_ = firstIsOther_ || first;
      if (seenNumeric_)
        mixed_ = true;
      else
        lastOtherBeforeNumeric_ = nextOffset_;
    }
    nextOffset_ = field<int64_t>(rec, offsetof(struct dirent64, d_off));
    at += reclen;
  }
}

int64_t DirentTally::numericFrom() const {
  return mixed_ || !seenNumeric_ || lastOtherBeforeNumeric_ < 0 ? 0 : lastOtherBeforeNumeric_;
}

}  // namespace openlim::procfs
