#pragma once
// The metrics endpoint (docs/metrics.md): GET /metrics on LSF_METRICS_ADDR, served on the
// lim's own loop. No thread of its own: each turn the loop registers the endpoint's sockets
// with its shell::Poller (registerWith), polls, and calls onTurn, which accepts, reads,
// writes, enforces the deadlines and writes the next slice of a scrape body. The endpoint
// never reads the lim's state: when a scrape waits for a body, onTurn asks the loop for an
// immutable copy (InputFn: the published host table is shared, counters are copied) and
// writes the text from it. It has nothing writable: one read-only path.
//
// Guarantees (kept from the threaded server it replaces):
// - Each connection has its own request buffer (format::HttpHeadReader, 16 KiB) and its
//   answer is written as the socket takes it (POLLOUT), so a slow client holds a table
//   entry, never the loop. A request head must be whole kRequestSeconds after accept and an
//   answer taken within kReplySeconds, else the connection is closed.
// - Connections are bounded per peer address and in all (kLimits); a new one is always
//   taken, pushing out an old one by protocol::admissionVictim. So no client, however many
//   slow connections it opens, keeps a scrape from being served.
// - Scrapes waiting together share one body: a burst costs one copy and one text.
// - A body is written in slices of at most kSamplesPerTurn samples per turn
//   (master::MetricsCursor), so a 100,000-host scrape never holds the loop for long in one go.
// - Any other path is 404, another method on /metrics 405, a malformed head 400, one too big
//   431; one request per connection (no keep-alive).

#include <Poco/Net/ServerSocket.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "master/metrics.h"
#include "metrics_connection.h"
#include "openlim/status.h"
#include "poller.h"
#include "protocol/peer_admission.h"

namespace openlim::master {
class MetricsCursor;
}

namespace openlim::lim {

struct MetricsEndpointCounters {
  uint64_t scrapes = 0, notFound = 0, badMethod = 0, badRequest = 0;
  uint64_t cutOff = 0;   // closed at their deadline
  uint64_t evicted = 0;  // closed to take a new connection
  uint64_t bodies = 0;   // scrape bodies written (each from one copy of the lim's state)
  uint64_t slices = 0;   // turns that wrote part of a body
};

class MetricsEndpoint {
 public:
  using InputFn = std::function<master::MetricsInputPtr()>;

  static constexpr double kRequestSeconds = 5;  // to receive the whole request head
  static constexpr double kReplySeconds = 60;   // to send the answer (a big cluster's is MBs)
  static constexpr protocol::PeerLimits kLimits{8, 64};
  // Samples written per loop turn (a row counts all its columns, known or not). A slice holds
  // the loop for about 1 ms, 2-3 ms at most (BM_ScrapeSlices in tests/bench/lim/
  // metrics_bench.cc): a query or a burst of reports waits at most that long behind a scrape,
  // and a 100,000-host body still takes only ~400 turns (a third of a second), well inside a
  // scrape's timeout.
  static constexpr size_t kSamplesPerTurn = 20000;

  MetricsEndpoint();
  ~MetricsEndpoint();
  MetricsEndpoint(const MetricsEndpoint&) = delete;
  MetricsEndpoint& operator=(const MetricsEndpoint&) = delete;

  // Binds host:port (port 0: any free port) and listens. kUnavailable when it cannot bind.
  Status start(const std::string& host, uint16_t port);
  uint16_t port() const;
  // Adds the listener and every open connection, each with the events it waits for now.
  void registerWith(shell::Poller& poller, double now);
  // When onTurn must run next without any socket being ready: a connection's deadline, the
  // listener's rest, or now-ish (-infinity) while a body is being written or awaited.
  double nextDeadline() const;
  // Handles what the poll reported, closes connections past their deadline and writes the
  // next slice of a body; `build` is called only when a scrape waits for a new body.
  void onTurn(double now, const InputFn& build);
  const MetricsEndpointCounters& counters() const { return counters_; }
  size_t connections() const { return conns_.size(); }

 private:
  struct Body;  // a body being written and the scrapes it answers
  void onAccept(double now);
  void onReadable(MetricsConnection& c, double now);
  void writeBody(double now, const InputFn& build);
  void finishBody(double now);
  void expire(double now);

  MetricsEndpointCounters counters_;
  Poco::Net::ServerSocket socket_;
  bool started_ = false;
  bool listenerReady_ = false;
  std::vector<std::unique_ptr<MetricsConnection>> conns_;  // closed ones go at turn's end
  std::vector<uint64_t> awaiting_;  // scrapes asked since the body being written began
  std::unique_ptr<Body> body_;      // null: none being written
  uint64_t nextId_ = 1;
  double acceptPausedUntil_ = 0;  // out of descriptors: the listener rests until then
  double lastTurn_ = 0;           // the previous onTurn's time (0: none yet)
};

}  // namespace openlim::lim
