#include "core/supervisor.h"

#include <algorithm>
#include <csignal>
#include <map>

#include "util/log_escape.h"
#include "util/period_grid.h"

namespace openlim::melim {
namespace {

std::string seconds(double s) {
  std::string out;
  Merger::appendNumber(out, static_cast<double>(static_cast<long long>(s * 1000)) / 1000);
  return out + "s";
}

}  // namespace

Supervisor::Supervisor(Settings settings, ProcessPort* processes, LogPort* log)
    : settings_(std::move(settings)),
      catalog_(settings_.names),
      merger_(&catalog_, settings_.staleFactor),
      processes_(processes),
      log_(log) {}

int Supervisor::findProbe(const std::string& name) const {
  for (size_t i = 0; i < probes_.size(); ++i)
    if (probes_[i]->name == name) return static_cast<int>(i);
  return -1;
}

void Supervisor::log(LogLevel level, const Probe& p, const std::string& text) {
  if (log_) log_->log(level, escapeForLog(p.name), text);  // a file name may hold anything
}

void Supervisor::setElims(const std::vector<ElimFile>& files, double now) {
  std::map<std::string, const ElimFile*> wanted;
  for (const auto& f : files) wanted[f.name] = &f;
  for (size_t i = 0; i < probes_.size(); ++i) {
    Probe& p = *probes_[i];
    if (wanted.count(p.name)) continue;
    if (p.state == ProbeState::kRunning || p.state == ProbeState::kStopping) {
      p.removeWhenStopped = true;
      stopProbe(static_cast<int>(i), "removed from the elim directory", now);
    } else if (p.state != ProbeState::kRemoved) {
      p.state = ProbeState::kRemoved;
      log(LogLevel::kInfo, p, "removed from the elim directory");
    }
  }
  for (const auto& [name, f] : wanted) {
    int id = findProbe(name);
    if (id >= 0) {
      Probe& p = at(id);
      p.path = f->path;
      if (p.state == ProbeState::kRemoved) p.state = ProbeState::kPending;
      p.removeWhenStopped = false;
      continue;
    }
    auto p = std::make_unique<Probe>(name, f->path, settings_.maxLine);
    p->ignoredLogged.assign(static_cast<size_t>(catalog_.size()), false);
    probes_.push_back(std::move(p));
    merger_.ensureSources(static_cast<int>(probes_.size()));
  }
  markStatus();
}

int Supervisor::retryStopped() {
  if (shuttingDown_) return 0;
  int n = 0;
  for (auto& pp : probes_) {
    Probe& p = *pp;
    if (p.state != ProbeState::kAborted && p.state != ProbeState::kGaveUp &&
        p.state != ProbeState::kBackoff)
      continue;
    log(LogLevel::kInfo, p,
        std::string("reconfig: retrying (was ") + probeStateName(p.state) + ")");
    p.state = ProbeState::kPending;
    p.startsBeforeRetry = p.starts;
    ++n;
  }
  if (n > 0) markStatus();
  return n;
}

void Supervisor::startProbe(int id, double now) {
  Probe& p = at(id);
  ++p.generation;
  ++p.starts;
  p.lastStart = now;
  p.out.reset();
  p.err.reset();
  p.partialSince = -1;
  p.eofAt = -1;
  p.killSent = false;
  p.stopCause.clear();
  markStatus();
  Result<int> pid = processes_->start(id, p.generation, p.path, settings_.elimArgs);
  if (!pid) {
    p.lastError = pid.status().message();
    log(LogLevel::kError, p, "cannot start " + escapeForLog(p.path) + ": " + p.lastError);
    p.state = ProbeState::kRunning;  // so handleDeath treats it as a failed run
    handleDeath(id, Death{now, EndKind::kExited, 127, "start failed"}, now);
    return;
  }
  p.lastError.clear();
  p.pid = *pid;
  p.state = ProbeState::kRunning;
  p.outputOpen = true;
  std::erase_if(leftoverGroups_, [&](const GroupKill& g) { return g.pgid == p.pid; });
  log(LogLevel::kInfo, p,
      "started, pid " + std::to_string(p.pid) + " (start " + std::to_string(p.starts) + ")");
}

void Supervisor::stopProbe(int id, const std::string& cause, double now) {
  Probe& p = at(id);
  if (p.state != ProbeState::kRunning) return;
  p.state = ProbeState::kStopping;
  p.stopCause = cause;
  p.killAt = now + settings_.killGrace;
  log(shuttingDown_ ? LogLevel::kInfo : LogLevel::kWarning, p,
      "stopping pid " + std::to_string(p.pid) + ": " + cause);
  merger_.dropSource(id);
  if (p.outputOpen) processes_->closeOutput(id, p.generation);
  p.outputOpen = false;
  p.partialSince = -1;
  processes_->signalGroup(p.pid, SIGTERM);
  markStatus();
}

void Supervisor::onExit(int pid, ExitStatus status, double now) {
  for (size_t i = 0; i < probes_.size(); ++i) {
    Probe& p = *probes_[i];
    if (p.pid != pid) continue;
    if (p.state != ProbeState::kRunning && p.state != ProbeState::kStopping) continue;
    Death d{now, status.signaled ? EndKind::kSignaled : EndKind::kExited, status.code, ""};
    if (status.signaled && p.state == ProbeState::kStopping) {
      d.kind = EndKind::kKilled;
      d.cause = p.stopCause;
    }
    p.lastExitCode = status.signaled ? -1 : status.code;
    p.lastSignal = status.signaled ? status.code : 0;
    handleDeath(static_cast<int>(i), std::move(d), now);
    return;
  }
}

void Supervisor::handleDeath(int id, Death death, double now) {
  Probe& p = at(id);
  merger_.dropSource(id);
  if (p.out.reset()) ++p.dropped[static_cast<size_t>(DropReason::kPartialAtEof)];
  if (p.outputOpen && p.pid > 0) processes_->closeOutput(id, p.generation);
  p.outputOpen = false;
  p.partialSince = -1;
  if (p.pid > 0) {
    // Grandchildren may still hold the pipe: their group goes too (TERM now, KILL later).
    processes_->signalGroup(p.pid, SIGTERM);
    leftoverGroups_.push_back({p.pid, now + settings_.killGrace});
  }
  p.pid = -1;
  std::string how =
      death.kind == EndKind::kExited     ? "exited with code " + std::to_string(death.code)
      : death.kind == EndKind::kSignaled ? "killed by signal " + std::to_string(death.code)
                                         : "stopped (" + death.cause + ")";
  p.tally.record(std::move(death));
  markStatus();
  if (shuttingDown_) {
    p.state = ProbeState::kDone;
    return log(LogLevel::kInfo, p, how);
  }
  if (p.removeWhenStopped) {
    p.state = ProbeState::kRemoved;
    return log(LogLevel::kInfo, p, how + "; removed");
  }
  RestartDecision d =
      decideRestart(settings_.rules, p.tally, p.lastStart, p.starts - p.startsBeforeRetry);
  if (d.verdict == Verdict::kAborted) {
    p.state = ProbeState::kAborted;
    return log(LogLevel::kInfo, p,
               how + " (ELIM_ABORT_VALUE): nothing to report here; not restarted");
  }
  if (d.verdict == Verdict::kGaveUp) {
    p.state = ProbeState::kGaveUp;
    return log(LogLevel::kError, p, how + "; LSF_ELIM_RESTARTS reached, not restarted");
  }
  p.state = ProbeState::kBackoff;
  p.restartAt = d.at;
  log(LogLevel::kWarning, p, how + "; restart in " + seconds(d.at - now));
}

void Supervisor::advanceProbe(int id, double now) {
  Probe& p = at(id);
  switch (p.state) {
    case ProbeState::kPending:
      if (!shuttingDown_) startProbe(id, now);
      break;
    case ProbeState::kBackoff:
      if (!shuttingDown_ && now >= p.restartAt) startProbe(id, now);
      break;
    case ProbeState::kRunning:
      if (p.partialSince >= 0 && now >= p.partialSince + settings_.blockTime) {
        ++p.dropped[static_cast<size_t>(DropReason::kPartialTimeout)];
        std::string text = escapeForLog(p.out.pending(), 200);
        p.out.reset();  // counted here: the coming death must not count it as at-EOF too
        stopProbe(id,
                  "unfinished line for " + seconds(now - p.partialSince) +
                      " (LSF_ELIM_BLOCKTIME): '" + text + "'",
                  now);
      } else if (settings_.watchdog > 0 &&
                 now >= std::max(p.lastStart, p.lastLine) + settings_.watchdog) {
        stopProbe(id, "silent for " + seconds(settings_.watchdog) + " (LSF_ELIM_WATCHDOG)", now);
      } else if (p.eofAt >= 0 && now >= p.eofAt + settings_.killGrace) {
        stopProbe(id, "closed its stdout but keeps running", now);
      }
      break;
    case ProbeState::kStopping:
      if (!p.killSent && now >= p.killAt) {
        log(LogLevel::kWarning, p, "did not exit on TERM; sending KILL");
        processes_->signalGroup(p.pid, SIGKILL);
        p.killSent = true;
      }
      break;
    default:
      break;
  }
}

void Supervisor::advance(double now) {
  for (size_t i = 0; i < probes_.size(); ++i) advanceProbe(static_cast<int>(i), now);
  for (auto it = leftoverGroups_.begin(); it != leftoverGroups_.end();) {
    if (now >= it->at) {
      processes_->signalGroup(it->pgid, SIGKILL);
      it = leftoverGroups_.erase(it);
    } else {
      ++it;
    }
  }
  merger_.expire(now);
}

void Supervisor::shutdown(double now) {
  shuttingDown_ = true;
  for (size_t i = 0; i < probes_.size(); ++i) {
    Probe& p = *probes_[i];
    if (p.state == ProbeState::kRunning) {
      stopProbe(static_cast<int>(i), "shutdown", now);
    } else if (p.state == ProbeState::kPending || p.state == ProbeState::kBackoff) {
      p.state = ProbeState::kDone;
    }
  }
  // Leftover groups go at once: nothing will wait for them after exit.
  for (const auto& g : leftoverGroups_) processes_->signalGroup(g.pgid, SIGKILL);
  leftoverGroups_.clear();
  markStatus();
}

bool Supervisor::finished() const {
  if (!shuttingDown_) return false;
  for (const auto& p : probes_)
    if (p->state == ProbeState::kRunning || p->state == ProbeState::kStopping) return false;
  return true;
}

double Supervisor::probeDeadline(const Probe& p) const {
  switch (p.state) {
    case ProbeState::kPending:
      return shuttingDown_ ? kNever : 0;
    case ProbeState::kBackoff:
      return shuttingDown_ ? kNever : p.restartAt;
    case ProbeState::kStopping:
      return p.killSent ? kNever : p.killAt;
    case ProbeState::kRunning: {
      double d = kNever;
      if (p.partialSince >= 0) d = std::min(d, p.partialSince + settings_.blockTime);
      if (settings_.watchdog > 0)
        d = std::min(d, std::max(p.lastStart, p.lastLine) + settings_.watchdog);
      if (p.eofAt >= 0) d = std::min(d, p.eofAt + settings_.killGrace);
      return d;
    }
    default:
      return kNever;
  }
}

double Supervisor::nextDeadline() const {
  double d = merger_.nextExpiry();
  for (const auto& p : probes_) d = std::min(d, probeDeadline(*p));
  for (const auto& g : leftoverGroups_) d = std::min(d, g.at);
  if (!shuttingDown_) {
    d = std::min(d, nextOnGrid(lastOutput_, settings_.pollInterval));
    if (statusEnabled_)
      d = std::min(d, agesDirty_ ? lastStatus_ + kAgeRefresh
                                 : nextOnGrid(lastStatus_, settings_.pollInterval));
  }
  return d;
}

}  // namespace openlim::melim
