#pragma once
// Reads the host's /proc, /sys, /dev and utmp through an injectable root, so unit tests feed
// fixture trees (root "tests/unit/lim/fixtures/host1") and production uses root "/".

#include <dirent.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "load/procfs/dirents.h"
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
  // How many entries of a directory (/proc) are named only by digits (processes), counted from
  // getdents64 into a buffer kept between calls, the directory kept open: a sample costs no
  // open, no name copied and no allocation. On procfs a count reads from where the processes
  // begin (procfs::DirentTally), not the kernel's own files before them. nullopt when the
  // directory cannot be listed.
  std::optional<int> countNumericKept(const std::string& path);
  // atime of root + path in realtime seconds (tty idle time), nullopt when stat fails.
  std::optional<double> atime(const std::string& path) const;
  // root + path.
  std::string resolve(const std::string& path) const;
  // How many times readKept/listKept asked whether a kept file or directory was replaced
  // (an fstat). Only one on a real filesystem (a fixture tree) is asked: procfs and sysfs
  // never replace what a path names while it is open to us.
  uint64_t replacementChecks() const { return replacementChecks_; }
  // Directory entries countNumericKept read, numeric or not.
  uint64_t entriesCounted() const { return entriesCounted_; }
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
  struct KeptCount {
    int fd = -1;
    bool replaceable = true;
    int64_t resumeAt = 0;         // where the numeric entries begin (procfs), 0: from the start
    std::unique_ptr<char[]> buf;  // getdents64's; pages the kernel never fills stay unused
  };
  bool replaced(int fd, bool replaceable);
  // One listing of k from `offset`: its tally, nullopt when a call failed.
  static std::optional<procfs::DirentTally> listFrom(KeptCount& k, int64_t offset);

  std::string root_;  // without trailing '/'; "" for "/"
  std::map<std::string, Kept> kept_;
  std::map<std::string, KeptDir> keptDirs_;
  std::map<std::string, KeptCount> keptCounts_;
  uint64_t replacementChecks_ = 0;
  uint64_t entriesCounted_ = 0;
};

}  // namespace openlim::agent
