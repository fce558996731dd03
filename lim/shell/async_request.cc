#include "async_request.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace openlim::shell {

AsyncRequest::AsyncRequest(const std::string& numericAddress, uint16_t port, std::string frameBytes,
                           double deadline)
    : where_(numericAddress + ":" + std::to_string(port)),
      out_(std::move(frameBytes)),
      deadline_(deadline) {
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV;  // never a name service lookup
  addrinfo* res = nullptr;
  std::string service = std::to_string(port);
  if (::getaddrinfo(numericAddress.c_str(), service.c_str(), &hints, &res) != 0 || !res) {
    finish(Status(Code::kUnavailable, where_ + ": not a numeric address"));
    return;
  }
  fd_ = ::socket(res->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  int rc = fd_ < 0 ? -1 : ::connect(fd_, res->ai_addr, res->ai_addrlen);
  int err = errno;
  ::freeaddrinfo(res);
  if (fd_ < 0 || (rc != 0 && err != EINPROGRESS)) {
    finish(Status(Code::kUnavailable, where_ + ": " + std::strerror(err)));
    return;
  }
  int one = 1;
  ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  if (rc == 0) {
    connected_ = true;
    sendSome();
  }
}

AsyncRequest::~AsyncRequest() {
  if (fd_ >= 0) ::close(fd_);
}

short AsyncRequest::events() const {
  if (done_) return 0;
  return connected_ && sent_ == out_.size() ? POLLIN : POLLOUT;
}

bool AsyncRequest::onReady(short revents) {
  if (done_ || revents == 0) return done_;
  if (!connected_) {
    finishConnect();
  } else if (sent_ < out_.size()) {
    sendSome();
  } else {
    readSome();
  }
  return done_;
}

void AsyncRequest::expire() {
  if (!done_)
    finish(Status(Code::kUnavailable, where_ + (connected_ ? ": timed out waiting for reply"
                                                           : ": connection timed out")));
}

void AsyncRequest::finish(Result<std::string> r) {
  result_ = std::move(r);
  done_ = true;
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

void AsyncRequest::finishConnect() {
  int err = 0;
  socklen_t len = sizeof err;
  ::getsockopt(fd_, SOL_SOCKET, SO_ERROR, &err, &len);
  if (err != 0) return finish(Status(Code::kUnavailable, where_ + ": " + std::strerror(err)));
  connected_ = true;
  sendSome();
}

void AsyncRequest::sendSome() {
  while (sent_ < out_.size()) {
    ssize_t n = ::send(fd_, out_.data() + sent_, out_.size() - sent_, MSG_NOSIGNAL);
    if (n > 0) {
      sent_ += static_cast<size_t>(n);
    } else if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
      return;  // poll says when there is room
    } else {
      return finish(Status(Code::kUnavailable, where_ + ": connection closed while sending"));
    }
  }
}

void AsyncRequest::readSome() {
  char chunk[65536];
  for (;;) {
    ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
    if (n <= 0) return finish(Status(Code::kUnavailable, "connection closed by peer"));
    auto state = reader_.append(std::string_view(chunk, static_cast<size_t>(n)));
    if (state == protocol::FrameReader::State::kRefused)
      return finish(Status(Code::kInvalid, protocol::decodeErrorName(reader_.error())));
    if (state == protocol::FrameReader::State::kComplete) {
      protocol::Decoded d = reader_.decode(nullptr);
      if (!d.ok()) return finish(Status(Code::kInvalid, protocol::decodeErrorName(d.error)));
      if (d.frame.kind != protocol::Kind::kReply)
        return finish(Status(Code::kInvalid, "unexpected frame kind in reply"));
      return finish(std::move(d.frame.body));
    }
  }
}

}  // namespace openlim::shell
