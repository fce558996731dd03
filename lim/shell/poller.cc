#include "poller.h"

#include <utility>

namespace openlim::shell {

void Poller::add(int fd, short events, Handler onReady) {
  if (fd < 0) return;
  fds_.push_back({fd, events, 0});
  handlers_.push_back(std::move(onReady));
}

int Poller::wait(int timeoutMs) {
  // This turn's set moves to the polled buffers, and the emptied buffers of the last turn
  // take the next one's adds: no allocation per turn once both have grown to size.
  std::swap(fds_, polled_);
  std::swap(handlers_, polledHandlers_);
  fds_.clear();
  handlers_.clear();
  int n = ::poll(polled_.data(), polled_.size(), timeoutMs < 0 ? -1 : timeoutMs);
  if (n > 0)
    for (size_t i = 0; i < polled_.size(); ++i)
      if (polled_[i].revents != 0) polledHandlers_[i](polled_[i].revents);
  polledHandlers_.clear();  // the handlers' captures go now, not a turn later
  return n > 0 ? n : 0;
}

}  // namespace openlim::shell
