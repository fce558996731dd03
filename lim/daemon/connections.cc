#include "connections.h"

#include <Poco/Net/StreamSocketImpl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pwd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <limits>

#include "clock.h"
#include "format/reply_json.h"

namespace openlim::lim {

struct Connections::Conn {
  Poco::Net::StreamSocket sock;
  double deadline = 0;  // closed (erased) when passed; 0 = done
  uint64_t id = 0;
  double acceptedAt = 0;
  enum class Phase { kReading, kWaiting, kWriting, kClosed } phase = Phase::kReading;
  protocol::FrameReader request;
  protocol::OutputBuffer out;
  bool local = false;  // came in on the local socket: `user` is verified (SO_PEERCRED)
  std::string user;
};

namespace {

// Connections taken per turn from the local socket: every reservation change they make in
// the turn shares one journal fdatasync (group commit), so the more a turn takes, the more a
// sync carries; still bounded so TCP queries get turns.
constexpr int kLocalAcceptsPerTurn = 256;
constexpr int kTcpAcceptsPerTurn = 64;

// The user name of `uid` (local files or NSS; a uid without a name is "#<uid>").
std::string userName(uid_t uid) {
  passwd pw{};
  passwd* found = nullptr;
  char buf[4096];
  if (::getpwuid_r(uid, &pw, buf, sizeof buf, &found) == 0 && found) return found->pw_name;
  return "#" + std::to_string(uid);
}

}  // namespace

Connections::Connections(const protocol::MacFn* mac, TransportCounters& counters,
                         OnRequest onRequest)
    : mac_(mac), counters_(counters), onRequest_(std::move(onRequest)) {}

Connections::~Connections() = default;

// Lifts the soft descriptor limit to the hard one (each client connection is a descriptor)
// and sizes the connection table to it.
void Connections::raiseLimits() {
  rlimit rl{};
  if (::getrlimit(RLIMIT_NOFILE, &rl) != 0) return;
  if (rl.rlim_cur < rl.rlim_max) {
    rlimit want = rl;
    want.rlim_cur = rl.rlim_max;
    if (::setrlimit(RLIMIT_NOFILE, &want) == 0) rl = want;
  }
  limits_.maxConnections = protocol::connectionsFor(rl.rlim_cur);
}

void Connections::registerWith(shell::Poller& poller, int tcpListener, int localListener,
                               double now) {
  // With the table full of answering connections, new ones wait in the queue.
  const short accept = now < acceptPausedUntil_ ? 0 : POLLIN;
  poller.add(tcpListener, accept,
             [this, tcpListener](short) { acceptTcp(tcpListener, shell::monotonicSeconds()); });
  poller.add(localListener, accept, [this, localListener](short) {
    acceptLocal(localListener, shell::monotonicSeconds());
  });
  for (const auto& c : conns_) {
    if (c->phase == Conn::Phase::kClosed) continue;
    short ev = c->phase == Conn::Phase::kReading   ? POLLIN
               : c->phase == Conn::Phase::kWriting ? POLLOUT
                                                   : 0;  // waiting: only hang-ups
    // The Conn outlives the turn: closed ones are erased only after wait() ran the handlers
    // (sweep() at the end of the turn, expire()).
    poller.add(c->sock.impl()->sockfd(), ev, [this, conn = c.get()](short revents) {
      if (conn->phase == Conn::Phase::kClosed) return;
      if (conn->phase == Conn::Phase::kReading)
        onReadable(*conn, shell::monotonicSeconds());
      else if (conn->phase == Conn::Phase::kWriting)
        onWritable(*conn, shell::monotonicSeconds());
      else if (revents & (POLLHUP | POLLERR))
        close(*conn);  // gave up waiting: its answer is dropped
    });
  }
}

// The listener defers accept until a request's first bytes are in (TCP_DEFER_ACCEPT), so
// the usual connection is accepted and answered in one loop turn.
void Connections::acceptTcp(int listener, double now) {
  for (int i = 0; i < kTcpAcceptsPerTurn; ++i) {
    if (!makeRoom()) {
      acceptPausedUntil_ = now + 1;  // every one is being answered: the rest wait in the queue
      return;
    }
    int fd = ::accept4(listener, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      // Out of descriptors: close an idle connection for the next turn, or stop polling the
      // listener until one closes (a readable listener would spin the loop).
      if (errno == EMFILE || errno == ENFILE) {
        evictIdle();
        acceptPausedUntil_ = now + 1;
      }
      return;  // EAGAIN: no more pending (or the peer gave up already)
    }
    // The reply goes out in one piece as soon as it is built: no Nagle wait for an ACK.
    int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    adopt(fd, now, false, {});
  }
}

void Connections::acceptLocal(int listener, double now) {
  for (int i = 0; i < kLocalAcceptsPerTurn; ++i) {
    if (!makeRoom()) {
      acceptPausedUntil_ = now + 1;
      return;
    }
    int fd = ::accept4(listener, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return;
    ucred cred{};
    socklen_t len = sizeof cred;
    if (::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) {
      ::close(fd);
      continue;
    }
    adopt(fd, now, true, userName(cred.uid));
  }
}

void Connections::adopt(int fd, double now, bool local, std::string user) {
  auto c = std::make_unique<Conn>();
  c->sock = Poco::Net::StreamSocket(new Poco::Net::StreamSocketImpl(fd));
  c->id = nextId_++;
  c->acceptedAt = now;
  c->deadline = now + limits_.requestSeconds;
  c->local = local;
  c->user = std::move(user);
  conns_.push_back(std::move(c));
  onReadable(*conns_.back(), now);
}

// With the table full: room for one more, closing an idle connection if need be (closed
// ones are erased at the end of the turn and leave room then).
bool Connections::makeRoom() {
  size_t open = 0;
  for (const auto& c : conns_) open += c->phase != Conn::Phase::kClosed;
  return open < limits_.maxConnections || evictIdle();
}

// Closes the connection that has waited longest for its request, if any.
bool Connections::evictIdle() {
  std::vector<protocol::ConnView> views;
  views.reserve(conns_.size());
  for (const auto& c : conns_) views.push_back({c->phase == Conn::Phase::kReading, c->acceptedAt});
  auto victim = protocol::evictionCandidate(views);
  if (!victim) return false;
  ++counters_.conns_evicted;
  close(*conns_[*victim]);
  return true;
}

Connections::Conn* Connections::find(uint64_t id) {
  for (auto& c : conns_)
    if (c->id == id && c->phase != Conn::Phase::kClosed) return c.get();
  return nullptr;
}

void Connections::close(Conn& c) {
  bufferedBytes_ -= c.out.remaining();
  c.out.assign({}, {});
  c.phase = Conn::Phase::kClosed;
  c.deadline = 0;  // erased (and the socket closed) at the end of this turn (sweep)
}

void Connections::onReadable(Conn& c, double now) {
  char chunk[65536];
  ssize_t n = ::recv(c.sock.impl()->sockfd(), chunk, sizeof chunk, 0);
  if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;  // not in yet: poll says when
  if (n <= 0) return close(c);
  using State = protocol::FrameReader::State;
  State st = c.request.append(std::string_view(chunk, static_cast<size_t>(n)));
  if (st == State::kNeedMore) return;
  if (st == State::kRefused) {
    (c.request.error() == protocol::DecodeError::kOversized ? counters_.oversized
                                                            : counters_.malformed)++;
    return close(c);
  }
  protocol::Decoded d = c.request.decode(mac_);
  c.request = protocol::FrameReader();  // the request's bytes are not needed any more
  if (d.error == protocol::DecodeError::kBadMac) {
    ++counters_.auth_bad_mac;
    return reply(
        c.id,
        format::errorReply("denied", "Permission denied: bad signature (check LSF_AUTH_KEYFILE)"),
        now);
  }
  if (!d.ok() || d.frame.kind != protocol::Kind::kRequest) {
    ++counters_.malformed;
    return reply(c.id, format::errorReply("syntax", "malformed request frame"), now);
  }
  // Answered through reply(), now or later (a gather, a forward, the turn's journal write).
  c.phase = Conn::Phase::kWaiting;
  c.deadline = std::numeric_limits<double>::infinity();
  onRequest_(c.id, d.frame, c.local, c.user);
}

// Frames the reply (a header in front, the body not copied) and writes what the socket takes
// now; the rest goes on POLLOUT.
void Connections::reply(uint64_t id, std::string body, double now) {
  Conn* c = find(id);
  if (!c || c->phase == Conn::Phase::kWriting) return;
  if (!protocol::admitReply(body.size() + protocol::kHeaderSize, bufferedBytes_, limits_)) {
    ++counters_.replies_busy;
    body = format::errorReply("busy", "LIM is busy; try later");
  }
  std::string head = protocol::encodeUnsignedHeader(protocol::Kind::kReply, body.size());
  c->out.assign(std::move(head), std::move(body));
  bufferedBytes_ += c->out.remaining();
  c->phase = Conn::Phase::kWriting;
  c->deadline = protocol::writeDeadline(now, limits_);
  onWritable(*c, now);
}

void Connections::onWritable(Conn& c, double now) {
  while (!c.out.done()) {
    auto parts = c.out.pending();
    iovec iov[2];
    for (size_t i = 0; i < 2; ++i) iov[i] = {const_cast<char*>(parts[i].data()), parts[i].size()};
    msghdr msg{};
    msg.msg_iov = iov;
    msg.msg_iovlen = parts[1].empty() ? 1 : 2;
    ssize_t n = ::sendmsg(c.sock.impl()->sockfd(), &msg, MSG_NOSIGNAL);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;  // full: poll says when
    if (n <= 0) return close(c);                               // the client went away
    c.out.consume(static_cast<size_t>(n));
    bufferedBytes_ -= static_cast<size_t>(n);
    c.deadline = protocol::writeDeadline(now, limits_);
  }
  close(c);
}

void Connections::sweep() {
  if (std::erase_if(conns_, [](const auto& c) { return c->phase == Conn::Phase::kClosed; }) > 0)
    acceptPausedUntil_ = 0;  // room again
}

void Connections::expire(double now) {
  for (auto& c : conns_)
    if (c->deadline <= now && c->phase != Conn::Phase::kClosed) {
      if (c->phase == Conn::Phase::kWriting) ++counters_.replies_stalled;
      close(*c);
    }
  if (std::erase_if(conns_, [&](const auto& c) { return c->deadline <= now; }) > 0)
    acceptPausedUntil_ = 0;  // room again
}

double Connections::nextDeadline() const {
  double next = std::numeric_limits<double>::infinity();
  for (const auto& c : conns_) next = std::min(next, c->deadline);
  if (acceptPausedUntil_ > 0) next = std::min(next, acceptPausedUntil_);
  return next;
}

}  // namespace openlim::lim
