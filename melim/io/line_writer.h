#pragma once
// A writer of whole lines to a pipe that never blocks melim: when the reader is slow, lines
// wait in memory, and a newer line replaces any that has not started to go out (the newest
// vector wins). A line that has started is always finished, so the reader sees whole lines.

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <system_error>

namespace openlim::melim {

class LineWriter {
 public:
  // fd stays owned by the caller. onError gets the errno of a failed write (EPIPE: reader gone).
  LineWriter(boost::asio::io_context& io, int fd, std::function<void(int)> onError);
  ~LineWriter();
  LineWriter(const LineWriter&) = delete;
  LineWriter& operator=(const LineWriter&) = delete;

  void offer(std::string line);
  bool failed() const { return failed_; }
  uint64_t replaced() const { return replaced_; }  // lines dropped for a newer one
  bool idle() const { return inflight_.empty(); }

 private:
  void pump();

  boost::asio::posix::stream_descriptor sd_;
  int fd_;
  std::function<void(int)> onError_;
  std::string inflight_;
  size_t offset_ = 0;
  std::string next_;
  bool waiting_ = false;
  bool failed_ = false;
  uint64_t replaced_ = 0;
};

}  // namespace openlim::melim
