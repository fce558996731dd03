// The effects of master::MasterRole's decisions: heartbeats, probes, probe replies and the
// announce round go out as signed UDP; what this host serves as master goes to the agent.
#include <spdlog/spdlog.h>

#include "lim_server.h"

namespace openlim::lim {

void LimServer::applyMaster(const master::MasterActions& a) {
  for (const auto& out : a.send) sendUdp(out.to, out.kind, protocol::encodeAnnounce(out.body));
  counters_.probes_sent += a.probes;
  counters_.announces_sent += a.heartbeats;
  counters_.reports_ingested += a.ingested;
  counters_.unknown_sender += a.unknownSender;
  for (const auto& line : a.log) spdlog::info("{}", line);
  for (const auto& line : a.warnings) spdlog::warn("{}", line);
  if (a.servesSelf) agent_->onServesSelf(*a.servesSelf);
}

}  // namespace openlim::lim
