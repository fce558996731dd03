#pragma once
// The metrics endpoint (docs/metrics.md): GET /metrics on LSF_METRICS_ADDR, served from
// what the lim loop hands over (MetricsExchange). It never reads the lim's state directly
// and has nothing writable: one read-only path.
//
// One I/O thread runs a poll loop over non-blocking sockets: each connection has its own
// request buffer (format::HttpHeadReader, 16 KiB) and its answer is written as the socket
// takes it, so a slow client holds a table entry, never a thread. A request head must be
// whole kRequestSeconds after accept and an answer taken within kReplySeconds, else the
// connection is closed. Connections are bounded per peer address and in all; a new one is
// always taken, pushing out an old one by protocol::admissionVictim. So no client, however
// many slow connections it opens, keeps a scrape from being served. The bodies are written by
// MetricsRenderer's thread.
//
// Bad input: any other path is 404, another method on /metrics 405, a malformed head 400,
// one too big 431; one request per connection (no keep-alive).

#include <Poco/Net/ServerSocket.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "metrics_exchange.h"
#include "openlim/status.h"
#include "protocol/peer_admission.h"

namespace openlim::lim {

class MetricsRenderer;

struct MetricsServerCounters {
  std::atomic<uint64_t> scrapes{0}, notFound{0}, badMethod{0}, badRequest{0};
  std::atomic<uint64_t> cutOff{0};   // closed at their deadline
  std::atomic<uint64_t> evicted{0};  // closed to take a new connection
};

class MetricsServer {
 public:
  static constexpr double kRequestSeconds = 5;   // to receive the whole request head
  static constexpr double kReplySeconds = 60;    // to send the answer (a big cluster's is MBs)
  static constexpr double kLoopWaitSeconds = 2;  // for the loop's hand-over
  static constexpr protocol::PeerLimits kLimits{8, 64};

  explicit MetricsServer(MetricsExchange& exchange);
  ~MetricsServer();  // stops the threads and closes every connection
  MetricsServer(const MetricsServer&) = delete;
  MetricsServer& operator=(const MetricsServer&) = delete;
  // Binds host:port (host "" is not accepted here: the caller fills in its own address) and
  // starts serving. kUnavailable when it cannot bind.
  Status start(const std::string& host, uint16_t port);
  const MetricsServerCounters& counters() const { return counters_; }
  uint16_t port() const;

 private:
  struct Conn;
  void run();
  void onAccept(double now);
  void onReadable(Conn& c, double now);
  void onWritable(Conn& c, double now);
  void onRendered(double now);
  void answer(Conn& c, int status, std::shared_ptr<const std::string> body, double now);
  void close(Conn& c);
  double nextDeadline() const;

  MetricsExchange& exchange_;
  MetricsServerCounters counters_;
  Poco::Net::ServerSocket socket_;
  int wakeFd_ = -1;  // eventfd: a body is ready, or stop
  std::atomic<bool> stop_{false};
  std::vector<std::unique_ptr<Conn>> conns_;  // closed ones are erased at the end of a turn
  uint64_t nextId_ = 1;
  double acceptPausedUntil_ = 0;  // out of descriptors: the listener rests until then
  std::unique_ptr<MetricsRenderer> renderer_;
  std::thread thread_;
};

}  // namespace openlim::lim
