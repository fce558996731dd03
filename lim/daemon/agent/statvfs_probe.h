#pragma once
// statvfs(/tmp) off the main loop (LSF's LIM behaviour: a hung filesystem must not block the
// agent). One worker thread per probe; the loop never waits for it. A probe that has not answered
// by its deadline yields "unknown"; while it is still hung no new probe is started (so a
// dead mount costs one stuck thread, never a growing pile), and a late answer is discarded.

#include <sys/statvfs.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace openlim::agent {

using StatvfsFn = std::function<int(const char* path, struct statvfs* out)>;

struct FsSpace {
  double freeMb = 0;   // f_bavail * f_frsize
  double totalMb = 0;  // f_blocks * f_frsize
};

class StatvfsProbe {
 public:
  // fn defaults to ::statvfs.
  StatvfsProbe(std::string path, double timeoutSeconds, StatvfsFn fn = {});
  ~StatvfsProbe();  // detaches a hung worker (it holds only shared state)
  StatvfsProbe(const StatvfsProbe&) = delete;
  StatvfsProbe& operator=(const StatvfsProbe&) = delete;

  enum class State : uint8_t { kIdle, kPending, kHung };
  // Starts a probe at `now` unless one is pending or hung. Returns false when not started.
  bool start(double now);
  // Non-blocking: the answer if the probe finished (then idle again); nullopt while pending.
  // After the deadline: returns an unknown answer once (state kHung until the worker
  // returns). An answer of nullopt inside the optional = failed or timed out.
  std::optional<std::optional<FsSpace>> poll(double now);
  State state() const { return state_; }
  uint64_t timeouts() const { return timeouts_; }
  uint64_t failures() const { return failures_; }

 private:
  struct Shared;
  std::string path_;
  double timeout_;
  StatvfsFn fn_;
  std::shared_ptr<Shared> shared_;
  State state_ = State::kIdle;
  double startedAt_ = 0;
  uint64_t timeouts_ = 0;
  uint64_t failures_ = 0;
};

}  // namespace openlim::agent
