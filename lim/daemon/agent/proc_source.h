#pragma once
// Reads the host's /proc, /sys, /dev and utmp through an injectable root, so unit tests feed
// fixture trees (root "tests/unit/lim/fixtures/host1") and production uses root "/".

#include <dirent.h>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "openlim/status.h"

namespace openlim::agent {

class ProcSource {
 public:
  explicit ProcSource(std::string root = "/");
  ~ProcSource();
  ProcSource(const ProcSource&) = delete;
  ProcSource& operator=(const ProcSource&) = delete;

  // Whole file at root + path (path is absolute, e.g. "/proc/stat"). Small files only
  // (procfs reports size 0, so this reads until EOF; at most 4 MB). kNotFound when absent.
  Result<std::string> read(const std::string& path) const;
  // The same, for a file read at every sample: opened once and read again from offset 0 with
  // pread (procfs writes such a file anew for each read from its start) into a buffer kept
  // between calls, so a sample costs no open, close or allocation. The view is valid until
  // the next readKept() of this path. A kept file that was unlinked (a fixture tree; procfs
  // never unlinks) or failed to read is opened again next time.
  Result<std::string_view> readKept(const std::string& path);
  // Names of the entries of a directory (no "." / ".."); empty when it cannot be listed.
  std::vector<std::string> list(const std::string& path) const;
  // The same, for a directory listed at every sample (/proc, /sys/block): kept open and
  // rewound, so a sample costs no path walk, open or close. One that was removed (a fixture
  // tree) is opened again.
  std::vector<std::string> listKept(const std::string& path);
  // atime of root + path in realtime seconds (tty idle time), nullopt when stat fails.
  std::optional<double> atime(const std::string& path) const;
  // root + path.
  std::string resolve(const std::string& path) const;
  // How many times readKept/listKept asked whether a kept file or directory was replaced
  // (an fstat). Only one on a real filesystem (a fixture tree) is asked: procfs and sysfs
  // never replace what a path names while it is open to us.
  uint64_t replacementChecks() const { return replacementChecks_; }
  const std::string& root() const { return root_; }

 private:
  struct Kept {
    int fd = -1;
    bool replaceable = true;  // on a real filesystem, not procfs or sysfs
    std::string buf;          // grows to the file's size and stays
  };
  struct KeptDir {
    DIR* dir = nullptr;
    bool replaceable = true;
  };
  bool replaced(int fd, bool replaceable);

  std::string root_;  // without trailing '/'; "" for "/"
  std::map<std::string, Kept> kept_;
  std::map<std::string, KeptDir> keptDirs_;
  uint64_t replacementChecks_ = 0;
};

}  // namespace openlim::agent
