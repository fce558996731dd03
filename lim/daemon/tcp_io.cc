// LimServer's TCP side, never blocking: non-blocking accept, the request assembled as its
// bytes arrive (protocol::FrameReader), and the reply encoded once and written as the
// client's socket accepts it (on POLLOUT), so a client that reads a big reply slowly holds
// up nobody else. Deadlines, limits and the output buffer are protocol/conn_policy.h.
#include <Poco/Net/StreamSocketImpl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include <cerrno>
#include <limits>

#include "json_util.h"
#include "lim_server.h"

namespace openlim::lim {

// The listener defers accept until a request's first bytes are in (TCP_DEFER_ACCEPT), so
// the usual connection is accepted and answered in one loop turn: one wake-up of the lim
// instead of two, and no C++ exception for the EAGAIN that ends the accept burst.
void LimServer::onTcpAccept(double now) {
  for (int i = 0; i < 64; ++i) {
    if (conns_.size() >= connLimits_.maxConnections && !makeRoomForConnection()) {
      acceptPausedUntil_ = now + 1;  // every one is being answered: the rest wait in the queue
      return;
    }
    int fd = ::accept4(tcp_.impl()->sockfd(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      // Out of descriptors: close an idle connection for the next turn, or stop polling the
      // listener until one closes (a readable listener would spin the loop).
      if (errno == EMFILE || errno == ENFILE) {
        evictIdleConnection();
        acceptPausedUntil_ = now + 1;  // until a connection closes (that one, or another)
      }
      return;  // EAGAIN: no more pending (or the peer gave up already)
    }
    // The reply goes out in one piece as soon as it is built: no Nagle wait for an ACK
    // (the client's delayed ACK would add up to 40 ms to a reply's last segment).
    int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    auto c = std::make_unique<Conn>();
    c->sock = Poco::Net::StreamSocket(new Poco::Net::StreamSocketImpl(fd));
    c->id = nextConnId_++;
    c->acceptedAt = now;
    c->deadline = now + connLimits_.requestSeconds;
    conns_.push_back(std::move(c));
    onConnReadable(*conns_.back(), now);
  }
}

// With the table full: room for one more, closing an idle connection if need be (closed
// ones are erased at the end of this loop turn and leave room then).
bool LimServer::makeRoomForConnection() {
  size_t open = 0;
  for (const auto& c : conns_) open += c->phase != Conn::Phase::kClosed;
  return open < connLimits_.maxConnections || evictIdleConnection();
}

// Closes the connection that has waited longest for its request, if any.
bool LimServer::evictIdleConnection() {
  std::vector<protocol::ConnView> views;
  views.reserve(conns_.size());
  for (const auto& c : conns_) views.push_back({c->phase == Conn::Phase::kReading, c->acceptedAt});
  auto victim = protocol::evictionCandidate(views);
  if (!victim) return false;
  ++counters_.conns_evicted;
  closeConn(*conns_[*victim]);
  return true;
}

LimServer::Conn* LimServer::findConn(uint64_t id) {
  for (auto& c : conns_)
    if (c->id == id && c->phase != Conn::Phase::kClosed) return c.get();
  return nullptr;
}

void LimServer::closeConn(Conn& c) {
  bufferedBytes_ -= c.out.remaining();
  c.out.assign({}, {});
  c.phase = Conn::Phase::kClosed;
  c.deadline = 0;  // erased (and the socket closed) at the end of this loop turn
}

void LimServer::onConnReadable(Conn& c, double now) {
  char chunk[65536];
  ssize_t n = ::recv(c.sock.impl()->sockfd(), chunk, sizeof chunk, 0);
  if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;  // not in yet: poll says when
  if (n <= 0) return closeConn(c);
  using State = protocol::FrameReader::State;
  State st = c.request.append(std::string_view(chunk, static_cast<size_t>(n)));
  if (st == State::kNeedMore) return;
  if (st == State::kRefused) {
    (c.request.error() == protocol::DecodeError::kOversized ? counters_.oversized
                                                            : counters_.malformed)++;
    return closeConn(c);
  }
  protocol::Decoded d = c.request.decode(&mac_);
  c.request = protocol::FrameReader();  // the request's bytes are not needed any more
  std::string reply;
  if (d.error == protocol::DecodeError::kBadMac) {
    ++counters_.auth_bad_mac;
    reply = errorReply("denied", "Permission denied: bad signature (check LSF_AUTH_KEYFILE)");
  } else if (!d.ok() || d.frame.kind != protocol::Kind::kRequest) {
    ++counters_.malformed;
    reply = errorReply("syntax", "malformed request frame");
  } else {
    servingConn_ = c.id;
    reply = c.local ? handleLocalRequest(d.frame, c.user, now) : handleRequest(d.frame, now);
    servingConn_ = 0;
  }
  if (!reply.empty() && heldDirty_) {  // sent after this turn's state-file write
    c.pending = std::move(reply);
    c.phase = Conn::Phase::kWaiting;
    c.deadline = std::numeric_limits<double>::infinity();
    awaitingWrite_.push_back(c.id);
    return;
  }
  if (reply.empty()) {  // deferred: an elimstatus gather answers it later
    c.phase = Conn::Phase::kWaiting;
    c.deadline = std::numeric_limits<double>::infinity();  // the gather's deadline bounds it
    return;
  }
  startReply(c, std::move(reply), now);
}

// Frames the reply (a header in front, the body not copied) and writes what the socket takes
// now; the rest goes on POLLOUT.
void LimServer::startReply(Conn& c, std::string body, double now) {
  if (!protocol::admitReply(body.size() + protocol::kHeaderSize, bufferedBytes_, connLimits_)) {
    ++counters_.replies_busy;
    body = errorReply("busy", "LIM is busy; try later");
  }
  std::string head = protocol::encodeUnsignedHeader(protocol::Kind::kReply, body.size());
  c.out.assign(std::move(head), std::move(body));
  bufferedBytes_ += c.out.remaining();
  c.phase = Conn::Phase::kWriting;
  c.deadline = protocol::writeDeadline(now, connLimits_);
  onConnWritable(c, now);
}

void LimServer::onConnWritable(Conn& c, double now) {
  while (!c.out.done()) {
    auto parts = c.out.pending();
    iovec iov[2];
    for (size_t i = 0; i < 2; ++i) iov[i] = {const_cast<char*>(parts[i].data()), parts[i].size()};
    msghdr msg{};
    msg.msg_iov = iov;
    msg.msg_iovlen = parts[1].empty() ? 1 : 2;
    ssize_t n = ::sendmsg(c.sock.impl()->sockfd(), &msg, MSG_NOSIGNAL);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;  // full: poll says when
    if (n <= 0) return closeConn(c);                           // the client went away
    c.out.consume(static_cast<size_t>(n));
    bufferedBytes_ -= static_cast<size_t>(n);
    c.deadline = protocol::writeDeadline(now, connLimits_);
  }
  closeConn(c);
}

}  // namespace openlim::lim
