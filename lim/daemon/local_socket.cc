// The lim's local socket (docs/reservations.md): a Unix stream socket in LSF_STATEDIR that
// the commands use for reservation requests. The kernel tells who is calling (SO_PEERCRED):
// that user, not one the request names, is the reservation's caller.
#include <Poco/Net/StreamSocketImpl.h>
#include <pwd.h>
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
namespace {

// The user name of `uid` (local files or NSS; a uid without a name is "#<uid>").
std::string userName(uid_t uid) {
  passwd pw{};
  passwd* found = nullptr;
  char buf[4096];
  if (::getpwuid_r(uid, &pw, buf, sizeof buf, &found) == 0 && found) return found->pw_name;
  return "#" + std::to_string(uid);
}

}  // namespace

Status LimServer::bindLocal() {
  stateDir_ = reserve::stateDir(config_->lsf);
  std::string path = reserve::socketPath(stateDir_, opts_.host);
  sockaddr_un addr{};
  if (path.size() >= sizeof addr.sun_path) return Status(Code::kInvalid, path + ": path too long");
  ::mkdir(stateDir_.c_str(), 0755);
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

// Connections taken per loop turn: every reservation change they make in the turn shares
// one journal fdatasync (group commit), so the more a turn takes, the more a sync carries
// (64 capped durable pairs at about 64 per sync); still bounded so TCP queries get turns.
constexpr int kLocalAcceptsPerTurn = 256;

void LimServer::onLocalAccept(double now) {
  for (int i = 0; i < kLocalAcceptsPerTurn; ++i) {
    if (conns_.size() >= connLimits_.maxConnections && !makeRoomForConnection()) {
      acceptPausedUntil_ = now + 1;
      return;
    }
    int fd = ::accept4(localFd_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return;
    ucred cred{};
    socklen_t len = sizeof cred;
    if (::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) {
      ::close(fd);
      continue;
    }
    auto c = std::make_unique<Conn>();
    c->sock = Poco::Net::StreamSocket(new Poco::Net::StreamSocketImpl(fd));
    c->id = nextConnId_++;
    c->acceptedAt = now;
    c->deadline = now + connLimits_.requestSeconds;
    c->local = true;
    c->user = userName(cred.uid);
    conns_.push_back(std::move(c));
    onConnReadable(*conns_.back(), now);
  }
}

}  // namespace openlim::lim
