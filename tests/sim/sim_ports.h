#pragma once
// What a simulated lim reads from its host and its files (node/ports.h), from memory: fixed
// loads and `ncpus` slots, the cluster's one configuration, and an lsf.quotas text (none by
// default). Also the configuration itself, built as the unit tests build theirs.

#include <string>
#include <vector>

#include "node/ports.h"
#include "openlim/config.h"

namespace openlim::sim {

struct ClusterShape {
  int candidates = 3;  // master candidates (LSF_MASTER_LIST), named m1 m2 ...
  int plain = 2;       // other server hosts, named h1 h2 ...
  int ncpus = 4;       // slots per host
  double exInterval = 15;
  double probeTimeout = 2;
  // RESERVATION_CONSISTENCY: available (each side of a split admits) unless quorum.
  bool quorum = false;
};

// The configuration of a simulated cluster "sim": the candidates first, then the others.
ConfigPtr simConfig(const ClusterShape& shape);
std::vector<std::string> hostNames(const ClusterShape& shape);

class SimHostPort : public node::HostPort {
 public:
  explicit SimHostPort(int ncpus) : ncpus_(ncpus) {}
  agent::ReportInputs measured(double now) const override;
  format::Json elimStatus() const override { return format::Json::object(); }
  std::vector<std::string> melimResources() const override { return {}; }
  std::vector<std::pair<std::string, uint64_t>> shellCounters() const override { return {}; }

 private:
  int ncpus_;
};

class SimConfigPort : public node::ConfigPort {
 public:
  SimConfigPort(ConfigPtr config, std::string quotasText)
      : config_(std::move(config)), quotasText_(std::move(quotasText)) {}
  ConfigLoad reload() override;
  node::QuotaFile quotas(const ConfigSnapshot& config) override;

 private:
  ConfigPtr config_;
  std::string quotasText_;  // "" = no lsf.quotas
};

}  // namespace openlim::sim
