#pragma once
// What this host's load report says (LSF's LIM behaviour "Exchange"; docs/protocol.md kind 3): the
// built-ins (an elim's known value overrides lim's own measurement), the static host facts,
// the external values melim delivered and whether the host is locked. Pure.

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "load/load_sampler.h"
#include "load/procfs/melim_vector.h"
#include "openlim/config.h"
#include "protocol/messages.h"

namespace openlim::agent {

struct ReportInputs {
  std::string host, checksum, master;  // master: as this host sees it
  bool locked = false;
  uint32_t lockSeconds = 0;  // whole seconds left of a timed lock; 0 = until unlocked
  BuiltinVector builtins{};  // lim's own measurement, kBuiltinNames order
  // Static facts in report order: ncpus ncores nthreads maxmem maxswp maxtmp ndisks cpuf.
  std::vector<std::pair<const char*, double>> statics;
  std::string type, model;
  // The NLB values the lim collects (NLB_SYSCPU ..., NLB_CLOCK; NaN unknown) and its NLB
  // strings (NLB_HARDWARE ...). Each is sent when the configuration has the resource; a
  // master that does not know a name counts it and ignores it.
  std::vector<std::pair<const char*, double>> nlbNumbers;
  std::vector<std::pair<const char*, std::string>> nlbStrings;
  const ExternalVector* external = nullptr;  // melim's merged vector; null = none
  // Every external resource this host should report (its own and those it serves): each is
  // sent, "-" when unknown, so a value melim no longer gives reaches the master as unknown
  // instead of being left out (the master would keep showing the last one it had).
  std::vector<std::string> expected;
  // Seconds since `name`'s value arrived at melim (NaN when unknown); null = age 0.
  std::function<double(const std::string&)> ageOf;
};

// REQUIRES: in.external is null or outlives the call.
protocol::LoadReport buildLoadReport(const ReportInputs& in, const ConfigSnapshot& config);

}  // namespace openlim::agent
