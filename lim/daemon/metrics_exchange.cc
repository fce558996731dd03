#include "metrics_exchange.h"

#include <sys/eventfd.h>
#include <unistd.h>

#include <chrono>

#include "clock.h"
#include "lim_server.h"

namespace openlim::lim {

MetricsExchange::MetricsExchange(master::MetricsInput identity)
    : identity_(std::move(identity)), lastTurn_(shell::monotonicSeconds()) {
  wakeFd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

MetricsExchange::~MetricsExchange() {
  if (wakeFd_ >= 0) ::close(wakeFd_);
}

void MetricsExchange::wake() {
  uint64_t one = 1;
  [[maybe_unused]] ssize_t n = ::write(wakeFd_, &one, sizeof one);  // full counter: awake anyway
}

void MetricsExchange::serve(const std::function<master::MetricsInputPtr()>& build) {
  uint64_t count = 0;
  [[maybe_unused]] ssize_t n = ::read(wakeFd_, &count, sizeof count);
  std::unique_lock lock(mu_);
  if (latest_ && readers_ == 0) latest_.reset();  // the loop may patch its table again
  if (!wanted_) return;
  lock.unlock();
  master::MetricsInputPtr in = build();
  lock.lock();
  latest_ = std::move(in);
  wanted_ = false;
  ++generation_;
  handovers_.fetch_add(1, std::memory_order_relaxed);
  cv_.notify_all();
}

std::string MetricsExchange::scrape(double waitSeconds) {
  std::unique_lock lock(mu_);
  wanted_ = true;
  const uint64_t asked = generation_;
  wake();
  const bool answered = cv_.wait_for(lock, std::chrono::duration<double>(waitSeconds),
                                     [&] { return generation_ != asked; });
  master::MetricsInputPtr in = answered ? latest_ : nullptr;
  if (in) ++readers_;
  lock.unlock();
  const double loopAge = shell::monotonicSeconds() - lastTurn_.load(std::memory_order_relaxed);
  std::string body = master::writeMetrics(in ? *in : identity_, loopAge);
  if (in) {
    lock.lock();
    in.reset();  // under the lock: the loop sees every reader done before it drops latest_
    --readers_;
    lock.unlock();
    wake();  // so the loop drops its copy now, not at its next turn
  }
  return body;
}

}  // namespace openlim::lim
