#include "load/procfs/utmp.h"

#include <cstdint>
#include <cstring>
#include <set>

namespace openlim::procfs {
namespace {

// glibc struct utmp on Linux (all architectures with 32-bit time fields in utmp):
// ut_type int16 @0, ut_pid int32 @4, ut_line char[32] @8, ut_id char[4] @40,
// ut_user char[32] @44, ut_host char[256] @76, ... 384 bytes in all.
constexpr size_t kTypeOff = 0, kLineOff = 8, kUserOff = 44, kFieldLen = 32;
constexpr int16_t kUserProcess = 7;

std::string fixedString(const char* p, size_t n) {
  size_t len = 0;
  while (len < n && p[len] != '\0') ++len;
  return std::string(p, len);
}

}  // namespace

std::vector<LoginEntry> parseUtmp(std::string_view bytes) {
  std::vector<LoginEntry> out;
  for (size_t off = 0; off + kUtmpRecordSize <= bytes.size(); off += kUtmpRecordSize) {
    const char* rec = bytes.data() + off;
    int16_t type;
    std::memcpy(&type, rec + kTypeOff, sizeof type);
    if (type != kUserProcess) continue;
    LoginEntry e{fixedString(rec + kUserOff, kFieldLen), fixedString(rec + kLineOff, kFieldLen)};
    if (!e.user.empty()) out.push_back(std::move(e));
  }
  return out;
}

int countDistinctUsers(const std::vector<LoginEntry>& entries) {
  std::set<std::string> users;
  for (const auto& e : entries) users.insert(e.user);
  return static_cast<int>(users.size());
}

std::string makeUtmpRecord(int type, std::string_view user, std::string_view line) {
  std::string rec(kUtmpRecordSize, '\0');
  auto t = static_cast<int16_t>(type);
  std::memcpy(rec.data() + kTypeOff, &t, sizeof t);
  std::memcpy(rec.data() + kUserOff, user.data(), std::min(user.size(), kFieldLen));
  std::memcpy(rec.data() + kLineOff, line.data(), std::min(line.size(), kFieldLen));
  return rec;
}

}  // namespace openlim::procfs
