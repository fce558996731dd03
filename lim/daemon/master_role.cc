// The effects of master::MasterRole's decisions: heartbeats, probes, probe replies and the
// announce round go out as signed UDP; what this host serves as master goes to the agent.
#include <spdlog/spdlog.h>

#include "lim_server.h"

namespace openlim::lim {

void LimServer::applyMaster(const master::MasterActions& a) {
  for (const auto& out : a.send) sendUdp(out.to, out.kind, protocol::encodeAnnounce(out.body));
  counters_.probes_sent += a.probes;
  counters_.announces_sent += a.heartbeats;
  for (const auto& line : a.log) spdlog::info("{}", line);
  if (a.servesSelf) agent_->onServesSelf(*a.servesSelf);
}

}  // namespace openlim::lim
