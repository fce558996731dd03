// LimServer's timers and the effects of agent::AgentRole's decisions: the load report and
// melim's resource set.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>

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
  melim_->onTimer(now);
  agent::AgentActions act = agent_->onTick(now);
  if (act.restartMelim) restartMelim(*act.restartMelim, now);
  if (act.reportTo) sendReport(*act.reportTo, now);
}

protocol::LoadReport LimServer::buildReport(double now) const {
  protocol::LoadReport r{
      .host = opts_.host, .checksum = config_->checksum, .master = election_->master()};
  if (agent_->locked()) {
    r.flags |= protocol::kReportLocked;
    r.lockSeconds = agent_->lockSecondsLeft(now);
  }
  // An elim may override a built-in index (melim already refuses ls it r1m swp); a "-" from
  // melim for a built-in means "no override now", so lim's own measurement stays.
  const auto& external = melim_->values();
  const auto& b = collector_->builtins();
  for (size_t i = 0; i < b.size(); ++i) {
    auto over = external.find(kBuiltinNames[i]);
    bool overridden = over != external.end() && over->second.known;
    r.numbers.push_back({kBuiltinNames[i], overridden ? over->second.number : b[i], NAN});
  }
  const auto& info = collector_->staticInfo();
  auto num = [&](const char* n, double v) { r.numbers.push_back({n, v, NAN}); };
  num("ncpus", info.ncpus);
  num("ncores", info.ncores);
  num("nthreads", info.nthreads);
  num("maxmem", info.maxmem);
  num("maxswp", info.maxswp);
  num("maxtmp", info.maxtmp);
  num("ndisks", info.ndisks);
  num("cpuf", info.cpuFactor);
  r.strings.push_back({"type", info.type});
  r.strings.push_back({"model", info.model});
  auto age = static_cast<float>(std::max(0.0, now - melim_->valuesAt()));
  for (const auto& [name, v] : external) {
    const ResourceDef* def = config_->findResource(name);
    if (def && def->builtinIndex) continue;  // folded into the built-ins above
    if (def && def->type == ResourceType::kString)
      r.strings.push_back({name, v.known ? v.text : "-"});
    else
      r.numbers.push_back({name, v.known ? v.number : NAN, age});
  }
  return r;
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

void LimServer::updateMelim(double now) {
  if (auto set = agent_->melimChange(election_->isMaster())) restartMelim(*set, now);
}

void LimServer::restartMelim(const agent::MelimSet& set, double now) {
  std::string list;
  for (const auto& r : set.resources) list += (list.empty() ? "" : " ") + r;
  spdlog::info("melim: LSF_RESOURCES=\"{}\" LSF_MASTER={}", list, set.master ? "Y" : "N");
  Status st = melim_->restart(set.resources, set.master, now);
  ++counters_.melim_restarts;
  if (!st) spdlog::warn("melim: {}", st.message());
}

}  // namespace openlim::lim
