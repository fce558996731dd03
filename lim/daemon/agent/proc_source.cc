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

std::vector<std::string> ProcSource::list(const std::string& path) const {
  std::vector<std::string> out;
  DIR* d = ::opendir(resolve(path).c_str());
  if (!d) return out;
  while (struct dirent* e = ::readdir(d)) {
    if (std::strcmp(e->d_name, ".") == 0 || std::strcmp(e->d_name, "..") == 0) continue;
    out.emplace_back(e->d_name);
  }
  ::closedir(d);
  return out;
}

std::optional<double> ProcSource::atime(const std::string& path) const {
  struct stat st;
  if (::stat(resolve(path).c_str(), &st) != 0) return std::nullopt;
  return static_cast<double>(st.st_atim.tv_sec) + st.st_atim.tv_nsec * 1e-9;
}

}  // namespace openlim::agent
