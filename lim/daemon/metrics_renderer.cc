#include "metrics_renderer.h"

#include <unistd.h>

#include <utility>

namespace openlim::lim {

MetricsRenderer::MetricsRenderer(MetricsExchange& exchange, double waitSeconds, int wakeFd)
    : exchange_(exchange), waitSeconds_(waitSeconds), wakeFd_(wakeFd) {
  thread_ = std::thread([this] { run(); });
}

MetricsRenderer::~MetricsRenderer() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

void MetricsRenderer::request(uint64_t id) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    queue_.push_back(id);
  }
  cv_.notify_one();
}

std::vector<MetricsRenderer::Rendered> MetricsRenderer::takeDone() {
  std::lock_guard<std::mutex> lock(mu_);
  return std::exchange(done_, {});
}

void MetricsRenderer::run() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    cv_.wait(lock, [this] { return stop_ || !queue_.empty(); });
    if (stop_) return;
    Rendered r;
    r.ids = std::exchange(queue_, {});
    lock.unlock();
    r.body = std::make_shared<const std::string>(exchange_.scrape(waitSeconds_));
    lock.lock();
    done_.push_back(std::move(r));
    uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(wakeFd_, &one, sizeof one);
  }
}

}  // namespace openlim::lim
