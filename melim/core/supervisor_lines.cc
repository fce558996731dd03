// Supervisor: what happens to the bytes an elim writes (stdout lines, stderr, EOF) and what
// melim writes back.
#include <algorithm>

#include "core/supervisor.h"
#include "util/log_escape.h"
#include "util/period_grid.h"

namespace openlim::melim {
namespace {

constexpr double kDropLogWindow = 60;  // seconds
constexpr int kDropLogBurst = 5;
constexpr double kStderrWindow = 10;
constexpr int kStderrBurst = 20;
constexpr size_t kLogPrefix = 160;

// Elim output in a log line: bounded, and escaped where it enters the message (the clip
// counts raw bytes). Supervisor::log escapes the elim's name itself.
std::string clip(std::string_view s) {
  return escapeForLog(s, kLogPrefix);
}

}  // namespace

void Supervisor::onStdout(int id, int generation, std::string_view bytes, double now) {
  if (id < 0 || id >= probeCount()) return;
  Probe& p = at(id);
  if (p.generation != generation || p.state != ProbeState::kRunning || !p.outputOpen) return;
  uint64_t before = p.out.newlines();
  p.out.feed(bytes, [&](FrameEvent e, std::string_view line) {
    if (e == FrameEvent::kLine) {
      handleLine(id, line, now);
    } else {
      p.lastLine = now;
      dropLine(id, DropReason::kOverlong, line, now);
    }
  });
  if (p.out.newlines() != before) {
    p.partialSince = p.out.midLine() ? now : -1;
  } else if (p.out.midLine() && p.partialSince < 0) {
    p.partialSince = now;
  }
}

void Supervisor::handleLine(int id, std::string_view line, double now) {
  Probe& p = at(id);
  p.lastLine = now;
  if (settings_.debug) log(LogLevel::kInfo, p, "line: " + clip(line));
  DropReason r = parseElimLine(line, catalog_, scratch_);
  if (r != DropReason::kNone) return dropLine(id, r, line, now);
  applyLine(id, now);
}

void Supervisor::applyLine(int id, double now) {
  Probe& p = at(id);
  ++p.accepted;
  ++linesAccepted_;
  for (int slot : scratch_.ignored) {
    ++p.ignoredPairs;
    if (p.ignoredLogged[static_cast<size_t>(slot)]) continue;
    p.ignoredLogged[static_cast<size_t>(slot)] = true;
    log(LogLevel::kWarning, p,
        "ignoring " + catalog_.spec(slot).name +
            ": not expected on this host (not in LSF_RESOURCES)");
  }
  conflicts_.clear();
  merger_.apply(id, scratch_.pairs, now, conflicts_);
  if (!scratch_.pairs.empty()) agesDirty_ = true;
  for (auto [slot, other] : conflicts_) {
    ++p.conflicts;
    const std::string& name = catalog_.spec(slot).name;
    if (std::find(p.conflictNames.begin(), p.conflictNames.end(), name) != p.conflictNames.end())
      continue;
    p.conflictNames.push_back(name);
    log(LogLevel::kWarning, p,
        name + " is also reported by " + at(other).name + "; the newest value wins");
    markStatus();
  }
}

void Supervisor::dropLine(int id, DropReason reason, std::string_view line, double now) {
  Probe& p = at(id);
  ++p.dropped[static_cast<size_t>(reason)];
  uint64_t flushed = 0;
  bool allowed = p.dropLog.allow(now, kDropLogWindow, kDropLogBurst, flushed);
  if (flushed)
    log(LogLevel::kWarning, p, std::to_string(flushed) + " more dropped lines not logged");
  if (!allowed) return;
  std::string why = dropReasonName(reason);
  if (!scratch_.badToken.empty() && reason != DropReason::kOverlong)
    why += " at '" + clip(scratch_.badToken) + "'";
  log(LogLevel::kWarning, p, "line dropped (" + why + "): " + clip(line));
}

void Supervisor::onStderr(int id, int generation, std::string_view bytes, double now) {
  if (id < 0 || id >= probeCount()) return;
  Probe& p = at(id);
  if (p.generation != generation) return;
  p.err.feed(bytes, [&](FrameEvent, std::string_view line) { logStderr(id, line, now); });
}

void Supervisor::logStderr(int id, std::string_view line, double now) {
  Probe& p = at(id);
  ++p.stderrLines;
  uint64_t flushed = 0;
  bool allowed = p.errLog.allow(now, kStderrWindow, kStderrBurst, flushed);
  if (flushed) log(LogLevel::kWarning, p, std::to_string(flushed) + " stderr lines not logged");
  if (allowed) log(LogLevel::kWarning, p, "stderr: " + clip(line));
}

void Supervisor::onStdoutEof(int id, int generation, double now) {
  if (id < 0 || id >= probeCount()) return;
  Probe& p = at(id);
  if (p.generation != generation || !p.outputOpen) return;
  p.outputOpen = false;
  if (p.out.reset()) {
    ++p.dropped[static_cast<size_t>(DropReason::kPartialAtEof)];
    log(LogLevel::kWarning, p, "unfinished line at end of output dropped");
  }
  p.partialSince = -1;
  // Usually the exit follows at once; one that keeps running is stopped after the grace.
  if (p.state == ProbeState::kRunning) p.eofAt = now;
}

std::optional<std::string> Supervisor::takeOutput(double now) {
  if (!merger_.changed() && now < nextOnGrid(lastOutput_, settings_.pollInterval))
    return std::nullopt;
  merger_.clearChanged();
  lastOutput_ = now;
  // The status line (values with their ages) follows every vector line: lim ages each value
  // from it, and a value melim repeats unchanged is fresh only if its age says so.
  markStatus();
  return merger_.formatVector();
}

std::optional<std::string> Supervisor::takeStatus(double now, double wallNow) {
  bool agesDue = agesDirty_ && now >= lastStatus_ + kAgeRefresh;
  if (!statusDirty_ && !agesDue && now < nextOnGrid(lastStatus_, settings_.pollInterval))
    return std::nullopt;
  statusDirty_ = false;
  agesDirty_ = false;
  lastStatus_ = now;
  return statusJson(now, wallNow);
}

}  // namespace openlim::melim
