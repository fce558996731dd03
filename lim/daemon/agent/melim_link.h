#pragma once
// The lim agent's link to melim (docs/melim.md "Who runs what"): spawns LSF_SERVERDIR/melim
// with LSF_RESOURCES etc., reads its stdout (the whole merged vector per line) and fd 3 (JSON
// status lines) through non-blocking pipes, restarts it when it dies as the pure
// MelimSupervision decides (the restart mechanism and policy melim uses for its elims), and
// stops it (TERM, KILL after a grace) on demand. The values it passes on are aged by lim's
// clock (ExternalValues): they go stale on time even when melim is hung or cannot run.
//
// Single-threaded, for a poll loop: poll fds() for POLLIN and call onReadable(fd, now);
// call onTimer(now) at nextDeadline() (restart, TERM->KILL escalation). melim's exit shows
// as its pidfd among fds() turning readable (where the kernel has no pidfd, a waitpid check
// each second). The link also reaps in onReadable when a pipe hits EOF, so SIGCHLD handling
// is not required (waitpid(pid, WNOHANG) on its own pid only; it never reaps other
// children). fds are raw file descriptors (POCO PollSet takes only Sockets: use ::poll or
// wrap them). `now` is monotonic seconds; the defaulted argument reads CLOCK_MONOTONIC.
//
// melim is started only when `resources` is non-empty (docs/architecture.md: only when an external
// resource is expected on this host). The child gets PR_SET_PDEATHSIG(SIGTERM), so melim
// dies with lim even if lim is killed; melim also watches its parent.

#include <sys/types.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "agent/melim_supervision.h"
#include "load/external_values.h"
#include "load/procfs/melim_vector.h"
#include "openlim/config.h"
#include "openlim/status.h"
#include "util/line_framer.h"

namespace openlim::agent {

double monotonicNow();

struct MelimOptions {
  std::string melimPath;          // default: serverDir + "/melim"
  std::string serverDir;          // LSF_SERVERDIR
  std::string envDir;             // LSF_ENVDIR
  std::string hostName;           // OPENLIM_HOST (the name this lim plays, --host)
  std::string elimDir;            // LSF_ELIM_DIR ("" = not set)
  std::string logDir;             // LSF_LOGDIR ("" = not set; then inherited from the environment)
  ClusterParams params;           // ELIM_ABORT_VALUE, ELIMARGS and the LSF_ELIM_* knobs
  double restartThrottle = 10;    // seconds between two starts after melim died
  int maxRestarts = -1;           // restarts before giving up until reconfig; -1 = never
  double stopGrace = 2;           // seconds between TERM and KILL
  size_t maxLineBytes = 1 << 20;  // longer stdout/fd3 lines are dropped and counted
};

struct MelimCounters {
  uint64_t starts = 0;
  uint64_t deaths = 0;         // melim exited or was killed without our asking
  uint64_t spawnFailures = 0;  // fork/pipe/exec failed (exec failure shows as exit 127)
  uint64_t gaveUp = 0;         // times the restart cap was reached
  uint64_t failureLogs = 0;    // log lines about deaths and give-ups (sparse in a crash loop)
  uint64_t staleValues = 0;    // external values that went stale by lim's clock
  uint64_t lines = 0;          // stdout lines accepted
  uint64_t badLines = 0;       // stdout lines rejected (parse error or overlong)
  uint64_t statusLines = 0;    // fd 3 lines
  int lastExit = -1;           // last wait status decoded: exit code, or 128+signal
};

class MelimLink {
 public:
  explicit MelimLink(MelimOptions opts);
  ~MelimLink();  // stopAndWait()
  MelimLink(const MelimLink&) = delete;
  MelimLink& operator=(const MelimLink&) = delete;

