#include "agent/proc_source.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace openlim::agent {
namespace {
constexpr size_t kMaxFile = 4u << 20;
}

ProcSource::ProcSource(std::string root) : root_(std::move(root)) {
  while (!root_.empty() && root_.back() == '/') root_.pop_back();
}

ProcSource::~ProcSource() {
  for (auto& [path, k] : kept_)
    if (k.fd >= 0) ::close(k.fd);
  for (auto& [path, d] : keptDirs_)
    if (d) ::closedir(d);
}

std::string ProcSource::resolve(const std::string& path) const {
  return root_ + path;
}

// procfs files report st_size 0, so read until EOF with a fixed buffer.
Result<std::string> ProcSource::read(const std::string& path) const {
  std::string full = resolve(path);
  int fd = ::open(full.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    int e = errno;
    return Status(e == ENOENT ? Code::kNotFound : Code::kIo, full + ": " + std::strerror(e));
  }
  std::string out;
  char buf[16384];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int e = errno;
      ::close(fd);
      return Status(Code::kIo, full + ": " + std::strerror(e));
    }
    if (n == 0) break;
    out.append(buf, static_cast<size_t>(n));
    if (out.size() > kMaxFile) {
      ::close(fd);
      return Status(Code::kIo, full + ": larger than 4 MB");
    }
  }
  ::close(fd);
  return out;
}

Status ProcSource::reopen(const std::string& path, Kept& k) {
  if (k.fd >= 0) ::close(k.fd);
  const std::string full = resolve(path);
  k.fd = ::open(full.c_str(), O_RDONLY | O_CLOEXEC);
  if (k.fd >= 0) return Status::ok();
  int e = errno;
  return Status(e == ENOENT ? Code::kNotFound : Code::kIo, full + ": " + std::strerror(e));
}

Result<std::string_view> ProcSource::readKept(const std::string& path) {
  Kept& k = kept_[path];
  struct stat st;
  if (k.fd < 0 || ::fstat(k.fd, &st) != 0 || st.st_nlink == 0)
    if (Status opened = reopen(path, k); !opened) return opened;
  if (k.buf.empty()) k.buf.resize(4096);
  size_t got = 0;
  for (;;) {
    if (got == k.buf.size()) k.buf.resize(k.buf.size() * 2);  // full: more may follow
    ssize_t n = ::pread(k.fd, k.buf.data() + got, k.buf.size() - got, static_cast<off_t>(got));
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) break;
    if (n < 0 || got + static_cast<size_t>(n) > kMaxFile) {
      const std::string why = n < 0 ? std::strerror(errno) : "larger than 4 MB";
      ::close(k.fd);
      k.fd = -1;
      return Status(Code::kIo, resolve(path) + ": " + why);
    }
    got += static_cast<size_t>(n);
  }
  return std::string_view(k.buf.data(), got);
}

namespace {

std::vector<std::string> entriesOf(DIR* d) {
  std::vector<std::string> out;
  while (struct dirent* e = ::readdir(d)) {
    if (std::strcmp(e->d_name, ".") == 0 || std::strcmp(e->d_name, "..") == 0) continue;
    out.emplace_back(e->d_name);
  }
  return out;
}

}  // namespace

std::vector<std::string> ProcSource::list(const std::string& path) const {
  DIR* d = ::opendir(resolve(path).c_str());
  if (!d) return {};
  std::vector<std::string> out = entriesOf(d);
  ::closedir(d);
  return out;
}

std::vector<std::string> ProcSource::listKept(const std::string& path) {
  DIR*& d = keptDirs_[path];
  struct stat st;
  if (d && (::fstat(::dirfd(d), &st) != 0 || st.st_nlink == 0)) {
    ::closedir(d);
    d = nullptr;
  }
  if (!d) d = ::opendir(resolve(path).c_str());
  if (!d) return {};
  ::rewinddir(d);
  return entriesOf(d);
}

std::optional<double> ProcSource::atime(const std::string& path) const {
  struct stat st;
  if (::stat(resolve(path).c_str(), &st) != 0) return std::nullopt;
  return static_cast<double>(st.st_atim.tv_sec) + st.st_atim.tv_nsec * 1e-9;
}

}  // namespace openlim::agent
