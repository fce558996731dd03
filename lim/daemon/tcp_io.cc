// LimServer's TCP side: non-blocking accept and request reads inside the loop; the reply
// is written with a send timeout (replies are the only large writes).
#include <Poco/Exception.h>
#include <Poco/Net/StreamSocketImpl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <cerrno>

#include "framed_io.h"
#include "json_util.h"
#include "lim_server.h"

namespace openlim::lim {

// The listener defers accept until a request's first bytes are in (TCP_DEFER_ACCEPT), so
// the usual connection is accepted and answered in one loop turn: one wake-up of the lim
// instead of two, and no C++ exception for the EAGAIN that ends the accept burst.
void LimServer::onTcpAccept(double now) {
  for (int i = 0; i < 64; ++i) {
    int fd = ::accept4(tcp_.impl()->sockfd(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return;  // EAGAIN: no more pending (or the peer gave up already)
    // The reply goes out in one piece as soon as it is built: no Nagle wait for an ACK
    // (the client's delayed ACK would add up to 40 ms to a reply's last segment).
    int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    auto c = std::make_unique<Conn>();
    c->sock = Poco::Net::StreamSocket(new Poco::Net::StreamSocketImpl(fd));
    c->deadline = now + 10;
    conns_.push_back(std::move(c));
    onConnReadable(*conns_.back(), now);
  }
}

void LimServer::onConnReadable(Conn& c, double now) {
  char chunk[65536];
  ssize_t n = ::recv(c.sock.impl()->sockfd(), chunk, sizeof chunk, 0);
  if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;  // not in yet: poll says when
  if (n <= 0) {
    c.deadline = 0;
    return;
  }
  c.buf.append(chunk, static_cast<size_t>(n));
  if (c.buf.size() < protocol::kHeaderSize) return;
  protocol::DecodeError err;
  size_t total = protocol::frameSize(c.buf, protocol::kMaxTcpBody, &err);
  if (total == 0) {
    (err == protocol::DecodeError::kOversized ? counters_.oversized : counters_.malformed)++;
    c.deadline = 0;
    return;
  }
  if (c.buf.size() < total) return;
  protocol::Decoded d = protocol::decodeFrame(std::string_view(c.buf).substr(0, total),
                                              protocol::kMaxTcpBody, &mac_, false);
  std::string reply;
  if (d.error == protocol::DecodeError::kBadMac) {
    ++counters_.auth_bad_mac;
    reply = errorReply("denied", "Permission denied: bad signature (check LSF_AUTH_KEYFILE)");
  } else if (!d.ok() || d.frame.kind != protocol::Kind::kRequest) {
    ++counters_.malformed;
    reply = errorReply("syntax", "malformed request frame");
  } else {
    reply = handleRequest(d.frame, now);
  }
  protocol::Frame out{.kind = protocol::Kind::kReply, .body = std::move(reply)};
  try {
    c.sock.setBlocking(true);
    c.sock.setSendTimeout(Poco::Timespan(5, 0));
  } catch (const Poco::Exception&) {
  }
  shell::sendAll(c.sock, protocol::encodeFrame(out, nullptr));
  c.deadline = 0;
}

}  // namespace openlim::lim
