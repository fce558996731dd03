#include "request_client.h"

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "clock.h"
#include "format/json.h"
#include "protocol/frame.h"

namespace openlim::shell {
namespace {

// Deadlines are monotonic seconds of the one clock (clock.h).
using Deadline = double;

// Closes the socket on every path out of requestJson.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

int msLeft(Deadline deadline) {
  const double left = (deadline - monotonicSeconds()) * 1000;
  return left > 0 ? static_cast<int>(left) : 0;
}

Deadline after(double seconds) {
  if (seconds < 0.001) seconds = 0.001;
  return monotonicSeconds() + seconds;
}

// Waits until fd is ready for `events` or the deadline passes.
bool waitFor(int fd, short events, Deadline deadline) {
  for (;;) {
    pollfd p{fd, events, 0};
    int r = ::poll(&p, 1, msLeft(deadline));
    if (r > 0) return true;
    if (r == 0 || errno != EINTR) return false;
  }
}

Status connectTo(Fd& s, const std::string& address, uint16_t port, double timeout) {
  std::string where = address + ":" + std::to_string(port);
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  // Numeric first (the hosts file gives addresses): no name service is loaded for them,
  // which matters in the statically linked commands.
  hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV;
  addrinfo* res = nullptr;
  std::string service = std::to_string(port);
  if (::getaddrinfo(address.c_str(), service.c_str(), &hints, &res) != 0 || !res) {
    hints.ai_flags = AI_NUMERICSERV;
    res = nullptr;
    if (::getaddrinfo(address.c_str(), service.c_str(), &hints, &res) != 0 || !res)
      return Status(Code::kUnavailable, where + ": cannot resolve address");
  }
  s.fd = ::socket(res->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  int rc = s.fd < 0 ? -1 : ::connect(s.fd, res->ai_addr, res->ai_addrlen);
  ::freeaddrinfo(res);
  if (s.fd < 0) return Status(Code::kUnavailable, where + ": socket: " + std::strerror(errno));
  if (rc != 0 && errno != EINPROGRESS)
    return Status(Code::kUnavailable, where + ": " + std::strerror(errno));
  if (rc != 0) {
    if (!waitFor(s.fd, POLLOUT, after(timeout)))
      return Status(Code::kUnavailable, where + ": connection timed out");
    int err = 0;
    socklen_t len = sizeof err;
    ::getsockopt(s.fd, SOL_SOCKET, SO_ERROR, &err, &len);
    if (err != 0) return Status(Code::kUnavailable, where + ": " + std::strerror(err));
  }
  int one = 1;
  ::setsockopt(s.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return Status::ok();
}

Status sendBytes(int fd, const std::string& bytes, Deadline deadline) {
  size_t sent = 0;
  while (sent < bytes.size()) {
    ssize_t n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n > 0) {
      sent += static_cast<size_t>(n);
    } else if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
      if (!waitFor(fd, POLLOUT, deadline)) return Status(Code::kUnavailable, "send timed out");
    } else {
      return Status(Code::kUnavailable, "connection closed while sending");
    }
  }
  return Status::ok();
}

// Appends exactly n bytes to out, or fails at the deadline.
Status readExactly(int fd, size_t n, std::string& out, Deadline deadline) {
  size_t start = out.size();
  out.resize(start + n);
  size_t got = 0;
  while (got < n) {
    ssize_t r = ::recv(fd, out.data() + start + got, n - got, 0);
    if (r > 0) {
      got += static_cast<size_t>(r);
    } else if (r < 0 && (errno == EAGAIN || errno == EINTR)) {
      if (!waitFor(fd, POLLIN, deadline))
        return Status(Code::kUnavailable, "timed out waiting for reply");
    } else {
      return Status(Code::kUnavailable, "connection closed by peer");
    }
  }
  return Status::ok();
}

Result<protocol::Frame> readReply(int fd, double timeout) {
  auto deadline = after(timeout);
  std::string buf;
  Status st = readExactly(fd, protocol::kHeaderSize, buf, deadline);
  if (!st) return st;
  protocol::DecodeError err;
  size_t total = protocol::frameSize(buf, protocol::kMaxTcpBody, &err);
  if (total == 0) return Status(Code::kInvalid, protocol::decodeErrorName(err));
  st = readExactly(fd, total - protocol::kHeaderSize, buf, deadline);
  if (!st) return st;
  protocol::Decoded d = protocol::decodeFrame(buf, protocol::kMaxTcpBody, nullptr, false);
  if (!d.ok()) return Status(Code::kInvalid, protocol::decodeErrorName(d.error));
  return std::move(d.frame);
}

// Sends one encoded request frame on the connected `fd` and returns the body of the reply
// frame that answers it.
Result<std::string> exchange(int fd, const std::string& frameBytes, const Timeouts& t) {
  Status st = sendBytes(fd, frameBytes, after(t.connect));
  if (!st) return st;
  auto reply = readReply(fd, t.recv);
  if (!reply) return reply.status();
  if (reply->kind != protocol::Kind::kReply)
    return Status(Code::kInvalid, "unexpected frame kind in reply");
  return std::move(reply->body);
}

}  // namespace

Signer makeSigner(std::string key, const std::string& prefix, protocol::MacFn mac) {
  char host[256] = {0};
  ::gethostname(host, sizeof host - 1);
  const uint64_t us = wallMicros();
  return Signer{std::move(key), prefix + "@" + host + ":" + std::to_string(::getpid()), us, 0,
                std::move(mac)};
}

std::string withSender(const std::string& json, const std::string& sender) {
  size_t brace = json.find('{');
  if (brace == std::string::npos) return json;
  bool empty = json.find_first_not_of(" \t\r\n", brace + 1) == json.find('}', brace + 1);
  std::string out = json.substr(0, brace + 1) + "\"sender\":";
  format::appendJsonQuoted(out, sender);
  return out + (empty ? "" : ",") + json.substr(brace + 1);
}

Status checkRequestSize(size_t bodyBytes) {
  if (bodyBytes <= protocol::kMaxRequestBody) return Status::ok();
  return Status(Code::kInvalid, Subcode::kRequestTooLarge,
                "request too large: " + std::to_string(bodyBytes) + " bytes, more than the " +
                    std::to_string(protocol::kMaxRequestBody) +
                    " a request may be (an argument is too long)");
}

Result<std::string> requestJson(const std::string& address, uint16_t port, const std::string& json,
                                Signer* signer, const Timeouts& t) {
  if (Status st = checkRequestSize(json.size()); !st) return st;  // before copying it
  protocol::Frame f{.kind = protocol::Kind::kRequest, .body = json};
  if (signer != nullptr) {
    if (!signer->mac) return Status(Code::kDenied, "no MAC function to sign the request with");
    f.isSigned = true;
    f.epoch = signer->epoch;
    f.seq = ++signer->seq;
    f.body = withSender(json, signer->sender);
    if (Status st = checkRequestSize(f.body.size()); !st) return st;
  }
  Fd s;
  Status st = connectTo(s, address, port, t.connect);
  if (!st) return st;
  return exchange(s.fd, protocol::encodeFrame(f, signer ? &signer->mac : nullptr), t);
}

Result<std::string> requestJsonLocal(const std::string& socketPath, const std::string& json,
                                     const Timeouts& t) {
  if (Status st = checkRequestSize(json.size()); !st) return st;
  sockaddr_un addr{};
  if (socketPath.size() >= sizeof addr.sun_path)
    return Status(Code::kUnavailable, socketPath + ": path too long");
  addr.sun_family = AF_UNIX;
  std::memcpy(addr.sun_path, socketPath.c_str(), socketPath.size() + 1);
  Fd s;
  s.fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (s.fd < 0) return Status(Code::kUnavailable, std::string("socket: ") + std::strerror(errno));
  if (::connect(s.fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0)
    return Status(Code::kUnavailable, socketPath + ": " + std::strerror(errno));
  ::fcntl(s.fd, F_SETFL, O_NONBLOCK);
  protocol::Frame f{.kind = protocol::Kind::kRequest, .body = json};
  return exchange(s.fd, protocol::encodeFrame(f, nullptr), t);
}

}  // namespace openlim::shell
