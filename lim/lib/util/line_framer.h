#pragma once
// Bytes to lines with a maximum length (docs/architecture.md: framing apart from parsing).
// The framer never buffers more than maxLine bytes: a longer line is reported once as
// overlong and its remaining bytes are skipped up to the next newline. Pure; no I/O.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace openlim {

enum class FrameEvent { kLine, kOverlong };

class LineFramer {
 public:
  explicit LineFramer(size_t maxLine) : maxLine_(maxLine) {}

  // Splits data into lines. Calls sink(FrameEvent::kLine, line) for every complete line
  // (without its '\n'; at most maxLine bytes) and sink(FrameEvent::kOverlong, prefix) once
  // for each line that grew past maxLine (prefix = its first bytes, for logging).
  // The views passed to sink are valid only during the call.
  template <typename Sink>
  void feed(std::string_view data, Sink&& sink) {
    while (!data.empty()) {
      const char* nl = static_cast<const char*>(std::memchr(data.data(), '\n', data.size()));
      size_t n = nl ? static_cast<size_t>(nl - data.data()) : data.size();
      if (nl) {
        ++newlines_;
        finishLine(data.substr(0, n), sink);
        data.remove_prefix(n + 1);
      } else {
        appendPartial(data, sink);
        return;
      }
    }
  }

  // True while an unfinished line (including one being skipped as overlong) is pending.
  bool midLine() const { return !buf_.empty() || skipping_; }
  // The buffered bytes of the unfinished line (empty when skipping an overlong one).
  std::string_view pending() const { return buf_; }
  size_t maxLine() const { return maxLine_; }
  // Newlines consumed so far (complete, overlong and skipped lines alike): lets a caller tell
  // whether a pending partial line is the same one as before a feed().
  uint64_t newlines() const { return newlines_; }
  // Forgets any unfinished line (at EOF or when the writer is restarted). Returns whether
  // there was one.
  bool reset() {
    bool had = midLine();
    buf_.clear();
    skipping_ = false;
    return had;
  }

 private:
  template <typename Sink>
  void finishLine(std::string_view tail, Sink& sink) {
    if (skipping_) {
      skipping_ = false;
      return;
    }
    if (buf_.empty()) {
      if (tail.size() <= maxLine_) {
        sink(FrameEvent::kLine, tail);
      } else {
        sink(FrameEvent::kOverlong, tail.substr(0, kPrefix));
      }
      return;
    }
    if (buf_.size() + tail.size() <= maxLine_) {
      buf_.append(tail);
      sink(FrameEvent::kLine, std::string_view(buf_));
    } else {
      sink(FrameEvent::kOverlong, std::string_view(buf_).substr(0, kPrefix));
    }
    buf_.clear();
  }

  template <typename Sink>
  void appendPartial(std::string_view data, Sink& sink) {
    if (skipping_) return;
    if (buf_.size() + data.size() <= maxLine_) {
      buf_.append(data);
      return;
    }
    std::string prefix = buf_.empty() ? std::string(data.substr(0, kPrefix)) : buf_;
    if (prefix.size() > kPrefix) prefix.resize(kPrefix);
    sink(FrameEvent::kOverlong, std::string_view(prefix));
    buf_.clear();
    buf_.shrink_to_fit();  // an overlong line must not keep its memory
    skipping_ = true;
  }

  static constexpr size_t kPrefix = 80;
  size_t maxLine_;
  std::string buf_;
  bool skipping_ = false;
  uint64_t newlines_ = 0;
};

}  // namespace openlim
