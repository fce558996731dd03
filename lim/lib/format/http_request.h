#pragma once
// The little of HTTP/1.x the metrics endpoint speaks (docs/metrics.md), pure: a request
// head read as its bytes arrive, the route a request takes, and the head of the answer.
// The reader keeps at most kMaxHeadBytes and refuses a head that does not end within them,
// so no client makes it hold more; its cost is linear in the bytes given.

#include <cstddef>
#include <string>
#include <string_view>

namespace openlim::format {

struct HttpRequestHead {
  std::string method;   // "GET"
  std::string target;   // "/metrics?x=1"
  std::string version;  // "HTTP/1.1"
  size_t fields = 0;    // header fields (read and checked, not kept)
};

class HttpHeadReader {
 public:
  static constexpr size_t kMaxHeadBytes = 16384;  // request line and header fields
  static constexpr size_t kMaxFields = 100;
  enum class State { kNeedMore, kComplete, kRefused };

  // Takes the next bytes of the connection. Once kComplete or kRefused, later bytes are
  // ignored (a request body, or what a refused client still sends).
  State append(std::string_view bytes);
  State state() const { return state_; }
  // REQUIRES: state() == kComplete.
  const HttpRequestHead& head() const { return head_; }
  // REQUIRES: state() == kRefused. The answer's status: 400 (malformed), 431 (head too
  // big or too many fields), 505 (not HTTP/1.x).
  int refusal() const { return refusal_; }

 private:
  State refuse(int status);
  State parse(std::string_view head);

  std::string buf_;
  size_t scanned_ = 0;  // bytes of buf_ searched for the end of the head
  State state_ = State::kNeedMore;
  HttpRequestHead head_;
  int refusal_ = 0;
};

// What the endpoint answers to a complete request head: 200 for GET /metrics (a query
// string ignored), 404 for any other path, 405 for another method on /metrics.
int metricsRoute(const HttpRequestHead& head);

// The reason phrase of a status this server sends ("Not Found"); "Unknown" otherwise.
std::string_view httpReason(int status);

// "HTTP/1.1 <status> <reason>" and the header fields of an answer with a body of
// `contentLength` bytes, one request per connection (Connection: close). `extra` is more
// header lines, each ending in CRLF.
std::string httpResponseHead(int status, std::string_view contentType, size_t contentLength,
                             std::string_view extra = {});

}  // namespace openlim::format
