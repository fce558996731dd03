#pragma once
// Mechanism apart from policy (docs/architecture.md, principle 2): a DeathTally records how a
// supervised process ended; the restart policy maps the record to "restart at T", "aborted"
// or "gave up". One mechanism and one policy for every supervisor: melim uses them for its
// elims, lim for melim. Pure: times are the caller's `now`.

#include <cstdint>
#include <deque>
#include <string>

namespace openlim {

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
  // How many deaths in a row ended like the last one (same kind and code); 0 when none.
  int sameInARow() const { return sameInARow_; }

 private:
  static constexpr size_t kKeep = 8;
  std::deque<Death> recent_;
  int total_ = 0;
  int sameInARow_ = 0;
};

struct RestartRules {
  double restartInterval = 90;  // no start sooner than this after the previous start
  int maxRestarts = -1;         // -1 = unlimited
  int abortValue = 97;          // exit code meaning "never restart me"; -1 = none
};

enum class Verdict : uint8_t { kRestart, kAborted, kGaveUp };

struct RestartDecision {
  Verdict verdict = Verdict::kRestart;
  double at = 0;  // when kRestart
};

// REQUIRES: tally holds the death being decided on (tally.last() != nullptr).
// lastStart: when the process last started; starts: how many times it has been started.
RestartDecision decideRestart(const RestartRules& rules, const DeathTally& tally, double lastStart,
                              int starts);

// Whether the n-th identical death in a row deserves a log line: the first three, then the
// powers of two (8, 16, 32, ...), so a crash loop logs a few dozen lines a day, not thousands.
bool worthLogging(int nthInARow);

}  // namespace openlim
