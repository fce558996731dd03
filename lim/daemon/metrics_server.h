#pragma once
// The metrics endpoint (docs/metrics.md): GET /metrics on LSF_METRICS_ADDR, served by POCO's
// HTTP server on its own few threads, from what the loop hands over (MetricsExchange). It
// never reads the lim's state directly and has nothing writable: one read-only path.
//
// Bad input: any other path is 404, another method on /metrics 405; one request per
// connection (no keep-alive); POCO bounds the request head (100 header fields, 8 KiB per
// value, 16 KiB URI) and a watchdog cuts off a connection whose request has not arrived
// whole within kRequestSeconds (a client sending one byte a second does not hold a thread
// for long), or whose answer is not taken within kReplySeconds.

#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/TCPServer.h>
#include <Poco/ThreadPool.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "metrics_exchange.h"
#include "openlim/status.h"

namespace openlim::lim {

class ConnectionWatchdog;

struct MetricsServerCounters {
  std::atomic<uint64_t> scrapes{0}, notFound{0}, badMethod{0}, cutOff{0};
};

class MetricsServer {
 public:
  static constexpr double kRequestSeconds = 5;   // to receive the whole request head
  static constexpr double kReplySeconds = 60;    // to send the answer (a big cluster's is MBs)
  static constexpr double kLoopWaitSeconds = 2;  // for the loop's hand-over
  static constexpr int kMaxThreads = 4;

  explicit MetricsServer(MetricsExchange& exchange);
  ~MetricsServer();  // stops the threads
  // Binds host:port (host "" is not accepted here: the caller fills in its own address) and
  // starts serving. kUnavailable when it cannot bind.
  Status start(const std::string& host, uint16_t port);
  const MetricsServerCounters& counters() const { return *counters_; }
  uint16_t port() const;

 private:
  MetricsExchange& exchange_;
  std::shared_ptr<MetricsServerCounters> counters_;
  std::shared_ptr<ConnectionWatchdog> watchdog_;
  Poco::ThreadPool pool_;
  Poco::Net::ServerSocket socket_;
  std::unique_ptr<Poco::Net::TCPServer> server_;
};

}  // namespace openlim::lim
