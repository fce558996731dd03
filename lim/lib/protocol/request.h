#pragma once
// The request side of the TCP protocol (docs/protocol.md), pure: reassembling one request
// frame from the bytes a connection delivers, and reading the JSON object it carries.
// The lim's TCP shell feeds FrameReader; the fuzz target drives the same code.

#include <string>
#include <string_view>
#include <vector>

#include "format/json.h"
#include "openlim/status.h"
#include "protocol/frame.h"

namespace openlim::protocol {

// One frame from a stream (a request, or a reply a lim reads from another), fed in whatever
// pieces recv() returns. Holds at most one frame (bytes past its end are ignored: one
// request per connection) and refuses a header announcing more than maxBody before
// buffering any body.
class FrameReader {
 public:
  enum class State { kNeedMore, kComplete, kRefused };
  explicit FrameReader(size_t maxBody = kMaxRequestBody) : maxBody_(maxBody) {}

  // Appends bytes; returns the new state. After kComplete or kRefused, further bytes are
  // ignored.
  State append(std::string_view bytes);
  State state() const { return state_; }
  // Why the frame was refused (kOversized, kMalformed) when state() == kRefused.
  DecodeError error() const { return error_; }
  size_t buffered() const { return buf_.size(); }
  // REQUIRES: state() == kComplete. Decodes the frame (MAC checked when signed and mac set).
  Decoded decode(const MacFn* mac) const;

 private:
  size_t maxBody_;
  std::string buf_;
  size_t total_ = 0;  // the frame's size once the header is in
  State state_ = State::kNeedMore;
  DecodeError error_ = DecodeError::kNone;
};

// A request body: a JSON object, else kInvalid with the reason.
Result<format::Json> parseRequest(std::string_view text);
// A routing field (op, sender) read leniently: `fallback` when absent or of another type. An
// op's own fields are decoded strictly by master/query_request.h.
std::string reqString(const format::Json& req, std::string_view key, std::string fallback = "");

}  // namespace openlim::protocol
