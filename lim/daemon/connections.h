#pragma once
// The lim's client connections, never blocking: TCP and the local socket accepted without
// waiting, each request assembled as its bytes arrive (protocol::FrameReader), and each
// reply encoded once and written as the client's socket takes it (on POLLOUT), so a client
// that reads a big reply slowly holds up nobody else. Deadlines, limits and the output
// buffer are protocol/conn_policy.h's. A connection whose request was handed on waits
// (without a deadline: whoever answers it bounds it) until reply() or its hang-up.

#include <Poco/Net/StreamSocket.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "poller.h"
#include "protocol/conn_policy.h"
#include "protocol/frame.h"
#include "protocol/request.h"
#include "transport_counters.h"

namespace openlim::lim {

class Connections {
 public:
  // A whole, authenticated request frame from connection `id` (`local`: the local socket,
  // and `user` the caller the kernel named).
  using OnRequest = std::function<void(uint64_t id, const protocol::Frame& f, bool local,
                                       const std::string& user)>;

  Connections(const protocol::MacFn* mac, TransportCounters& counters, OnRequest onRequest);
  ~Connections();
  // Sizes the table to the descriptor limit (lifted to the hard limit first).
  void raiseLimits();

  // The listeners and every connection, for this turn.
  void registerWith(shell::Poller& poller, int tcpListener, int localListener, double now);
  // Starts writing `body` as the reply of `id` (gone: dropped).
  void reply(uint64_t id, std::string body, double now);
  // Closes the connections past their deadline.
  // The connections closed this turn (their reply written, or refused): their sockets close
  // now, so a client reading to the end of its reply is not kept waiting for the next turn.
  void sweep();
  void expire(double now);
  double nextDeadline() const;

 private:
  struct Conn;
  void acceptTcp(int listener, double now);
  void acceptLocal(int listener, double now);
  void adopt(int fd, double now, bool local, std::string user);
  bool makeRoom();
  bool evictIdle();
  void onReadable(Conn& c, double now);
  void onWritable(Conn& c, double now);
  void close(Conn& c);
  Conn* find(uint64_t id);

  const protocol::MacFn* mac_;
  TransportCounters& counters_;
  OnRequest onRequest_;
  protocol::ConnLimits limits_;
  std::vector<std::unique_ptr<Conn>> conns_;
  uint64_t nextId_ = 1;
  size_t bufferedBytes_ = 0;  // reply bytes waiting for their clients
  // The listeners are not polled until a connection closes or this time comes: the table is
  // full of connections being answered, or the process is out of descriptors.
  double acceptPausedUntil_ = 0;
};

}  // namespace openlim::lim
