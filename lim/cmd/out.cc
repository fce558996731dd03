#include "out.h"

#include <unistd.h>

#include <cerrno>

namespace openlim::cmd {
namespace {

constexpr size_t kFlushAt = 64 * 1024;

}  // namespace

Out& Out::operator<<(std::string_view s) {
  buf_.append(s);
  if (fd_ >= 0 && (unit_ || buf_.size() >= kFlushAt)) flush();
  return *this;
}

void Out::flush() {
  if (fd_ < 0) return;
  if (tied_ != nullptr && !buf_.empty()) tied_->flush();
  size_t done = 0;
  while (done < buf_.size()) {
    ssize_t n = ::write(fd_, buf_.data() + done, buf_.size() - done);
    if (n > 0) {
      done += static_cast<size_t>(n);
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      break;  // a closed pipe or a full disk: the rest cannot go anywhere
    }
  }
  buf_.clear();
}

Out& flush(Out& out) {
  out.flush();
  return out;
}

Out& standardOutput() {
  static Out out(STDOUT_FILENO);
  return out;
}

Out& standardError() {
  static Out& out = standardOutput();  // constructed first, so destroyed after err
  static Out err(STDERR_FILENO, Out::Buffering::kUnit);
  static const bool tied = (err.tie(&out), true);
  (void)tied;
  return err;
}

}  // namespace openlim::cmd
