#include "line_writer.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace openlim::melim {

LineWriter::LineWriter(boost::asio::io_context& io, int fd, std::function<void(int)> onError)
    : sd_(io), fd_(fd), onError_(std::move(onError)) {
  struct stat st {};
  // Only pipes and sockets go non-blocking: the flag is shared with whoever else holds the
  // file (a terminal shared with the admin's shell must stay as it was).
  if (::fstat(fd, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)))
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  boost::system::error_code ec;
  sd_.assign(fd, ec);
}

LineWriter::~LineWriter() {
  boost::system::error_code ec;
  sd_.cancel(ec);
  sd_.release();  // the caller owns fd
}

void LineWriter::offer(std::string line) {
  if (failed_) return;
  if (inflight_.empty()) {
    inflight_ = std::move(line);
    offset_ = 0;
  } else {
    if (!next_.empty()) ++replaced_;
    next_ = std::move(line);
  }
  if (!waiting_) pump();
}

void LineWriter::pump() {
  while (!inflight_.empty()) {
    ssize_t n = ::write(fd_, inflight_.data() + offset_, inflight_.size() - offset_);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      waiting_ = true;
      sd_.async_wait(boost::asio::posix::descriptor_base::wait_write,
                     [this](const boost::system::error_code& ec) {
                       waiting_ = false;
                       if (!ec) pump();
                     });
      return;
    }
    if (n < 0) {
      failed_ = true;
      inflight_.clear();
      next_.clear();
      if (onError_) onError_(errno);
      return;
    }
    offset_ += static_cast<size_t>(n);
    if (offset_ == inflight_.size()) {
      inflight_.swap(next_);
      next_.clear();
      offset_ = 0;
    }
  }
}

}  // namespace openlim::melim
