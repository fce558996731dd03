#include "connection_watchdog.h"

#include <Poco/Exception.h>

#include <chrono>
#include <limits>

#include "lim_server.h"

namespace openlim::lim {

ConnectionWatchdog::ConnectionWatchdog() : thread_([this] { run(); }) {}

ConnectionWatchdog::~ConnectionWatchdog() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

uint64_t ConnectionWatchdog::add(const Poco::Net::StreamSocket& socket, double deadline) {
  std::lock_guard lock(mu_);
  uint64_t id = nextId_++;
  entries_.emplace(id, Entry{socket, deadline});
  cv_.notify_all();
  return id;
}

void ConnectionWatchdog::extend(uint64_t id, double deadline) {
  std::lock_guard lock(mu_);
  auto it = entries_.find(id);
  if (it != entries_.end()) it->second.deadline = deadline;
}

void ConnectionWatchdog::remove(uint64_t id) {
  std::lock_guard lock(mu_);
  entries_.erase(id);
}

void ConnectionWatchdog::cutAll() {
  std::lock_guard lock(mu_);
  for (auto& [id, e] : entries_) e.deadline = 0;
  cv_.notify_all();
}

uint64_t ConnectionWatchdog::cutOff() const {
  std::lock_guard lock(mu_);
  return cutOff_;
}

void ConnectionWatchdog::run() {
  std::unique_lock lock(mu_);
  while (!stop_) {
    double next = std::numeric_limits<double>::infinity();
    const double now = monotonicNow();
    for (auto it = entries_.begin(); it != entries_.end();) {
      if (it->second.deadline <= now) {
        try {
          it->second.socket.shutdown();  // the serving thread's read or write returns
        } catch (const Poco::Exception&) {
        }
        ++cutOff_;
        it = entries_.erase(it);
      } else {
        next = std::min(next, it->second.deadline);
        ++it;
      }
    }
    // Deadlines are seconds apart: waking at most every second is precise enough, and a
    // newly added entry (a later deadline than any now waited for) needs no earlier wake.
    const double wait = std::min(1.0, next - now);
    cv_.wait_for(lock, std::chrono::duration<double>(wait));
  }
}

}  // namespace openlim::lim
