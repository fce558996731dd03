#pragma once
// The node's view of this host (node::HostPort) over the daemon's collector (/proc, /sys)
// and melim's pipe: what goes into the load report, the elimstatus entry, and the shell's
// counters for the status reply.

#include <memory>

#include "agent/load_collector.h"
#include "agent/melim_link.h"
#include "node/ports.h"
#include "transport_counters.h"

namespace openlim::lim {

class HostMeasures : public node::HostPort {
 public:
  HostMeasures(std::string self, agent::LoadCollector& collector, agent::MelimLink& melim,
               const TransportCounters& transport)
      : self_(std::move(self)), collector_(collector), melim_(melim), transport_(transport) {}

  agent::ReportInputs measured(double now) const override;
  format::Json elimStatus() const override;
  std::vector<std::string> melimResources() const override { return melim_.resources(); }
  std::vector<std::pair<std::string, uint64_t>> shellCounters() const override;

 private:
  std::string self_;
  agent::LoadCollector& collector_;
  agent::MelimLink& melim_;
  const TransportCounters& transport_;
};

}  // namespace openlim::lim
