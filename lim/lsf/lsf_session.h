#pragma once
// What every call of LSF's C API (include/lsf/lsf.h) shares: the process's one client, built
// from the environment on first use, and the per-thread error number.

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "openlim/client.h"
#include "openlim/status.h"

namespace openlim::lsf {

// The process's client, or nullptr with lserrno set (LSE_LSFCONF: lsf.conf unreadable;
// LSE_BAD_ENV: a value in it is refused). A failed build is retried on the next call.
Client* session();
// Drops the client so that the next call reads the environment again (tests).
void resetSession();

// The cluster's load indices (format::loadIndexNames: li's order) as the process last
// learnt them, so that ls_load need not ask for the configuration on every call. ls_info
// notes what it read (`seenWith` empty: the next load reply's value names become the key);
// ls_load notes what it asked for with its load reply's value names. A load reply whose
// value names differ (a reconfiguration moved them) asks again. Because ls_info always
// notes its answer, ls_load gives as many indices as the latest ls_info's numIndx.
void noteLoadIndices(std::vector<std::string> indices, std::vector<std::string> seenWith);
std::optional<std::vector<std::string>> knownLoadIndices(const std::vector<std::string>& seenWith);
// The load indices last noted, whatever load reply they were seen with (ls_gethostinfo's
// busy thresholds); nullopt before any.
std::optional<std::vector<std::string>> lastLoadIndices();

// LSF's error number for a client Status: from its code and subcode, never its message.
int errorNumberOf(const Status& s);
// Sets lserrno for `s` and returns it; the text of the last error is kept for ls_sysmsg.
int fail(const Status& s);
int fail(int lse);

// Copies src into a fixed-size name field, cut to fit and always terminated.
inline void copyName(char* dst, size_t size, const std::string& src) {
  std::snprintf(dst, size, "%s", src.c_str());
}

// "" for a null C string.
inline std::string text(const char* s) {
  return s == nullptr ? std::string() : std::string(s);
}

}  // namespace openlim::lsf
