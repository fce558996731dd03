// The lim's client connections on a real shell::Poller and loopback sockets: a reply written
// whole in a turn ends its connection in that turn, so a client reading its reply to the end
// is not kept waiting for the loop's next wake-up.
#include "connections.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>

#include "loopback_client.h"
#include "protocol/frame.h"

namespace openlim::lim {
namespace {

int listenOnLoopback(uint16_t* port) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  ::inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
  EXPECT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
  EXPECT_EQ(::listen(fd, 16), 0);
  socklen_t len = sizeof a;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  *port = ntohs(a.sin_port);
  return fd;
}

TEST(Connections, AReplyWrittenWholeClosesItsConnectionInTheSameTurn) {
  TransportCounters counters;
  Connections* self = nullptr;
  int requests = 0;
  Connections conns(nullptr, counters,
                    [&](uint64_t id, const protocol::Frame&, bool, const std::string&) {
                      ++requests;
                      self->reply(id, "{\"ok\":true}", 0);
                    });
  self = &conns;
  uint16_t port = 0;
  const int listener = listenOnLoopback(&port);
  Client client(port);
  client.send(protocol::encodeFrame({.kind = protocol::Kind::kRequest, .body = "{\"op\":\"id\"}"},
                                    nullptr));

  // One turn: accept, read, answer, write; then the end of the turn.
  for (int turn = 0; turn < 20 && requests == 0; ++turn) {
    shell::Poller poller;
    conns.registerWith(poller, listener, -1, 0);
    poller.wait(100);
  }
  ASSERT_EQ(requests, 1);
  conns.sweep();

  const bool ended = client.drain();
  EXPECT_NE(client.got.find("{\"ok\":true}"), std::string::npos);
  EXPECT_TRUE(ended) << "the connection stays open until the loop's next turn";
  ::close(listener);
}

}  // namespace
}  // namespace openlim::lim
