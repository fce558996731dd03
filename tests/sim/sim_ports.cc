#include "sim_ports.h"

#include <memory>

#include "config/builtins.h"
#include "quota/quotas_file.h"

namespace openlim::sim {

std::vector<std::string> hostNames(const ClusterShape& shape) {
  std::vector<std::string> out;
  for (int i = 1; i <= shape.candidates; ++i) out.push_back("m" + std::to_string(i));
  for (int i = 1; i <= shape.plain; ++i) out.push_back("h" + std::to_string(i));
  return out;
}

ConfigPtr simConfig(const ClusterShape& shape) {
  auto c = std::make_shared<ConfigSnapshot>();
  c->clusterName = "sim";
  c->checksum = "simsum";
  c->resources = config::builtinResources();
  c->models.push_back({.name = "Generic", .cpuFactor = 100, .architecture = "x86_64"});
  c->hostTypes = {"LINUX86"};
  for (const auto& h : hostNames(shape))
    c->hosts.push_back({.name = h, .model = "Generic", .type = "LINUX86"});
  for (int i = 1; i <= shape.candidates; ++i) c->masterList.push_back("m" + std::to_string(i));
  c->admins = {"lsfadmin"};
  c->params.exInterval = shape.exInterval;
  c->params.probeTimeout = shape.probeTimeout;
  c->params.reservationConsistency =
      shape.quorum ? ReservationConsistency::kQuorum : ReservationConsistency::kAvailable;
  c->buildIndexes();
  return c;
}

agent::ReportInputs SimHostPort::measured(double) const {
  agent::ReportInputs in;
  in.builtins.fill(0);
  in.builtins[static_cast<size_t>(BuiltinIndex::kMem)] = 4000;
  in.builtins[static_cast<size_t>(BuiltinIndex::kTmp)] = 10000;
  in.builtins[static_cast<size_t>(BuiltinIndex::kSwp)] = 2000;
  in.builtins[static_cast<size_t>(BuiltinIndex::kIt)] = 100;
  in.statics = {{"ncpus", ncpus_}, {"ncores", ncpus_}, {"nthreads", ncpus_}, {"maxmem", 8000},
                {"maxswp", 2000},  {"maxtmp", 10000},  {"ndisks", 1},        {"cpuf", 1}};
  in.type = "LINUX86";
  in.model = "Generic";
  return in;
}

ConfigLoad SimConfigPort::reload() {
  ConfigLoad l;
  l.snapshot = config_;
  return l;
}

node::QuotaFile SimConfigPort::quotas(const ConfigSnapshot& config) {
  node::QuotaFile q;
  q.path = "sim/lsf.quotas";
  q.present = !quotasText_.empty();
  if (q.present) q.load = quota::loadQuotas(quotasText_, q.path, config, nullptr);
  return q;
}

}  // namespace openlim::sim
