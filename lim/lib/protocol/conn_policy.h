#pragma once
// How the lim's TCP side treats its connections, pure so it can be tested without sockets:
// deadlines, how many connections it holds, how much reply output may wait in memory, and
// the output buffer a reply is written from as the client's socket accepts it.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace openlim::protocol {

struct ConnLimits {
  double requestSeconds = 10;    // the whole request must be in this long after accept
  double stallSeconds = 60;      // a reply of which the client takes no byte this long is dropped
  size_t maxConnections = 1024;  // connectionsFor(the fd limit)
  size_t maxBufferedBytes = size_t{256} << 20;  // reply bytes waiting for all clients
};

// Connections for a process allowed `fdLimit` descriptors: all but 64 (sockets, the signalfd,
// melim's pipes, log files, /proc readers), at least 16, at most 16384.
size_t connectionsFor(uint64_t fdLimit);

// Whether a reply of `bytes` may wait for its client while `buffered` bytes already wait for
// others. The first one always may (so a reply of any size gets through); more only within
// the budget; a refused request gets a short "busy" answer instead.
bool admitReply(size_t bytes, size_t buffered, const ConnLimits& limits);

// When a write made progress at `now`, the time the connection is dropped unless it makes
// more; a reply that the client reads slowly, but reads, is never cut off.
inline double writeDeadline(double now, const ConnLimits& limits) {
  return now + limits.stallSeconds;
}

// What evictionCandidate needs to know about one connection.
struct ConnView {
  bool awaitingRequest = false;  // accepted, request not complete yet
  double acceptedAt = 0;
};
// With the table full and a new connection waiting: the connection to close for it, the one
// that has waited longest for its request (an idle client); none when every connection is
// already being answered (then the new one waits in the listen queue).
std::optional<size_t> evictionCandidate(const std::vector<ConnView>& conns);

// One encoded reply, written from its front as the socket accepts it.
class OutputBuffer {
 public:
  void assign(std::string bytes) {
    bytes_ = std::move(bytes);
    pos_ = 0;
  }
  std::string_view pending() const { return std::string_view(bytes_).substr(pos_); }
  // REQUIRES: n <= pending().size().
  void consume(size_t n) { pos_ += n; }
  bool done() const { return pos_ == bytes_.size(); }
  size_t remaining() const { return bytes_.size() - pos_; }

 private:
  std::string bytes_;
  size_t pos_ = 0;
};

}  // namespace openlim::protocol
