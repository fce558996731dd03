// The effects of agent::AgentRole's decisions: the load report (its measured parts from the
// host port) and melim's resource set.
#include "agent/load_report.h"
#include "node/lim_node.h"
#include "protocol/messages.h"

namespace openlim::node {

agent::AgentSettings LimNode::agentSettings() const {
  return {.host = self_,
          .exInterval = config_->params.exInterval,
          .perHostResources = config_->perHostExternalResources(self_)};
}

void LimNode::sendReport(const std::string& to, const Now& now, Effects* fx) {
  agent::ReportInputs in = host_.measured(now.mono);
  in.host = self_;
  in.checksum = config_->checksum;
  in.master = election().master();
  in.locked = agent_->locked();
  in.lockSeconds = agent_->lockSecondsLeft(now.mono);
  in.expected = agent_->expectedResources();
  protocol::LoadReport r = agent::buildLoadReport(in, *config_);
  if (to == self_) {
    table_->ingest(r, now.mono);
  } else {
    for (auto& body : protocol::encodeLoadReport(r, protocol::kMaxUdpBody)) {
      fx->send(to, protocol::Kind::kLoadReport, std::move(body));
      ++counters_.report_parts_sent;
    }
  }
  ++counters_.reports_sent;
  agent_->onReportSent(r);
}

// What melim runs follows the served set and the master role, through AgentRole's MelimPlan
// (removals settle first: a master change restarts melim once at most).
void LimNode::startMelim(const agent::MelimSet& set, Effects* fx) {
  std::string list;
  for (const auto& r : set.resources) list += (list.empty() ? "" : " ") + r;
  fx->info("melim: LSF_RESOURCES=\"" + list + "\" LSF_MASTER=" + (set.master ? "Y" : "N"));
  fx->melim = MelimStart{set.resources, set.master};
  ++counters_.melim_restarts;
}

}  // namespace openlim::node
