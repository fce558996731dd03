#pragma once
// The state of one elim (a "probe"): where it is in its life, its pipes' framing, and its
// counters. The transitions live in Supervisor; this is the data they act on.

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "core/elim_line.h"
#include "util/line_framer.h"
#include "util/restart_policy.h"

namespace openlim::melim {

enum class ProbeState : uint8_t {
  kPending,   // known, first start due
  kRunning,   // started, reading its output
  kStopping,  // TERM sent to its group, waiting for it to exit (KILL at killAt)
  kBackoff,   // exited, restart at restartAt
  kAborted,   // exited with ELIM_ABORT_VALUE: never restarted
  kGaveUp,    // LSF_ELIM_RESTARTS reached
  kRemoved,   // its file is gone (rescan)
  kDone,      // stopped for shutdown
};

const char* probeStateName(ProbeState s);

// Allows a burst of messages per window, then counts what it suppresses.
struct RateLimit {
  double windowStart = -std::numeric_limits<double>::infinity();
  int used = 0;
  uint64_t suppressed = 0;
  // Returns true when a message may be logged now. When a new window opens with suppressed
  // messages, flushed gets their number (to be logged once) and the count restarts.
  bool allow(double now, double window, int burst, uint64_t& flushed);
};

struct Probe {
  Probe(std::string n, std::string p, size_t maxLine)
      : name(std::move(n)), path(std::move(p)), out(maxLine), err(kMaxStderrLine) {}

  static constexpr size_t kMaxStderrLine = 4096;
  std::string name;
  std::string path;
  ProbeState state = ProbeState::kPending;
  int pid = -1;
  int generation = 0;  // which start the pipes belong to; events for older ones are stale
  int starts = 0;
  int startsBeforeRetry = 0;  // `starts` at the last reconfig retry: the cap counts from there
  double lastStart = -std::numeric_limits<double>::infinity();
  double lastLine = -1;      // time of the last complete stdout line; -1 = none yet
  double partialSince = -1;  // when the current unfinished line began; -1 = none
  bool outputOpen = false;   // stdout pipe not yet at EOF
  double eofAt = -1;         // stdout reached EOF while the process still ran
  double restartAt = 0;
  double killAt = 0;  // when stopping: KILL the group then
  bool killSent = false;
  std::string stopCause;  // why we stopped it
  bool removeWhenStopped = false;
  DeathTally tally;
  LineFramer out;
  LineFramer err;
  // Counters (status JSON).
  uint64_t accepted = 0;
  std::array<uint64_t, static_cast<size_t>(DropReason::kCount)> dropped{};
  uint64_t ignoredPairs = 0;
  uint64_t conflicts = 0;
  uint64_t stderrLines = 0;
  std::vector<std::string> conflictNames;
  std::vector<bool> ignoredLogged;  // per slot: "not expected here" logged once
  RateLimit dropLog;
  RateLimit errLog;
  int lastExitCode = -1;  // -1 = none
  int lastSignal = 0;
  std::string lastError;  // start failure text
};

}  // namespace openlim::melim
