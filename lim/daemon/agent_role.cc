// The agent side of LimServer: timers, the load report, melim's resource set.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>

#include "lim_server.h"
#include "master/shared_servers.h"

namespace openlim::lim {
namespace {

// A built-in moving by more than this sends a report before EXINTERVAL is up.
double significantStep(const std::string& name, double old) {
  if (name == "r15s" || name == "r1m" || name == "r15m") return 0.5;
  if (name == "ut") return 0.25;
  if (name == "mem" || name == "swp" || name == "tmp") return std::max(16.0, std::abs(old) * 0.1);
  return -1;  // not significant on its own
}

}  // namespace

void LimServer::onTimers(double now) {
  master::ElectionActions a = election_->tick(now);
  protocol::Announce me{opts_.host, election_->isMaster(), election_->master()};
  for (const auto& peer : a.probe) {
    sendUdp(peer, protocol::Kind::kMasterProbe, protocol::encodeAnnounce(me));
    ++counters_.probes_sent;
  }
  if (election_->isMaster() != wasMaster_) {
    wasMaster_ = election_->isMaster();
    spdlog::info("{} is {} master (master: {})", opts_.host, wasMaster_ ? "now" : "no longer",
                 election_->master().empty() ? "unknown" : election_->master());
    if (!wasMaster_ && serves_.size() && servesFrom_ == opts_.host) serves_.clear();
    nextReportAt_ = now;  // tell the (new) master about us at once
  }
  if (election_->master() != reportedTo_) {
    reportedTo_ = election_->master();
    nextReportAt_ = now;  // a new master starts with an empty table: fill it at once
  }
  if (a.heartbeat) heartbeat(now);
  else if (announcing()) announceSome(now);
  if (election_->isMaster()) refreshServers(now);
  if (locked_ && lockUntil_ > 0 && now >= lockUntil_) setLock(false, 0, now);
  if (now >= collector_->nextDeadline()) {
    collector_->tick(now);
    if (significantChange()) nextReportAt_ = std::min(nextReportAt_, lastReportAt_ + 1.0);
  }
  if (melim_->onTimer(now))  // a value went stale, or melim died: tell the master soon
    nextReportAt_ = std::min(nextReportAt_, std::max(now, lastReportAt_ + 1.0));
  updateMelim(now);
  if (now >= nextReportAt_) sendReport(now);
}

bool LimServer::significantChange() const {
  const auto& b = collector_->builtins();
  for (size_t i = 0; i < b.size(); ++i) {
    std::string name = kBuiltinNames[i];
    auto it = std::find_if(lastSent_.numbers.begin(), lastSent_.numbers.end(),
                           [&](const auto& v) { return v.name == name; });
    if (it == lastSent_.numbers.end()) return true;
    double step = significantStep(name, it->value);
    if (step < 0) continue;
    if (std::isnan(b[i]) != std::isnan(it->value)) return true;
    if (!std::isnan(b[i]) && std::abs(b[i] - it->value) > step) return true;
  }
  return false;
}

protocol::LoadReport LimServer::buildReport() const {
  protocol::LoadReport r{
      .host = opts_.host, .checksum = config_->checksum, .master = election_->master()};
  if (locked_) {
    r.flags |= protocol::kReportLocked;
    double left = lockUntil_ > 0 ? lockUntil_ - monotonicNow() : 0;
    r.lockSeconds = left > 0 ? static_cast<uint32_t>(std::ceil(left)) : 0;
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
  // Every external resource expected here is reported, "-" when unknown, each with its own
  // age: a value melim no longer gives must reach the master as unknown, not be left out
  // (the master would keep showing the last one it had).
  const double now = monotonicNow();
  std::vector<std::string> names = expectedResources();
  for (const auto& [name, v] : external) names.push_back(name);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  for (const std::string& name : names) {
    const ResourceDef* def = config_->findResource(name);
    if (def && def->builtinIndex) continue;  // folded into the built-ins above
    auto it = external.find(name);
    bool known = it != external.end() && it->second.known;
    if (def && def->type == ResourceType::kString)
      r.strings.push_back({name, known ? it->second.text : "-"});
    else
      r.numbers.push_back({name, known ? it->second.number : NAN,
                           known ? static_cast<float>(melim_->age(name, now)) : NAN});
  }
  return r;
}

void LimServer::sendReport(double now) {
  protocol::LoadReport r = buildReport();
  lastReportAt_ = now;
  nextReportAt_ = now + config_->params.exInterval;
  const std::string& m = election_->master();
  if (m.empty()) return;
  if (m == opts_.host) {
    table_->ingest(r, now);
  } else {
    for (const auto& body : protocol::encodeLoadReport(r, protocol::kMaxUdpBody)) {
      sendUdp(m, protocol::Kind::kLoadReport, body);
      ++counters_.report_parts_sent;
    }
  }
  ++counters_.reports_sent;
  lastSent_ = std::move(r);
}

std::vector<std::string> LimServer::expectedResources() const {
  std::vector<std::string> out = config_->perHostExternalResources(opts_.host);
  out.insert(out.end(), serves_.begin(), serves_.end());
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// What melim runs follows the served set and the master role, through the link's MelimPlan
// (removals settle first: a master change restarts melim once at most).
void LimServer::updateMelim(double now) {
  melim_->configure(*config_);
  bool master = election_->isMaster();
  if (!melim_->want(expectedResources(), master, now)) return;
  melimMaster_ = master;
  std::string list;
  for (const auto& w : melim_->resources()) list += (list.empty() ? "" : " ") + w;
  spdlog::info("melim: LSF_RESOURCES=\"{}\" LSF_MASTER={}", list, master ? "Y" : "N");
  ++counters_.melim_restarts;
}

void LimServer::refreshServers(double now) {
  auto avail = [&](const std::string& h) { return h == opts_.host || table_->available(h, now); };
  std::vector<std::string> servers = master::sharedServers(*config_, opts_.host, avail);
  if (servers != table_->servers()) {
    for (size_t i = 0; i < servers.size(); ++i)
      if (servers[i] != table_->servers()[i])
        spdlog::info("shared {} instance {} now served by {}", config_->instances[i].resource, i,
                     servers[i].empty() ? "nobody" : servers[i]);
    table_->setServers(servers);
    heartbeat(now);  // tell the hosts that serve now, and those that stop
  }
  serves_ = master::servedBy(*config_, table_->servers(), opts_.host);
  servesFrom_ = opts_.host;
}

void LimServer::heartbeat(double now) {
  protocol::Announce a{opts_.host, election_->isMaster(), election_->master()};
  if (!election_->isMaster()) {
    for (const auto& c : election_->candidates())
      if (c != opts_.host) sendUdp(c, protocol::Kind::kMasterAnnounce, protocol::encodeAnnounce(a));
    ++counters_.announces_sent;
    return;
  }
  announceTo_.clear();  // a new round replaces one still going: it says the newer thing
  for (const auto& h : config_->hosts)
    if (h.name != opts_.host) announceTo_.push_back(h.name);
  announceNext_ = 0;
  announcePace_ =
      master::AnnouncePace::forRound(announceTo_.size(), config_->params.exInterval, now);
  ++counters_.announces_sent;
  announceSome(now);
}

void LimServer::announceSome(double now) {
  if (!election_->isMaster()) {
    announceTo_.clear();
    announceNext_ = 0;
    return;
  }
  protocol::Announce a{opts_.host, true, election_->master()};
  size_t due = announcePace_.dueBy(now);
  while (announceNext_ < due && announcing()) {
    const std::string& host = announceTo_[announceNext_++];
    a.serves = master::servedBy(*config_, table_->servers(), host);
    sendUdp(host, protocol::Kind::kMasterAnnounce, protocol::encodeAnnounce(a));
  }
  if (!announcing()) {
    announceTo_.clear();
    announceNext_ = 0;
  }
}

}  // namespace openlim::lim
