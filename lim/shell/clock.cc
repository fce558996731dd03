#include "clock.h"

#include <chrono>
#include <ctime>

namespace openlim::shell {

double monotonicSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double wallSeconds() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

uint64_t wallMicros() {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(
                                   std::chrono::system_clock::now().time_since_epoch())
                                   .count());
}

policy::LocalTime localTimeAt(double wall) {
  std::time_t t = static_cast<std::time_t>(wall);
  std::tm tm{};
  localtime_r(&t, &tm);
  return policy::fromTm(tm);
}

node::Now clockNow() {
  node::Now n;
  n.mono = monotonicSeconds();
  n.wall = wallSeconds();
  n.local = localTimeAt(n.wall);
  return n;
}

}  // namespace openlim::shell
