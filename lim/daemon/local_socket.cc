// The lim's local socket (docs/reservations.md): a Unix stream socket in LSF_STATEDIR that
// the commands use for reservation requests. The kernel tells who is calling (SO_PEERCRED,
// read by connections.cc): that user, not one the request names, is the reservation's
// caller.
#include <spdlog/spdlog.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "lim_server.h"
#include "reserve/paths.h"

namespace openlim::lim {

Status LimServer::bindLocal() {
  const std::string dir = reserve::stateDir(config_->lsf);
  std::string path = reserve::socketPath(dir, opts_.host);
  sockaddr_un addr{};
  if (path.size() >= sizeof addr.sun_path) return Status(Code::kInvalid, path + ": path too long");
  ::mkdir(dir.c_str(), 0755);
  int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return Status(Code::kIo, std::string("socket: ") + std::strerror(errno));
  addr.sun_family = AF_UNIX;
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  ::unlink(path.c_str());  // a previous lim's (this host's TCP port is ours, so it is gone)
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      ::chmod(path.c_str(), 0666) != 0 || ::listen(fd, 1024) != 0) {
    Status st(Code::kIo, path + ": " + std::strerror(errno));
    ::close(fd);
    return st;
  }
  localFd_ = fd;
  spdlog::info("reservations: local socket {}", path);
  return Status::ok();
}

}  // namespace openlim::lim
