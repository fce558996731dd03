#pragma once
// What a LimNode reads from its host without deciding anything (ports, as melim's
// Supervisor has): the measurements and melim's values that go into the load report, the
// configuration files, and the shell's own counters for the status reply. The daemon
// implements them over /proc, melim's pipe and the files; the simulator over memory.

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "agent/load_report.h"
#include "format/json.h"
#include "openlim/config.h"
#include "quota/quotas_file.h"

namespace openlim::node {

class HostPort {
 public:
  virtual ~HostPort() = default;
  // The report's measured parts: builtins, statics, type, model, NLB values, melim's values
  // and their ages. The node fills in the rest (host, checksum, master, lock, expected).
  // REQUIRES: what `external` points to outlives the next call.
  virtual agent::ReportInputs measured(double now) const = 0;
  // This host's melim and elims for the elimstatus reply (docs/protocol.md).
  virtual format::Json elimStatus() const = 0;
  // What melim runs now (the status reply's melim_resources).
  virtual std::vector<std::string> melimResources() const = 0;
  // The shell's counters (transport, state files, collector, melim), by their status names;
  // a name the node also counts is added to the node's.
  virtual std::vector<std::pair<std::string, uint64_t>> shellCounters() const = 0;
};

// lsf.quotas as read next to a configuration.
struct QuotaFile {
  std::string path;
  bool present = false;
  quota::QuotasLoad load;
};

class ConfigPort {
 public:
  virtual ~ConfigPort() = default;
  // The configuration files read again (reconfig). `known(name)`: whether a host name not
  // in the hosts file may still be taken (it has an address already).
  virtual ConfigLoad reload() = 0;
  // lsf.quotas next to `config` (only a master candidate asks).
  virtual QuotaFile quotas(const ConfigSnapshot& config) = 0;
};

}  // namespace openlim::node
