#pragma once
// utmp records (/var/run/utmp): who is logged in (ls) and on which tty (it).
// Parses the glibc Linux record layout (384 bytes, <utmp.h> struct utmp) from raw bytes.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace openlim::procfs {

inline constexpr size_t kUtmpRecordSize = 384;

struct LoginEntry {
  std::string user;
  std::string line;  // tty name under /dev, e.g. "pts/3"
};

// USER_PROCESS entries with a non-empty user; other record types are skipped; a trailing
// partial record is ignored (the file may be rewritten while we read it).
std::vector<LoginEntry> parseUtmp(std::string_view bytes);

// Number of distinct users (the ls index).
int countDistinctUsers(const std::vector<LoginEntry>& entries);

// Builds one USER_PROCESS record (for tests and fixtures).
std::string makeUtmpRecord(int type, std::string_view user, std::string_view line);

}  // namespace openlim::procfs
