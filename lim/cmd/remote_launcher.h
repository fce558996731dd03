#pragma once
// The port through which lsrun, lsgrun and lslogin start processes (the remote shell, or
// the command itself on the local host): the real one forks and execs
// (process_launcher.cc); golden tests record the argv instead.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "openlim/status.h"

namespace openlim::cmd {

struct TaskResult {
  bool started = false;  // false: the program could not be executed (error says why)
  int exitCode = 0;      // the exit code, or 128+N for death by signal N
  std::string error;     // "ssh: No such file or directory"
};

struct Task {
  std::string label;              // the host name (the prefix of its output lines)
  std::vector<std::string> argv;  // argv[0] is looked up in PATH
};

class Launcher {
 public:
  virtual ~Launcher() = default;
  // Runs argv with this process's stdin, stdout and stderr and waits for it. SIGINT,
  // SIGTERM, SIGHUP and SIGQUIT sent to this process are passed to it (its process group),
  // and a terminal's own signals reach it as its foreground job.
  virtual TaskResult run(const std::vector<std::string>& argv) = 0;
  // Runs every task with stdin from /dev/null, at most `parallel` at once, and returns their
  // results in task order. Each output line is written whole, prefixed "label: " when
  // `prefix` (never two tasks' text within one line).
  virtual std::vector<TaskResult> runAll(const std::vector<Task>& tasks, int parallel,
                                         bool prefix) = 0;
  // Replaces this process with argv (lslogin); returns only when that failed.
  virtual TaskResult replace(const std::vector<std::string>& argv) = 0;
};

// What the remote execution commands need beside a CmdIo.
struct RemoteIo {
  Launcher& launcher;
  std::string rsh;       // LSF_RSH as written (environment, else lsf.conf, else kDefaultRsh)
  std::string cwd;       // the current directory, absolute
  int maxParallel = 64;  // lsgrun -p: remote shells at once (LSF_LSGRUN_PARALLEL)
  // One line of stdin after `prompt` (lsgrun without a command), nullopt at end of input.
  std::function<std::optional<std::string>(const std::string& prompt)> readLine;
  // A file's text (lsgrun -f).
  std::function<Result<std::string>(const std::string& path)> readFile;
};

}  // namespace openlim::cmd