  // Starts melim serving `resources` (LSF_RESOURCES, space-joined) with LSF_MASTER=Y/N.
  // Empty resources: nothing runs (values() empty). Already running: same as restart().
  Status start(const std::vector<std::string>& resources, bool isMaster,
               double now = monotonicNow());
  // When the served set or the master role changed: stops the running melim and starts a
  // new one at once (not throttled). No-op when neither changed and melim is up.
  Status restart(const std::vector<std::string>& resources, bool isMaster,
                 double now = monotonicNow());
  // The config's knobs for the next start and the values' stale limits (INTERVAL x
  // LSF_ELIM_STALE_FACTOR). Cheap when the config did not change (same checksum).
  void configure(const ConfigSnapshot& config);
  // lim's reconfig: melim rescans LSF_SERVERDIR and retries elims that exited or gave up
  // (SIGHUP, docs/melim.md); a melim that gave up, or waits out its throttle, starts at once.
  void reconfigure(double now = monotonicNow());
  // Sends TERM, closes the pipes, forgets the values; KILL follows after stopGrace from
  // onTimer(). No restart until start()/restart().
  void stop(double now = monotonicNow());
  // Blocking shutdown for lim's exit: TERM, wait up to stopGrace, KILL, reap.
  void stopAndWait();

  // Raw fds to poll for reading: the pipes and melim's pidfd (0 to 3 of them).
  std::vector<int> fds() const;
  // Drains fd (non-blocking). Returns true when values() changed.
  bool onReadable(int fd, double now = monotonicNow());
  // Earliest time onTimer() has work (restart due, KILL due, reap check, a value going
  // stale, a served-set change settling); +inf if none.
  double nextDeadline() const;
  // Returns true when values() changed (a value went stale, or melim died).
  bool onTimer(double now = monotonicNow());

  // Current external values (name -> value; "-" gives known=false). Cleared when melim
  // dies or is stopped: an absent name is unknown. A value older than its stale limit
  // shows as unknown.
  const ExternalVector& values() const { return values_.values(); }
  // Seconds since `name`'s value arrived at melim; NaN when it is unknown.
  double age(const std::string& name, double now = monotonicNow()) const {
    return values_.age(name, now);
  }
  MelimState state() const { return sup_.state(); }
  // The latest fd-3 JSON status line (without newline), "" if none yet.
  const std::string& statusJson() const { return statusJson_; }
  bool running() const { return pid_ > 0; }
  bool startedAsMaster() const { return isMaster_; }  // the LSF_MASTER melim was given
  pid_t pid() const { return pid_; }
  const std::vector<std::string>& resources() const { return resources_; }
  const MelimCounters& counters() const { return counters_; }

 private:
  struct Pipe {
    int fd = -1;
    LineFramer framer{1 << 20};
  };
  struct Dying {
    pid_t pid;
    double killAt;
    bool killed = false;
    std::vector<int> fds;  // its pipes, closed once it is reaped (no EPIPE while it stops)
  };
  Status spawn(double now);
  void closePipes();
  std::vector<int> releasePipes();
  bool handleDeath(Death death, double now);
  bool handleExit(int waitStatus, double now);
  bool reapIfExited(double now);
  void fallBackToReapChecks(double now);
  void closeExitFd();
  void reapDying(double now);
  bool onLine(bool status, std::string_view line, double now);
  bool drain(Pipe& p, bool status, double now);
  std::vector<std::string> buildEnv() const;

  MelimOptions opts_;
  std::vector<std::string> resources_;
  bool isMaster_ = false;
  bool wanted_ = false;  // should be running (restart when it dies)
  pid_t pid_ = -1;
  // melim's pidfd, polled with the pipes: its exit wakes the loop, so lim need not wake every
  // kReapCheck to ask waitpid. -1 without one (then nextReapCheck_ paces waitpid).
  int exitFd_ = -1;
  Pipe out_, status_;
  MelimSupervision sup_;
  std::string configChecksum_;
  std::vector<Dying> dying_;  // stopped children awaiting exit (KILL after the grace)
  double nextReapCheck_ = 0;
  double nextDyingCheck_ = 0;
  ExternalValues values_;
  std::string statusJson_;
  MelimCounters counters_;
};

}  // namespace openlim::agent
