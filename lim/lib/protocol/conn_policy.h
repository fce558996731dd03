#pragma once
// How the lim's TCP side treats its connections, pure so it can be tested without sockets:
// deadlines, how many connections it holds, how much reply output may wait in memory, and
// the output buffer a reply is written from as the client's socket accepts it.

#include <array>
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

// One encoded reply, a header and a body kept apart (so the body is never copied to put a
// header in front), written from its front as the socket accepts it.
class OutputBuffer {
 public:
  void assign(std::string head, std::string body = {}) {
    parts_[0] = std::move(head);
    parts_[1] = std::move(body);
    pos_ = 0;
  }
  // The unwritten bytes: up to two pieces, in order (the second may be empty).
  std::array<std::string_view, 2> pending() const;
  // REQUIRES: n <= remaining().
  void consume(size_t n) { pos_ += n; }
  size_t remaining() const { return parts_[0].size() + parts_[1].size() - pos_; }
  bool done() const { return remaining() == 0; }

 private:
  std::array<std::string, 2> parts_;
  size_t pos_ = 0;  // bytes written, across both parts
};

}  // namespace openlim::protocol
