#include "key_file.h"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace openlim::shell {

Result<std::string> readKeyFile(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    return Status(Code::kNotFound, path + ": cannot read key file: " + std::strerror(errno));
  if (S_ISDIR(st.st_mode))
    return Status(Code::kInvalid, path + ": key file is a directory, not a file");
  if (!S_ISREG(st.st_mode))
    return Status(Code::kInvalid, path + ": key file is not a regular file");
  if ((st.st_mode & 077) != 0)
    return Status(Code::kDenied, path + ": key file is readable by group or others; chmod 600");
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status(Code::kIo, path + ": cannot open key file");
  std::ostringstream ss;
  ss << in.rdbuf();
  std::string key = ss.str();
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
