#include "metrics_connection.h"

#include <netinet/in.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <limits>
#include <utility>

#include "format/prom_text.h"

namespace openlim::lim {

MetricsConnection::MetricsConnection(int fd, uint64_t id, std::string peer, double now,
                                     double requestSeconds)
    : fd(fd), id(id), peer(std::move(peer)), acceptedAt(now), deadline(now + requestSeconds) {}

MetricsConnection::~MetricsConnection() {
  if (fd >= 0) ::close(fd);
}

MetricsConnection::ReadResult MetricsConnection::read() {
  char chunk[4096];
  ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
  if (n < 0 && (errno == EAGAIN || errno == EINTR)) return {};
  if (n <= 0) return {ReadResult::Kind::kGone};
  using State = format::HttpHeadReader::State;
  State st = request_.append(std::string_view(chunk, static_cast<size_t>(n)));
  if (st == State::kNeedMore) return {};
  if (st == State::kRefused) return {ReadResult::Kind::kRouted, request_.refusal(), true};
  return {ReadResult::Kind::kRouted, format::metricsRoute(request_.head())};
}

void MetricsConnection::answer(int status, std::shared_ptr<const std::string> body, double now,
                               double replySeconds) {
  std::string_view type = status == 200 ? format::kPromContentType : "text/plain; charset=utf-8";
  if (!body) {
    std::string text = status == 404   ? "not found: only GET /metrics\n"
                       : status == 405 ? "only GET /metrics\n"
                                       : std::string(format::httpReason(status)) + "\n";
    body = std::make_shared<const std::string>(std::move(text));
  }
  head_ =
      format::httpResponseHead(status, type, body->size(), status == 405 ? "Allow: GET\r\n" : "");
  body_ = std::move(body);
  sent_ = 0;
  phase = Phase::kWriting;
  deadline = now + replySeconds;
  write();
}

void MetricsConnection::write() {
  const size_t total = head_.size() + body_->size();
  while (sent_ < total) {
    iovec iov[2];
    int cnt = 0;
    if (sent_ < head_.size()) iov[cnt++] = {head_.data() + sent_, head_.size() - sent_};
    size_t bodyFrom = sent_ > head_.size() ? sent_ - head_.size() : 0;
    iov[cnt++] = {const_cast<char*>(body_->data()) + bodyFrom, body_->size() - bodyFrom};
    msghdr msg{};
    msg.msg_iov = iov;
    msg.msg_iovlen = static_cast<size_t>(cnt);
    ssize_t n = ::sendmsg(fd, &msg, MSG_NOSIGNAL);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;  // full: POLLOUT says when
    if (n <= 0) return close();                                // the client went away
    sent_ += static_cast<size_t>(n);
  }
  ::shutdown(fd, SHUT_WR);  // the answer is whole: the client sees its end at once
  close();
}

void MetricsConnection::close() {
  phase = Phase::kClosed;
  body_.reset();
  deadline = std::numeric_limits<double>::infinity();
}

std::string peerKey(const sockaddr_storage& ss) {
  if (ss.ss_family == AF_INET) {
    const auto& a = reinterpret_cast<const sockaddr_in&>(ss).sin_addr;
    return std::string("4") + std::string(reinterpret_cast<const char*>(&a), sizeof a);
  }
  if (ss.ss_family == AF_INET6) {
    const auto& a = reinterpret_cast<const sockaddr_in6&>(ss).sin6_addr;
    return std::string("6") + std::string(reinterpret_cast<const char*>(&a), sizeof a);
  }
  return "?";
}

}  // namespace openlim::lim
