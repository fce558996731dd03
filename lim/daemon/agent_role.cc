// LimServer's timers and the effects of agent::AgentRole's decisions: the load report and
// melim's resource set.
#include <spdlog/spdlog.h>

#include "agent/load_report.h"
#include "lim_server.h"

namespace openlim::lim {

agent::AgentSettings LimServer::agentSettings() const {
  return {.host = opts_.host,
          .exInterval = config_->params.exInterval,
          .perHostResources = config_->perHostExternalResources(opts_.host)};
}

void LimServer::onTimers(double now) {
  master::MasterActions m = master_->onTick(*table_, now);
  agent_->onRole(election_->master(), election_->isMaster(), now);
  applyMaster(m);
  if (now >= collector_->nextDeadline()) {
    collector_->tick(now);
    agent_->onSample(collector_->builtins());
  }
  melim_->configure(*config_);  // stale limits and knobs; cheap when the config is the same
  if (melim_->onTimer(now)) agent_->onExternalValues(now);  // a value went stale, or melim died
  agent::AgentActions act = agent_->onTick(now);
  if (act.restartMelim) restartMelim(*act.restartMelim, now);
  if (act.reportTo) sendReport(*act.reportTo, now);
  onReservationTimers(now);
}

std::vector<std::pair<const char*, double>> LimServer::nlbNumbers() const {
  std::vector<std::pair<const char*, double>> out;
  for (size_t i = 0; i < kNlbNames.size(); ++i)
    out.emplace_back(kNlbNames[i], collector_->nlbValues()[i]);
  out.emplace_back("NLB_CLOCK", collector_->nlbFacts().clockPs);
  return out;
}

protocol::LoadReport LimServer::buildReport(double now) const {
  const auto& info = collector_->staticInfo();
  agent::ReportInputs in{.host = opts_.host,
                         .checksum = config_->checksum,
                         .master = election_->master(),
                         .locked = agent_->locked(),
                         .lockSeconds = agent_->lockSecondsLeft(now),
                         .builtins = collector_->builtins(),
                         .statics = {{"ncpus", info.ncpus},
                                     {"ncores", info.ncores},
                                     {"nthreads", info.nthreads},
                                     {"maxmem", info.maxmem},
                                     {"maxswp", info.maxswp},
                                     {"maxtmp", info.maxtmp},
                                     {"ndisks", info.ndisks},
                                     {"cpuf", info.cpuFactor}},
                         .type = info.type,
                         .model = info.model,
                         .nlbNumbers = nlbNumbers(),
                         .nlbStrings = {{"NLB_HARDWARE", collector_->nlbFacts().hardware},
                                        {"NLB_OSNAME", collector_->nlbFacts().osname},
                                        {"NLB_RELEASE", collector_->nlbFacts().release},
                                        {"NLB_VERSION", collector_->nlbFacts().version}},
                         .external = &melim_->values(),
                         .expected = agent_->expectedResources(),
                         .ageOf = [&](const std::string& name) { return melim_->age(name, now); }};
  return agent::buildLoadReport(in, *config_);
}

void LimServer::sendReport(const std::string& to, double now) {
  protocol::LoadReport r = buildReport(now);
  if (to == opts_.host) {
    table_->ingest(r, now);
  } else {
    for (const auto& body : protocol::encodeLoadReport(r, protocol::kMaxUdpBody)) {
      sendUdp(to, protocol::Kind::kLoadReport, body);
      ++counters_.report_parts_sent;
    }
  }
  ++counters_.reports_sent;
  agent_->onReportSent(r);
}

// What melim runs follows the served set and the master role, through AgentRole's MelimPlan
// (removals settle first: a master change restarts melim once at most).
void LimServer::updateMelim(double now) {
  if (auto set = agent_->melimChange(election_->isMaster(), now)) restartMelim(*set, now);
}

void LimServer::restartMelim(const agent::MelimSet& set, double now) {
  std::string list;
  for (const auto& r : set.resources) list += (list.empty() ? "" : " ") + r;
  spdlog::info("melim: LSF_RESOURCES=\"{}\" LSF_MASTER={}", list, set.master ? "Y" : "N");
  // A failed start counts as a death in the link: logged there and retried under the throttle.
  (void)melim_->restart(set.resources, set.master, now);
  ++counters_.melim_restarts;
}

}  // namespace openlim::lim
