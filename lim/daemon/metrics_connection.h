#pragma once
// One connection of the metrics endpoint (metrics_endpoint.h): a non-blocking socket, its
// own request buffer (format::HttpHeadReader, 16 KiB) and its answer, written as the socket
// takes it. One request per connection: the answer written, the connection is done.

#include <sys/socket.h>

#include <cstdint>
#include <memory>
#include <string>

#include "format/http_request.h"

namespace openlim::lim {

struct MetricsConnection {
  enum class Phase { kReading, kAwaitingBody, kWriting, kClosed };
  // What reading gave: more to come, a dead peer, or the request's status (200: a scrape).
  struct ReadResult {
    enum class Kind { kNeedMore, kGone, kRouted } kind = Kind::kNeedMore;
    int status = 0;
    bool badHead = false;  // refused as malformed or too big (400, 431)
  };

  MetricsConnection(int fd, uint64_t id, std::string peer, double now, double requestSeconds);
  ~MetricsConnection();
  MetricsConnection(const MetricsConnection&) = delete;
  MetricsConnection& operator=(const MetricsConnection&) = delete;

  // Reads what the socket has (one recv) into the request buffer.
  ReadResult read();
  // Starts the answer: `body` (a scrape's, shared) or, when null, a one-line text for the
  // status. Then writes what the socket takes.
  void answer(int status, std::shared_ptr<const std::string> body, double now, double replySeconds);
  // Writes what the socket takes; the whole answer written, the connection is closed.
  void write();
  // Frees the body and marks the connection done; the descriptor is closed with the object
  // (at the end of the endpoint's turn, once nothing polls it).
  void close();

  const int fd;
  const uint64_t id;
  const std::string peer;  // the peer's address without its port (the per-peer bound's unit)
  const double acceptedAt;
  double deadline;
  Phase phase = Phase::kReading;
  short revents = 0;  // what the last poll said of the socket (0: nothing)

 private:
  format::HttpHeadReader request_;
  std::string head_;                         // the answer's status line and header fields
  std::shared_ptr<const std::string> body_;  // shared by the scrapes answered together
  size_t sent_ = 0;                          // bytes of head + body written
};

// The peer's address without its port, as MetricsConnection::peer.
std::string peerKey(const sockaddr_storage& ss);

}  // namespace openlim::lim
