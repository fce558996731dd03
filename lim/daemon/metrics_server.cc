#include "metrics_server.h"

#include "clock.h"

#include <Poco/Exception.h>
#include <Poco/Net/SocketAddress.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <limits>

#include "format/http_request.h"
#include "format/prom_text.h"
#include "lim_server.h"
#include "metrics_renderer.h"

namespace openlim::lim {

struct MetricsServer::Conn {
  int fd = -1;
  uint64_t id = 0;
  std::string peer;
  double acceptedAt = 0;
  double deadline = 0;
  enum class Phase { kReading, kRendering, kWriting, kClosed } phase = Phase::kReading;
  format::HttpHeadReader request;
  std::string head;                         // the answer's status line and header fields
  std::shared_ptr<const std::string> body;  // shared by the scrapes answered together
  size_t sent = 0;                          // bytes of head + body written
  ~Conn() {
    if (fd >= 0) ::close(fd);
  }
};

namespace {

// The peer's address without its port: the unit the per-peer bound counts.
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

}  // namespace

MetricsServer::MetricsServer(MetricsExchange& exchange) : exchange_(exchange) {}

MetricsServer::~MetricsServer() {
  stop_ = true;
  if (wakeFd_ >= 0) {
    uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(wakeFd_, &one, sizeof one);
  }
  if (thread_.joinable()) thread_.join();
  conns_.clear();
  renderer_.reset();  // waits for a body being written (at most the loop wait and the text)
  if (wakeFd_ >= 0) ::close(wakeFd_);
}

Status MetricsServer::start(const std::string& host, uint16_t port) {
  try {
    Poco::Net::SocketAddress addr(host, port);
    socket_.bind(addr, true, false);
    socket_.listen(64);
    socket_.setBlocking(false);
  } catch (const Poco::Exception& e) {
    return Status(Code::kUnavailable,
                  "metrics " + host + ":" + std::to_string(port) + ": " + e.displayText());
  }
  wakeFd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (wakeFd_ < 0) return Status(Code::kUnavailable, "metrics: eventfd failed");
  renderer_ = std::make_unique<MetricsRenderer>(exchange_, kLoopWaitSeconds, wakeFd_);
  thread_ = std::thread([this] { run(); });
  return Status::ok();
}

uint16_t MetricsServer::port() const {
  return socket_.address().port();
}

double MetricsServer::nextDeadline() const {
  double next = std::numeric_limits<double>::infinity();
  for (const auto& c : conns_) next = std::min(next, c->deadline);
  if (acceptPausedUntil_ > 0) next = std::min(next, acceptPausedUntil_);
  return next;
}

void MetricsServer::run() {
  std::vector<pollfd> fds;
  while (!stop_) {
    double now = shell::monotonicSeconds();
    for (auto& c : conns_)
      if (c->phase != Conn::Phase::kClosed && now >= c->deadline) {
        ++counters_.cutOff;
        close(*c);
      }
    std::erase_if(conns_, [](const auto& c) { return c->phase == Conn::Phase::kClosed; });
    if (acceptPausedUntil_ <= now) acceptPausedUntil_ = 0;
    fds.clear();
    fds.push_back({wakeFd_, POLLIN, 0});
    fds.push_back({acceptPausedUntil_ > 0 ? -1 : socket_.impl()->sockfd(), POLLIN, 0});
    for (const auto& c : conns_) {
      short ev = c->phase == Conn::Phase::kReading   ? POLLIN
                 : c->phase == Conn::Phase::kWriting ? POLLOUT
                                                     : 0;  // rendering: only errors matter
      fds.push_back({c->fd, ev, 0});
    }
    double wait = nextDeadline() - now;
    int timeout = std::isinf(wait) ? -1 : static_cast<int>(std::ceil(std::max(wait, 0.0) * 1e3));
    if (::poll(fds.data(), fds.size(), timeout) < 0 && errno != EINTR) return;
    now = shell::monotonicSeconds();
    if (fds[0].revents & POLLIN) {
      uint64_t n;
      [[maybe_unused]] ssize_t r = ::read(wakeFd_, &n, sizeof n);
      if (stop_) return;
      onRendered(now);
    }
    for (size_t i = 2; i < fds.size(); ++i) {
      Conn& c = *conns_[i - 2];
      short re = fds[i].revents;
      if (re == 0) continue;
      if (c.phase == Conn::Phase::kReading)
        onReadable(c, now);
      else if (c.phase == Conn::Phase::kWriting)
        onWritable(c, now);
      else if (c.phase == Conn::Phase::kRendering && (re & (POLLHUP | POLLERR)))
        close(c);
    }
    if (fds[1].revents & POLLIN) onAccept(now);
  }
}

// Takes the pending connections, each pushing out an old one if the bounds say so.
void MetricsServer::onAccept(double now) {
  std::vector<protocol::PeerConnView> views;
  std::vector<Conn*> open;
  for (int i = 0; i < 64; ++i) {
    sockaddr_storage ss{};
    socklen_t len = sizeof ss;
    int fd = ::accept4(socket_.impl()->sockfd(), reinterpret_cast<sockaddr*>(&ss), &len,
                       SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EMFILE || errno == ENFILE) acceptPausedUntil_ = now + 1;
      return;  // EAGAIN: no more pending
    }
    auto c = std::make_unique<Conn>();
    c->fd = fd;
    c->id = nextId_++;
    c->peer = peerKey(ss);
    c->acceptedAt = now;
    c->deadline = now + kRequestSeconds;
    views.clear();
    open.clear();
    for (auto& o : conns_) {
      if (o->phase == Conn::Phase::kClosed) continue;
      views.push_back({o->peer, o->phase == Conn::Phase::kReading, o->acceptedAt});
      open.push_back(o.get());
    }
    if (auto victim = protocol::admissionVictim(views, c->peer, kLimits)) {
      ++counters_.evicted;
      close(*open[*victim]);
    }
    conns_.push_back(std::move(c));
    onReadable(*conns_.back(), now);  // the request often came with the connection
  }
}

