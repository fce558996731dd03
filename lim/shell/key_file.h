#pragma once
// The cluster key (LSF_AUTH_KEYFILE): the file's bytes with trailing whitespace removed.
// Refused when missing, unreadable, empty, or readable by group/others (the key signs admin
// requests; a world-readable key lets any user run lsadmin).

#include <string>

#include "openlim/status.h"

namespace openlim::shell {

inline constexpr size_t kMinKeyBytes = 16;

Result<std::string> readKeyFile(const std::string& path);

// Writes a fresh random key (hex of 32 random bytes) with mode 0600. For tests and setup.
Status writeNewKeyFile(const std::string& path);

}  // namespace openlim::shell
