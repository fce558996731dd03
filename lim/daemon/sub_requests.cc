#include "sub_requests.h"

#include <limits>

namespace openlim::lim {

void SubRequests::start(uint64_t id, const std::string& numericAddress, uint16_t port,
                        std::string frameBytes, double deadline) {
  Live l{id, nullptr};
  if (!numericAddress.empty())
    l.req = std::make_unique<shell::AsyncRequest>(numericAddress, port, std::move(frameBytes),
                                                  deadline);
  live_.push_back(std::move(l));
}

void SubRequests::registerWith(shell::Poller& poller) {
  for (auto& l : live_) {
    if (!l.req || l.req->finished()) continue;
    shell::AsyncRequest* r = l.req.get();
    poller.add(r->fd(), r->events(), [r](short revents) { r->onReady(revents); });
  }
}

void SubRequests::drain(double now, const OnDone& done) {
  std::vector<Live> finished;
  for (auto& l : live_) {
    if (l.req && !l.req->finished() && now >= l.req->deadline()) l.req->expire();
    if (!l.req || l.req->finished()) finished.push_back(std::move(l));
  }
  std::erase_if(live_, [](const Live& l) { return l.req == nullptr; });
  for (const auto& l : finished) done(l.id, l.req ? l.req->result() : l.unsent);
}

double SubRequests::nextDeadline() const {
  double next = std::numeric_limits<double>::infinity();
  for (const auto& l : live_) {
    if (!l.req || l.req->finished()) return 0;  // to hand over at once
    next = std::min(next, l.req->deadline());
  }
  return next;
}

}  // namespace openlim::lim
