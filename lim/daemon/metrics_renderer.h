#pragma once
// The metrics endpoint's one worker thread: writes scrape bodies (MetricsExchange::scrape,
// which waits for the lim loop's hand-over and then formats the text) so that the endpoint's
// I/O thread never waits for either. Requests that wait together share one body: a burst of
// scrapes costs one hand-over and one text, and one copy of it in memory.

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "metrics_exchange.h"

namespace openlim::lim {

class MetricsRenderer {
 public:
  struct Rendered {
    std::vector<uint64_t> ids;  // the requests this body answers
    std::shared_ptr<const std::string> body;
  };

  // After each body it writes 1 to the eventfd `wakeFd` (the I/O thread polls it).
  MetricsRenderer(MetricsExchange& exchange, double waitSeconds, int wakeFd);
  ~MetricsRenderer();  // stops the thread once the body being written is done
  MetricsRenderer(const MetricsRenderer&) = delete;
  MetricsRenderer& operator=(const MetricsRenderer&) = delete;

  void request(uint64_t id);
  // The bodies written since the last call.
  std::vector<Rendered> takeDone();

 private:
  void run();

  MetricsExchange& exchange_;
  const double waitSeconds_;
  const int wakeFd_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<uint64_t> queue_;
  std::vector<Rendered> done_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace openlim::lim
