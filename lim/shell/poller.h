#pragma once
// The daemon's one poll(2) loop, as a set of sources registered anew each turn: a source
// (the UDP socket, a connection, the metrics endpoint, melim's pipe) adds each descriptor
// with the events it wants now and the handler to call when they come. Adding a source is
// one add() call, never an index into a fixed array. The handlers of one turn run after
// poll returns, in the order added; a handler may add nothing for this turn (the set is
// taken at wait()).

#include <poll.h>

#include <functional>
#include <vector>

namespace openlim::shell {

class Poller {
 public:
  using Handler = std::function<void(short revents)>;

  // For the next wait() only. fd < 0 is ignored (as poll(2) does).
  void add(int fd, short events, Handler onReady);
  // Polls the descriptors added since the last wait for at most `timeoutMs` (< 0: until one
  // is ready), calls the handlers of the ready ones and forgets them all. Returns how many
  // were ready (0 on timeout or EINTR).
  int wait(int timeoutMs);

 private:
  std::vector<pollfd> fds_;  // added for the next wait
  std::vector<Handler> handlers_;
  std::vector<pollfd> polled_;  // the set being polled (kept for its capacity)
  std::vector<Handler> polledHandlers_;
};

}  // namespace openlim::shell
