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

namespace {

// An open descriptor of `full`, or why not (kNotFound when absent).
Result<int> openFile(const std::string& full) {
  int fd = ::open(full.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd >= 0) return fd;
  int e = errno;
  return Status(e == ENOENT ? Code::kNotFound : Code::kIo, full + ": " + std::strerror(e));
}

// Reads `fd` from offset 0 to EOF into `buf` (grown as needed, never shrunk); the bytes read.
// procfs files report st_size 0 and write their text anew for each read from the start.
Result<size_t> readFromStart(int fd, const std::string& full, std::string& buf) {
  if (buf.empty()) buf.resize(4096);
  size_t got = 0;
  for (;;) {
    if (got == buf.size()) buf.resize(buf.size() * 2);  // full: more may follow
    ssize_t n = ::pread(fd, buf.data() + got, buf.size() - got, static_cast<off_t>(got));
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) return got;
    if (n < 0) return Status(Code::kIo, full + ": " + std::strerror(errno));
    got += static_cast<size_t>(n);
    if (got > kMaxFile) return Status(Code::kIo, full + ": larger than 4 MB");
  }
}

}  // namespace

Result<std::string> ProcSource::read(const std::string& path) const {
  const std::string full = resolve(path);
  auto fd = openFile(full);
  if (!fd) return fd.status();
  std::string out;
  auto got = readFromStart(*fd, full, out);
  ::close(*fd);
  if (!got) return got.status();
  out.resize(*got);
  return out;
}

Result<std::string_view> ProcSource::readKept(const std::string& path) {
  Kept& k = kept_[path];
  struct stat st;
  if (k.fd < 0 || ::fstat(k.fd, &st) != 0 || st.st_nlink == 0) {
    if (k.fd >= 0) ::close(k.fd);
    auto fd = openFile(resolve(path));
    k.fd = fd ? *fd : -1;
    if (!fd) return fd.status();
  }
  auto got = readFromStart(k.fd, resolve(path), k.buf);
  if (!got) {  // opened again next time
    ::close(k.fd);
    k.fd = -1;
    return got.status();
  }
  return std::string_view(k.buf.data(), *got);
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
