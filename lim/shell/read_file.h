#pragma once
// A whole file into a string, for the commands (lsf.conf, the hosts file, snapshot files).

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "openlim/status.h"

namespace openlim::shell {

// The file's bytes, or why not as "path: reason" (the OS's words: "Is a directory").
Result<std::string> readFile(const std::string& path);

// A file mapped read-only: its bytes without copying or zeroing a buffer for them. A
// 10,000-host hosts file is ~250 KB, and a command looks up one or two names in it.
class MappedFile {
 public:
  // nullptr when the file cannot be read (errno says why); an empty file maps to empty text.
  static std::shared_ptr<const MappedFile> open(const std::string& path);
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();
  std::string_view text() const { return mapped_ ? std::string_view(mapped_, size_) : copy_; }

 private:
  MappedFile() = default;
  const char* mapped_ = nullptr;  // the mapping, or null when copy_ holds the bytes
  size_t size_ = 0;
  std::string copy_;  // a file that cannot be mapped (empty, a pipe) is read
};

}  // namespace openlim::shell
