#pragma once
// When NLB_NUMPROC's count of /proc's numeric entries must be taken again (docs/policies.md,
// "NLB attributes"). Listing /proc makes the kernel build an entry per process, about a third
// of an idle lim's 5 s sample. The set of processes changes only when a task is created (the
// kernel's fork count, "processes" of /proc/stat, grows) or one is reaped (its task count,
// the "running/tasks" field of /proc/loadavg, falls). While both read as they did just before
// the last listing, that listing's count is still the count: the listing is skipped.
//
// Exact as far as the listing itself is (a listing is no atomic snapshot either), given the
// read order: forks, then tasks, then the listing. A task created after the forks were read
// raises the next fork count; one reaped after the tasks were read lowers the next task
// count unless a task was created after it, which raises the fork count. Anything earlier is
// in the listing. Pure: the caller reads the counters and lists.

#include <cstdint>
#include <optional>

namespace openlim {

struct TaskCounters {
  uint64_t forks = 0;  // tasks created since boot (threads too)
  uint64_t tasks = 0;  // tasks that exist now (threads too)
  bool operator==(const TaskCounters&) const = default;
};

struct ProcessCountGateCounters {
  uint64_t listings = 0;  // counts taken from a listing
  uint64_t reused = 0;    // samples that kept the last count: no task came or went
};

class ProcessCountGate {
 public:
  // Whether /proc must be listed for the count at a sample whose counters read `now`
  // (nullopt: unreadable, so always). Counts a reuse when it answers no.
  bool mustList(const std::optional<TaskCounters>& now);
  // The listing taken after reading `before`: its count (nullopt: the listing failed, and
  // the next sample lists again).
  void listed(const std::optional<TaskCounters>& before, std::optional<int> count);
  // The count in force: the last listing's, nullopt before any or after a failed one.
  std::optional<int> count() const { return count_; }
  const ProcessCountGateCounters& counters() const { return counters_; }

 private:
  std::optional<TaskCounters> listedAt_;  // the counters read before the last listing
  std::optional<int> count_;
  ProcessCountGateCounters counters_;
};

}  // namespace openlim
