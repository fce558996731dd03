// LimServer's TCP side: non-blocking accept and request reads inside the loop; the reply
// is written with a send timeout (replies are the only large writes).
#include <Poco/Exception.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include "framed_io.h"
#include "json_util.h"
#include "lim_server.h"

namespace openlim::lim {

void LimServer::onTcpAccept() {
  for (int i = 0; i < 64; ++i) {
    try {
      Poco::Net::StreamSocket s = tcp_.acceptConnection();
      s.setBlocking(false);
      // The reply goes out in one piece as soon as it is built: no Nagle wait for an ACK
      // (the client's delayed ACK would add up to 40 ms to a reply's last segment).
      int one = 1;
      ::setsockopt(s.impl()->sockfd(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      auto c = std::make_unique<Conn>();
      c->sock = s;
      c->deadline = monotonicNow() + 10;
      conns_.push_back(std::move(c));
    } catch (const Poco::Exception&) {
      return;  // EAGAIN: no more pending
    }
  }
}

void LimServer::onConnReadable(Conn& c, double now) {
  char chunk[65536];
  int n = 0;
  try {
    n = c.sock.receiveBytes(chunk, sizeof chunk);
  } catch (const Poco::Exception&) {
    c.deadline = 0;
    return;
  }
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
