#include "key_file.h"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <string>

namespace openlim::shell {

namespace {

// A key is 64 hex digits; a file much larger than any key is not one (and is not read whole).
constexpr off_t kMaxKeyFileBytes = 64 * 1024;

class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

}  // namespace

Result<std::string> readKeyFile(const std::string& path) {
  // Opened first and checked through the open file: the reason of a failure is the system's
  // (a key file lsadmin's user may not read says "Permission denied"), and what is checked
  // is what is read.
  Fd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
  if (fd.get() < 0) {
    int e = errno;
    if (e == EISDIR) return Status(Code::kInvalid, path + ": key file is a directory, not a file");
    return Status(e == ENOENT ? Code::kNotFound : Code::kIo,
                  path + ": cannot read key file: " + std::strerror(e));
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0)
    return Status(Code::kIo, path + ": cannot read key file: " + std::strerror(errno));
  if (S_ISDIR(st.st_mode))
    return Status(Code::kInvalid, path + ": key file is a directory, not a file");
  if (!S_ISREG(st.st_mode))
    return Status(Code::kInvalid, path + ": key file is not a regular file");
  if ((st.st_mode & 077) != 0)
    return Status(Code::kDenied, path + ": key file is readable by group or others; chmod 600");
  if (st.st_size > kMaxKeyFileBytes)
    return Status(Code::kInvalid, path + ": key file is larger than " +
                                      std::to_string(kMaxKeyFileBytes) + " bytes; not a key");
  std::string key(static_cast<size_t>(st.st_size), '\0');
  size_t got = 0;
  while (got < key.size()) {
    ssize_t n = ::read(fd.get(), key.data() + got, key.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return Status(Code::kIo, path + ": cannot read key file: " + std::strerror(errno));
    if (n == 0) break;
    got += static_cast<size_t>(n);
  }
  key.resize(got);
  while (!key.empty() && std::isspace(static_cast<unsigned char>(key.back()))) key.pop_back();
  if (key.size() < kMinKeyBytes)
    return Status(Code::kInvalid, path + ": key too short (need at least 16 bytes)");
  return key;
}

Status writeNewKeyFile(const std::string& path) {
  unsigned char raw[32];
  // getrandom, not libcrypto's RAND_bytes: the commands link this file and start faster
  // without libcrypto. 32 bytes never block or come back short once the pool is ready.
  if (::getrandom(raw, sizeof raw, 0) != static_cast<ssize_t>(sizeof raw))
    return Status(Code::kInternal, std::string("getrandom failed: ") + std::strerror(errno));
  static const char* kHex = "0123456789abcdef";
  std::string hex;
  for (unsigned char c : raw) {
    hex.push_back(kHex[c >> 4]);
    hex.push_back(kHex[c & 15]);
  }
  hex.push_back('\n');
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0) return Status(Code::kIo, path + ": " + std::strerror(errno));
  ssize_t n = ::write(fd, hex.data(), hex.size());
  ::close(fd);
  if (n != static_cast<ssize_t>(hex.size())) return Status(Code::kIo, path + ": short write");
  return Status::ok();
}

}  // namespace openlim::shell
