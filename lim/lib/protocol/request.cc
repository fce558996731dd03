#include "protocol/request.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace openlim::protocol {

FrameReader::State FrameReader::append(std::string_view bytes) {
  if (state_ != State::kNeedMore) return state_;
  if (total_ == 0) {
    size_t take = std::min(bytes.size(), kHeaderSize - buf_.size());
    buf_.append(bytes.substr(0, take));
    bytes.remove_prefix(take);
    if (buf_.size() < kHeaderSize) return state_;
    total_ = frameSize(buf_, maxBody_, &error_);
    if (total_ == 0) return state_ = State::kRefused;
    buf_.reserve(total_);
  }
  buf_.append(bytes.substr(0, total_ - buf_.size()));
  if (buf_.size() == total_) state_ = State::kComplete;
  return state_;
}

Decoded FrameReader::decode(const MacFn* mac) const {
  return decodeFrame(buf_, maxBody_, mac, false);
}

Result<format::Json> parseRequest(std::string_view text) {
  auto j = format::parseJson(text);
  if (!j) return j.status();
  if (!j->isObject()) return Status(Code::kInvalid, "request is not a JSON object");
  return j;
}

std::string reqString(const format::Json& req, std::string_view key, std::string fallback) {
  const format::Json* v = req.find(key);
  return v && v->isString() ? v->asString() : fallback;
}

}  // namespace openlim::protocol