void MetricsServer::onReadable(Conn& c, double now) {
  char chunk[4096];
  ssize_t n = ::recv(c.fd, chunk, sizeof chunk, 0);
  if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
  if (n <= 0) return close(c);
  using State = format::HttpHeadReader::State;
  State st = c.request.append(std::string_view(chunk, static_cast<size_t>(n)));
  if (st == State::kNeedMore) return;
  if (st == State::kRefused) {
    ++counters_.badRequest;
    return answer(c, c.request.refusal(), nullptr, now);
  }
  int status = format::metricsRoute(c.request.head());
  if (status == 404) ++counters_.notFound;
  if (status == 405) ++counters_.badMethod;
  if (status != 200) return answer(c, status, nullptr, now);
  ++counters_.scrapes;
  c.phase = Conn::Phase::kRendering;
  c.deadline = now + kReplySeconds;
  renderer_->request(c.id);
}

void MetricsServer::onRendered(double now) {
  for (auto& r : renderer_->takeDone())
    for (uint64_t id : r.ids)
      for (auto& c : conns_)
        if (c->id == id && c->phase == Conn::Phase::kRendering) answer(*c, 200, r.body, now);
}

// Starts writing the answer: the body given (a scrape), or a one-line text for the others.
void MetricsServer::answer(Conn& c, int status, std::shared_ptr<const std::string> body,
                           double now) {
  std::string_view type = status == 200 ? format::kPromContentType : "text/plain; charset=utf-8";
  if (!body) {
    std::string text = status == 404   ? "not found: only GET /metrics\n"
                       : status == 405 ? "only GET /metrics\n"
                                       : std::string(format::httpReason(status)) + "\n";
    body = std::make_shared<const std::string>(std::move(text));
  }
  c.head =
      format::httpResponseHead(status, type, body->size(), status == 405 ? "Allow: GET\r\n" : "");
  c.body = std::move(body);
  c.sent = 0;
  c.phase = Conn::Phase::kWriting;
  c.deadline = now + kReplySeconds;
  onWritable(c, now);
}

void MetricsServer::onWritable(Conn& c, double /*now*/) {
  const size_t total = c.head.size() + c.body->size();
  while (c.sent < total) {
    iovec iov[2];
    int cnt = 0;
    if (c.sent < c.head.size()) iov[cnt++] = {c.head.data() + c.sent, c.head.size() - c.sent};
    size_t bodyFrom = c.sent > c.head.size() ? c.sent - c.head.size() : 0;
    iov[cnt++] = {const_cast<char*>(c.body->data()) + bodyFrom, c.body->size() - bodyFrom};
    msghdr msg{};
    msg.msg_iov = iov;
    msg.msg_iovlen = static_cast<size_t>(cnt);
    ssize_t n = ::sendmsg(c.fd, &msg, MSG_NOSIGNAL);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;  // full: poll says when
    if (n <= 0) return close(c);                               // the client went away
    c.sent += static_cast<size_t>(n);
  }
  ::shutdown(c.fd, SHUT_WR);  // the answer is whole: the client sees its end at once
  close(c);
}

// Marks the connection closed; its socket is closed when the entry is erased, at the end
// of this turn (the poll table still refers to it until then).
void MetricsServer::close(Conn& c) {
  c.phase = Conn::Phase::kClosed;
  c.body.reset();
  c.deadline = std::numeric_limits<double>::infinity();
}

}  // namespace openlim::lim
