#include "agent/proc_source.h"

#include <dirent.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/vfs.h>
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
    if (d.dir) ::closedir(d.dir);
  for (auto& [path, c] : keptCounts_)
    if (c.fd >= 0) ::close(c.fd);
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

// Whether `fd` is on a real filesystem, where the file a path names may be replaced (a fixture
// tree), rather than procfs or sysfs, where it never is while open.
bool replaceableFile(int fd) {
  struct statfs fs;
  if (::fstatfs(fd, &fs) != 0) return true;
  return fs.f_type != PROC_SUPER_MAGIC && fs.f_type != SYSFS_MAGIC;
}

}  // namespace

// A kept file unlinked (st_nlink 0) is opened again by path. Asked on a real filesystem only.
bool ProcSource::replaced(int fd, bool replaceable) {
  if (!replaceable) return false;
  ++replacementChecks_;
  struct stat st;
  return ::fstat(fd, &st) != 0 || st.st_nlink == 0;
}

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
  if (k.fd < 0 || replaced(k.fd, k.replaceable)) {
    if (k.fd >= 0) ::close(k.fd);
    auto fd = openFile(resolve(path));
    k.fd = fd ? *fd : -1;
    if (!fd) return fd.status();
    k.replaceable = replaceableFile(k.fd);
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
  KeptDir& d = keptDirs_[path];
  if (d.dir && replaced(::dirfd(d.dir), d.replaceable)) {
    ::closedir(d.dir);
    d.dir = nullptr;
  }
  if (!d.dir) {
    d.dir = ::opendir(resolve(path).c_str());
    if (!d.dir) return {};
    d.replaceable = replaceableFile(::dirfd(d.dir));
  }
  ::rewinddir(d.dir);
  return entriesOf(d.dir);
}

namespace {
constexpr size_t kDirentBuffer = 32 << 10;  // glibc's readdir buffer: /proc at one call
}  // namespace

std::optional<procfs::DirentTally> ProcSource::listFrom(KeptCount& k, int64_t offset) {
  if (::lseek(k.fd, offset, SEEK_SET) != offset) return std::nullopt;
  procfs::DirentTally tally(offset);
  for (;;) {
    const ssize_t n = ::getdents64(k.fd, k.buf.get(), kDirentBuffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return std::nullopt;
    if (n == 0) return tally;
    tally.add(k.buf.get(), static_cast<size_t>(n));
  }
}

std::optional<int> ProcSource::countNumericKept(const std::string& path) {
  KeptCount& k = keptCounts_[path];
  if (k.fd >= 0 && replaced(k.fd, k.replaceable)) {
    ::close(k.fd);
    k.fd = -1;
  }
  if (k.fd < 0) {
    k.fd = ::open(resolve(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (k.fd < 0) return std::nullopt;
    k.replaceable = replaceableFile(k.fd);
    k.resumeAt = 0;
    if (!k.buf) k.buf.reset(new char[kDirentBuffer]);
  }
  // From where the processes began last time, when that entry is still there (procfs keeps
  // its own files at fixed offsets before them); else the whole directory.
  if (k.resumeAt > 0) {
    auto t = listFrom(k, k.resumeAt);
    if (t) entriesCounted_ += static_cast<uint64_t>(t->numeric() + t->other());
    if (t && t->firstIsOther() && t->ordered()) return t->numeric();
  }
  auto t = listFrom(k, 0);
  if (!t) {  // opened again next time
    ::close(k.fd);
    k.fd = -1;
    return std::nullopt;
  }
  entriesCounted_ += static_cast<uint64_t>(t->numeric() + t->other());
  k.resumeAt = k.replaceable ? 0 : t->numericFrom();
  return t->numeric();
}

std::optional<double> ProcSource::atime(const std::string& path) const {
  struct stat st;
  if (::stat(resolve(path).c_str(), &st) != 0) return std::nullopt;
  return static_cast<double>(st.st_atim.tv_sec) + st.st_atim.tv_nsec * 1e-9;
}

}  // namespace openlim::agent
