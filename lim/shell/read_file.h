#pragma once
// A whole file into a string, for the commands (lsf.conf, the hosts file, snapshot files).

#include <optional>
#include <string>

namespace openlim::shell {

// The file's bytes, or nullopt when it cannot be opened.
std::optional<std::string> readFile(const std::string& path);

}  // namespace openlim::shell
