#include "read_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace openlim::shell {

// One read of the file's size: a 10,000-host hosts file through an ifstream and a
// stringstream was copied several times, a noticeable part of a command's run.
Result<std::string> readFile(const std::string& path) {
  auto failure = [&](int err) { return Status(Code::kIo, path + ": " + std::strerror(err)); };
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return failure(errno);
  struct stat st {};
  std::string out;
  size_t size = ::fstat(fd, &st) == 0 && st.st_size > 0 ? static_cast<size_t>(st.st_size) : 0;
  size_t got = 0;
  for (;;) {  // straight into the string; grows only when the file grew meanwhile
    if (got == out.size()) out.resize(std::max(size, got) + 4096);
    ssize_t n = ::read(fd, out.data() + got, out.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {  // a directory opens, then fails here with EISDIR
      int err = errno;
      ::close(fd);
      return failure(err);
    }
    if (n == 0) break;
    got += static_cast<size_t>(n);
  }
  out.resize(got);
  ::close(fd);
  return out;
}

std::shared_ptr<const MappedFile> MappedFile::open(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return nullptr;
  std::shared_ptr<MappedFile> f(new MappedFile());
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    void* p = ::mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    if (p != MAP_FAILED) {
      f->mapped_ = static_cast<const char*>(p);
      f->size_ = static_cast<size_t>(st.st_size);
    }
  }
  ::close(fd);
  if (!f->mapped_) {
    errno = 0;
    auto text = readFile(path);
    if (!text) {
      if (errno == 0) errno = EIO;  // keep the reason readFile met for the caller
      return nullptr;
    }
    f->copy_ = std::move(*text);
  }
  return f;
}

MappedFile::~MappedFile() {
  if (mapped_) ::munmap(const_cast<char*>(mapped_), size_);
}

}  // namespace openlim::shell
