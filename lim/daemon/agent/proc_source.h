#pragma once
// Reads the host's /proc, /sys, /dev and utmp through an injectable root, so unit tests feed
// fixture trees (root "tests/unit/lim/fixtures/host1") and production uses root "/".

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "openlim/status.h"

namespace openlim::agent {

class ProcSource {
 public:
  explicit ProcSource(std::string root = "/");

  // Whole file at root + path (path is absolute, e.g. "/proc/stat"). Small files only
  // (procfs reports size 0, so this reads until EOF; at most 4 MB). kNotFound when absent.
  Result<std::string> read(const std::string& path) const;
  // Names of the entries of a directory (no "." / ".."); empty when it cannot be listed.
  std::vector<std::string> list(const std::string& path) const;
  // atime of root + path in realtime seconds (tty idle time), nullopt when stat fails.
  std::optional<double> atime(const std::string& path) const;
  // root + path.
  std::string resolve(const std::string& path) const;
  const std::string& root() const { return root_; }

 private:
  std::string root_;  // without trailing '/'; "" for "/"
};

}  // namespace openlim::agent
