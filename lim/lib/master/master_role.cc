#include "master/master_role.h"

#include <algorithm>

#include "master/shared_servers.h"

namespace openlim::master {
namespace {

ElectionParams electionParams(const ConfigSnapshot& c) {
  return {c.params.exInterval, c.params.masterInactivityLimit, c.params.probeTimeout};
}

}  // namespace

MasterRole::MasterRole(std::string self, ConfigPtr config, double now)
    : self_(std::move(self)),
      config_(std::move(config)),
      election_(self_, config_->masterList, electionParams(*config_), now) {}

protocol::Announce MasterRole::me() const {
  return {self_, election_.isMaster(), election_.master(), {}};
}

MasterActions MasterRole::reconfigure(ConfigPtr config, LoadTable& table, double now) {
  config_ = std::move(config);
  election_.reconfigure(config_->masterList, electionParams(*config_));
  MasterActions out;
  if (election_.isMaster()) refreshServers(table, now, &out);
  if (announcing()) heartbeat(table, now, &out);  // the round named the old config's hosts
  return out;
}

MasterActions MasterRole::onReport(const protocol::LoadReport& r, LoadTable& table, double now) {
  election_.onHeard(r.host, now);
  MasterActions out;
  if (!election_.isMaster()) return out;
  bool drifted = table.drifted(r.host);
  if (table.ingest(r, now))
    ++out.ingested;
  else
    ++out.unknownSender;
  if (table.drifted(r.host) == drifted) return out;
  if (drifted)
    out.log.push_back("host " + r.host + ": config checksum matches the master's again");
  else
    out.warnings.push_back("host " + r.host + ": config drift: checksum " + r.checksum +
                           " differs from the master's " + config_->checksum);
  return out;
}

MasterActions MasterRole::onAnnounce(protocol::Kind kind, const protocol::Announce& a, double now) {
  election_.onClaim(a.sender, a.claimsMaster, now);
  MasterActions out;
  if (kind == protocol::Kind::kMasterProbe)
    out.send.push_back({protocol::Kind::kProbeReply, a.sender, me()});
  return out;
}

MasterActions MasterRole::onTick(LoadTable& table, double now) {
  ElectionActions a = election_.tick(now);
  MasterActions out;
  for (const auto& peer : a.probe) {
    out.send.push_back({protocol::Kind::kMasterProbe, peer, me()});
    ++out.probes;
  }
  if (election_.isMaster() != wasMaster_) {
    wasMaster_ = election_.isMaster();
    out.log.push_back(self_ + " is " + (wasMaster_ ? "now" : "no longer") +
                      " master (master: " + (master().empty() ? "unknown" : master()) + ")");
  }
  // A candidate that is not master heartbeats every candidate in heartbeat() already.
  if (a.beatPeers && !(a.heartbeat && !election_.isMaster()))
    sendTo(election_.beatTargets(), table, &out);
  if (a.heartbeat)
    heartbeat(table, now, &out);
  else if (announcing())
    announceSome(table, now, &out);
  if (election_.isMaster()) refreshServers(table, now, &out);
  return out;
}

double MasterRole::nextDeadline() const {
  double next = election_.nextDeadline();
  if (announcing()) next = std::min(next, announcePace_.nextBatchAt(announceSent_));
  return next;
}

void MasterRole::sendTo(const std::vector<std::string>& hosts, const LoadTable& table,
                        MasterActions* out) const {
  protocol::Announce a = me();
  for (const auto& h : hosts) {
    if (h == self_) continue;
    // The master's announce tells a host what it serves; a beat must say the same, or the
    // host would drop its shared instances until the next round.
    if (election_.isMaster()) a.serves = servedBy(*config_, table.servers(), h);
    out->send.push_back({protocol::Kind::kMasterAnnounce, h, a});
  }
}

void MasterRole::heartbeat(const LoadTable& table, double now, MasterActions* out) {
  ++out->heartbeats;
  if (!election_.isMaster()) return sendTo(election_.candidates(), table, out);
  announceTo_ = config_;  // a new round replaces one still going: it says the newer thing
  announceNext_ = announceSent_ = 0;
  announcePace_ = AnnouncePace::forRound(config_->hosts.size(), config_->params.exInterval, now);
  announceSome(table, now, out);
}

void MasterRole::announceSome(const LoadTable& table, double now, MasterActions* out) {
  if (!election_.isMaster()) {
    announceTo_.reset();
    announceNext_ = announceSent_ = 0;
    return;
  }
  protocol::Announce a{self_, true, election_.master(), {}};
  const size_t upTo = announcePace_.sendUpTo(announceSent_, now);
  while (announceSent_ < upTo && announcing()) {
    const std::string& host = announceTo_->hosts[announceNext_++].name;
    if (host == self_) continue;  // not counted: the pace is over the other hosts
    a.serves = servedBy(*config_, table.servers(), host);
    out->send.push_back({protocol::Kind::kMasterAnnounce, host, a});
    ++announceSent_;
  }
  if (!announcing()) {
    announceTo_.reset();
    announceNext_ = announceSent_ = 0;
  }
}

void MasterRole::refreshServers(LoadTable& table, double now, MasterActions* out) {
  auto avail = [&](const std::string& h) { return h == self_ || table.available(h, now); };
  std::vector<std::string> servers = sharedServers(*config_, self_, avail);
  if (servers != table.servers()) {
    for (size_t i = 0; i < servers.size(); ++i)
      if (i >= table.servers().size() || servers[i] != table.servers()[i])
        out->log.push_back("shared " + config_->instances[i].resource + " instance " +
                           std::to_string(i) + " now served by " +
                           (servers[i].empty() ? "nobody" : servers[i]));
    table.setServers(servers);
    heartbeat(table, now, out);  // tell the hosts that serve now, and those that stop
  }
  out->servesSelf = servedBy(*config_, table.servers(), self_);
}

}  // namespace openlim::master
