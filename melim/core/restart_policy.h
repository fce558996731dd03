#pragma once
// Mechanism apart from policy (DESIGN.md principle 2, after s6): the DeathTally records how
// an elim ended; restart policy maps the record to "restart at T", "aborted" or "gave up".

#include <cstdint>
#include <deque>
#include <string>

namespace openlim::melim {

enum class EndKind : uint8_t {
  kExited,    // exit(code)
  kSignaled,  // killed by a signal it did not expect from us
  kKilled,    // we killed it (blocktime, watchdog, EOF while running, removal)
};

struct Death {
  double at = 0;
  EndKind kind = EndKind::kExited;
  int code = 0;       // exit code or signal number
  std::string cause;  // why we killed it, when kKilled
};

class DeathTally {
 public:
  void record(Death d);
  int count() const { return total_; }
  const Death* last() const { return recent_.empty() ? nullptr : &recent_.back(); }
  const std::deque<Death>& recent() const { return recent_; }  // newest last, bounded

 private:
  static constexpr size_t kKeep = 8;
  std::deque<Death> recent_;
  int total_ = 0;
};

struct RestartRules {
  double restartInterval = 90;  // no start sooner than this after the previous start
  int maxRestarts = -1;         // -1 = unlimited
  int abortValue = 97;
};

enum class Verdict : uint8_t { kRestart, kAborted, kGaveUp };

struct RestartDecision {
  Verdict verdict = Verdict::kRestart;
  double at = 0;  // when kRestart
};

// REQUIRES: tally holds the death being decided on (tally.last() != nullptr).
// lastStart: when the elim last started; starts: how many times it has been started.
RestartDecision decideRestart(const RestartRules& rules, const DeathTally& tally, double lastStart,
                              int starts);

}  // namespace openlim::melim
