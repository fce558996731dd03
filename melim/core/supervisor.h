#pragma once
// melim's brain: starts elims, reads their lines, merges values, restarts or gives
// up, kills hung ones, and says what to write to lim. Pure and single-threaded: the shell
// turns pipe reads, child exits and timer expiries into calls, and the supervisor acts
// through two ports. The loop sleeps until nextDeadline() and then calls advance(now).

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/catalog.h"
#include "core/merger.h"
#include "core/probe.h"
#include "core/settings.h"
#include "openlim/status.h"

namespace openlim::melim {

enum class LogLevel : uint8_t { kDebug, kInfo, kWarning, kError };

// Effects on processes, implemented by the shell (and by a fake in unit tests).
class ProcessPort {
 public:
  virtual ~ProcessPort() = default;
  // Starts path in its own session with args; returns the pid. Its stdout/stderr bytes are
  // later reported with (probe, generation).
  virtual Result<int> start(int probe, int generation, const std::string& path,
                            const std::vector<std::string>& args) = 0;
  virtual void signalGroup(int pgid, int signal) = 0;
  // Stop reading (and close) the pipes of that start.
  virtual void closeOutput(int probe, int generation) = 0;
};

class LogPort {
 public:
  virtual ~LogPort() = default;
  virtual void log(LogLevel level, const std::string& elim, const std::string& text) = 0;
};

struct ElimFile {
  std::string name;  // file name, e.g. elim.nio
  std::string path;
};

// How a child ended, as waitpid said.
struct ExitStatus {
  bool signaled = false;
  int code = 0;  // exit code, or signal number when signaled
};

class Supervisor {
 public:
  Supervisor(Settings settings, ProcessPort* processes, LogPort* log);

  // The elim directory as scanned now: new elims are started, gone ones are stopped, the
  // others run on untouched.
  void setElims(const std::vector<ElimFile>& files, double now);
  // Reconfig (SIGHUP, after the rescan): an elim that aborted (ELIM_ABORT_VALUE), gave up
  // (LSF_ELIM_RESTARTS) or waits out its restart throttle starts again at the next
  // advance(), its restart count starting afresh, as LSF's reconfig restarts every elim; the
  // admin may have fixed it. Running elims are untouched. Returns how many were retried.
  int retryStopped();
  void onStdout(int probe, int generation, std::string_view bytes, double now);
  void onStderr(int probe, int generation, std::string_view bytes, double now);
  void onStdoutEof(int probe, int generation, double now);
  // waitpid reported pid. Pids that are not a current elim (grandchildren) are ignored.
  void onExit(int pid, ExitStatus status, double now);
  // Runs whatever is due: starts, restarts, kills, staleness.
  void advance(double now);
  // TERM every elim group; KILL after the grace; finished() once all have exited.
  void shutdown(double now);
  bool finished() const;
  double nextDeadline() const;

  // The merged vector to write when it changed or ELIM_POLL_INTERVAL passed since the last
  // one; nullopt otherwise.
  std::optional<std::string> takeOutput(double now);
  // A status JSON line when something changed, after each vector line (takeOutput), within
  // a second of an elim repeating a value (its age restarts), and every ELIM_POLL_INTERVAL;
  // nullopt otherwise.
  std::optional<std::string> takeStatus(double now, double wallNow);
  std::string statusJson(double now, double wallNow) const;
  // Whether anyone reads status (fd 3 open); if not, its period sets no deadline.
  void enableStatus(bool on) { statusEnabled_ = on; }

  const Catalog& catalog() const { return catalog_; }
  const Merger& merger() const { return merger_; }
  const Settings& settings() const { return settings_; }
  int probeCount() const { return static_cast<int>(probes_.size()); }
  const Probe& probe(int i) const { return *probes_[static_cast<size_t>(i)]; }
  int findProbe(const std::string& name) const;
  uint64_t linesAccepted() const { return linesAccepted_; }

 private:
  void startProbe(int id, double now);
  void stopProbe(int id, const std::string& cause, double now);
  void handleDeath(int id, Death death, double now);
  void advanceProbe(int id, double now);
  void handleLine(int id, std::string_view line, double now);
  void dropLine(int id, DropReason reason, std::string_view line, double now);
  void applyLine(int id, double now);
  void logStderr(int id, std::string_view line, double now);
  void log(LogLevel level, const Probe& p, const std::string& text);
  void markStatus() { statusDirty_ = true; }
  double probeDeadline(const Probe& p) const;
  Probe& at(int id) { return *probes_[static_cast<size_t>(id)]; }

  Settings settings_;
  Catalog catalog_;
  Merger merger_;
  ProcessPort* processes_;
  LogPort* log_;
  std::vector<std::unique_ptr<Probe>> probes_;
  ParseScratch scratch_;
  std::vector<std::pair<int, int>> conflicts_;
  struct GroupKill {
    int pgid;
    double at;
  };
  std::vector<GroupKill> leftoverGroups_;  // groups of exited elims, KILLed at `at`
  bool shuttingDown_ = false;
  double lastOutput_ = -std::numeric_limits<double>::infinity();
  double lastStatus_ = -std::numeric_limits<double>::infinity();
  bool statusDirty_ = true;
  // An elim repeated a value: its age restarted, which lim learns from the next status line.
  // Such lines go at most every kAgeRefresh seconds (lim ages values by them: a late one
  // would make a value look older, even stale, on lim's side).
  bool agesDirty_ = false;
  static constexpr double kAgeRefresh = 1.0;
  bool statusEnabled_ = true;
  uint64_t linesAccepted_ = 0;
};

}  // namespace openlim::melim
