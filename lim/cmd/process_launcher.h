#pragma once
// The real Launcher (remote_launcher.h): fork and exec, each child in its own process group
// (the terminal's foreground group while it runs in the foreground), the four signals of
// LSF's lsrun passed on to the running groups, lsgrun -p's output read through pipes and
// written line by line.

#include "remote_launcher.h"

namespace openlim::cmd {

class ProcessLauncher : public Launcher {
 public:
  TaskResult run(const std::vector<std::string>& argv) override;
  std::vector<TaskResult> runAll(const std::vector<Task>& tasks, int parallel,
                                 bool prefix) override;
  TaskResult replace(const std::vector<std::string>& argv) override;
};

}  // namespace openlim::cmd
