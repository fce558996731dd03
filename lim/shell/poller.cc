#include "poller.h"

#include <algorithm>
#include <utility>

namespace openlim::shell {

void Poller::add(int fd, short events, Handler onReady) {
  if (fd < 0) return;
  fds_.push_back({fd, events, 0});
  handlers_.push_back(std::move(onReady));
}

int Poller::wait(int timeoutMs) {
  std::vector<pollfd> fds = std::move(fds_);
  std::vector<Handler> handlers = std::move(handlers_);
  fds_.clear();
  handlers_.clear();
  int n = ::poll(fds.data(), fds.size(), std::max(timeoutMs, 0));
  if (n <= 0) return 0;
  for (size_t i = 0; i < fds.size(); ++i)
    if (fds[i].revents != 0) handlers[i](fds[i].revents);
  return n;
}

}  // namespace openlim::shell
