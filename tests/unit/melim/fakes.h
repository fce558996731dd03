#pragma once
// Fake process port and log for driving the Supervisor on a fake clock.
#include <csignal>
#include <string>
#include <vector>

#include "core/supervisor.h"

namespace openlim::melim::testing {

class FakeProcesses : public ProcessPort {
 public:
  struct Start {
    int probe, generation, pid;
    std::string path;
    double at;
  };
  Result<int> start(int probe, int generation, const std::string& path,
                    const std::vector<std::string>&) override {
    if (failNext) {
      failNext = false;
      return Status(Code::kIo, "No such file or directory");
    }
    starts.push_back({probe, generation, nextPid, path, *now});
    return nextPid++;
  }
  void signalGroup(int pgid, int sig) override { signals.push_back({pgid, sig}); }
  void closeOutput(int probe, int generation) override { closed.push_back({probe, generation}); }

  int startsOf(int probe) const {
    int n = 0;
    for (const auto& s : starts) n += s.probe == probe;
    return n;
  }
  const Start& lastStartOf(int probe) const {
    for (auto it = starts.rbegin(); it != starts.rend(); ++it)
      if (it->probe == probe) return *it;
    static Start none{};
    return none;
  }
  bool signaled(int pgid, int sig) const {
    for (const auto& [p, s] : signals)
      if (p == pgid && s == sig) return true;
    return false;
  }

  double* now = nullptr;
  bool failNext = false;
  int nextPid = 1000;
  std::vector<Start> starts;
  std::vector<std::pair<int, int>> signals;
  std::vector<std::pair<int, int>> closed;
};

class FakeLog : public LogPort {
 public:
  void log(LogLevel, const std::string& elim, const std::string& text) override {
    lines.push_back(elim + ": " + text);
  }
  std::vector<std::string> lines;
};

}  // namespace openlim::melim::testing
