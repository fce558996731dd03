// LimNode's construction, its datagrams and its timers; the other events are in the
// node_*.cc files next to this one, one concern each.
#include "node/lim_node.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "master/query_request.h"
#include "master/shared_servers.h"
#include "protocol/messages.h"
#include "protocol/request.h"

namespace openlim::node {

LimNode::LimNode(std::string self, ConfigPtr config, HostPort& host, ConfigPort& files,
                 const Now& now)
    : self_(std::move(self)),
      config_(std::move(config)),
      host_(host),
      files_(files),
      startedAt_(now.mono),
      reservations_(self_) {
  master_ = std::make_unique<master::MasterRole>(self_, config_, now.mono);
  table_ = std::make_unique<master::LoadTable>(config_);
  agent_ = std::make_unique<agent::AgentRole>(agentSettings(), now.mono);
  journals_.setCandidates(voters());
}

LimNode::~LimNode() = default;

Effects LimNode::start(const reserve::HeldFiles& files, const Now& now) {
  Effects fx;
  reloadQuotas(&fx, nullptr);
  for (const std::string& e : files.errors) fx.error("reservations: " + e);
  for (const std::string& e : files.foreign) fx.warn("reservations: " + e);
  counters_.state_foreign += files.foreign.size();
  if (files.unnamed)
    fx.info(
        "reservations: the state files name no cluster (an older lim wrote them); adopted "
        "as cluster " +
        config_->clusterName + "'s");
  reserve::replayHeld(files, now.wall, &held_, &voterTerm_);
  highestTerm_ = voterTerm_.promised;
  // Damaged files may lack what the adopted term's ledger held: this voter no longer counts
  // as one that remembers, and says so (node_terms.cc), until it adopts again. The fresh snapshot
  // the shell writes now keeps that.
  if (!files.errors.empty()) {
    voterTerm_.adopted = 0;
    voterTerm_.lost = true;
  }
  if (files.tornTail) {
    ++counters_.journal_torn;
    fx.warn(
        "reservations: the journal's last record was cut short (a crash while writing "
        "it); the records before it are kept");
  }
  fx.info("reservations: " + std::to_string(held_.size()) + " kept on this host (" + files.where +
          ", " + std::to_string(files.records.size()) + " journal record(s) replayed)");
  return fx;
}

std::vector<reserve::Reservation> LimNode::heldList() const {
  std::vector<reserve::Reservation> out;
  for (const reserve::Reservation* r : held_.list("")) out.push_back(*r);
  return out;
}

double LimNode::nextDeadline() const {
  double next = std::min(master_->nextDeadline(), agent_->nextDeadline());
  for (const auto& [id, g] : gathers_) next = std::min(next, g.gather.deadline());
  next = std::min(next, journals_.nextDeadline());
  next = std::min(next, redelivery_.nextDeadline());
  next = std::min(next, reporter_.nextDeadline());
  next = std::min(next, termDeadline());
  return std::min(next, reservations_.rebuildWindow().nextDeadline());
}

double LimNode::maxTickGap() const {
  constexpr double kWallTimerGap = 1.0;
  const bool leases =
      std::isfinite(held_.nextExpiry()) || std::isfinite(reservations_.nextExpiry());
  const bool sharedMoves = election().isMaster() && master::serversFollowAvailability(*config_);
  if (leases || sharedMoves) return kWallTimerGap;
  return std::numeric_limits<double>::infinity();
}

void LimNode::onSample(const BuiltinVector& builtins) {
  agent_->onSample(builtins);
}

void LimNode::onExternalValues(double now) {
  agent_->onExternalValues(now);
}

bool LimNode::fresh(const std::string& sender, const protocol::Frame& f, const Now& now) {
  using Verdict = protocol::ReplayGuard::Verdict;
  const Verdict v = replay_.checkAndAccept(sender, f.epoch, f.seq);
  if (v == Verdict::kReplay) {
    ++counters_.auth_replay;
    return false;
  }
  // A lim heard from a new boot may have lost its reservation files: the master asks it for
  // its holds again (reserve/rebuild.h), and its report brings its copies up to date
  // (node_redelivery.cc). Any of its frames may be the first of the new boot.
  if (v == Verdict::kNewBoot && election().isMaster())
    reservations_.rebuildWindow().restarted(sender, now.mono);
  return true;
}

Effects LimNode::onDatagram(const protocol::Frame& f, const Now& now) {
  Effects fx;
  switch (f.kind) {
    case protocol::Kind::kLoadReport:
      onReport(f, now, &fx);
      break;
    case protocol::Kind::kMasterAnnounce:
    case protocol::Kind::kMasterProbe:
    case protocol::Kind::kProbeReply:
      onAnnounce(f, now, &fx);
      break;
    case protocol::Kind::kAdmin:
      onAdminFrame(f, now, &fx);
      break;
    default:
      ++counters_.malformed;
      break;
  }
  return fx;
}

void LimNode::onReport(const protocol::Frame& f, const Now& now, Effects* fx) {
  auto r = protocol::decodeLoadReport(f.body);
  if (!r) {
    ++counters_.malformed;
    return;
  }
  if (!fresh(r->host, f, now)) return;
  // A host that answers must report its holds before a rebuilding master admits anything;
  // one first heard later is asked for them (reserve/rebuild.h).
  if (election().isMaster()) reservations_.rebuildWindow().heard(r->host, now.mono);
  applyMaster(master_->onReport(*r, *table_, now.mono), fx);
}

void LimNode::onAnnounce(const protocol::Frame& f, const Now& now, Effects* fx) {
  auto a = protocol::decodeAnnounce(f.body);
  if (!a) {
    ++counters_.malformed;
    return;
  }
  if (!fresh(a->sender, f, now)) return;
  master::MasterActions replies = master_->onAnnounce(f.kind, *a, now.mono);
  agent_->onAnnounce(*a, election().master());
  applyMaster(replies, fx);
  timers(now, fx);
}

void LimNode::onAdminFrame(const protocol::Frame& f, const Now& now, Effects* fx) {
  auto req = protocol::parseRequest(f.body);
  if (!req) {
    ++counters_.malformed;
    return;
  }
  auto decoded = master::decodeAdminRequest(*req);
  if (!decoded || decoded->sender.empty()) {
    ++counters_.malformed;
    return;
  }
  const std::string& sender = decoded->sender;
  if (!fresh(sender, f, now)) return;
  std::string op = protocol::reqString(*req, "op");
  if (op == "reconfig") {
    std::vector<std::string> diags;
    Status st = reloadConfig(now, fx, &diags, nullptr);
    if (!st) fx->warn("reconfig from " + sender + " refused here: " + st.message());
  } else if (op == "lock" || op == "unlock" || op == "shutdown" || op == "restart") {
    localAdmin(op, decoded->seconds, now, fx);
  } else if (op == "hold" || op == "unhold" || op == "holds" || op == "askholds" || op == "held" ||
             op == "adopt" || op == "adopted" || op == "fenced" || op == "gotholds") {
    onHoldFrame(op, *req, now, fx);
  }
}

// The effects of master::MasterRole's decisions: heartbeats, probes, probe replies and the
// announce round go out; what this host serves as master goes to the agent.
void LimNode::applyMaster(const master::MasterActions& a, Effects* fx) {
  for (const auto& out : a.send) fx->send(out.to, out.kind, protocol::encodeAnnounce(out.body));
  counters_.probes_sent += a.probes;
  counters_.announces_sent += a.heartbeats;
  counters_.reports_ingested += a.ingested;
  counters_.unknown_sender += a.unknownSender;
  for (const auto& line : a.log) fx->info(line);
  for (const auto& line : a.warnings) fx->warn(line);
  if (a.servesSelf) agent_->onServesSelf(*a.servesSelf);
}

Effects LimNode::onTick(const Now& now) {
  Effects fx;
  timers(now, &fx);
  answerAwaited(now, &fx);
  finishGathers(now, &fx);
  return fx;
}

void LimNode::timers(const Now& now, Effects* fx) {
  master::MasterActions m = master_->onTick(*table_, now.mono);
  agent_->onRole(election().master(), election().isMaster(), now.mono);
  applyMaster(m, fx);
  agent::AgentActions act = agent_->onTick(now.mono);
  if (act.restartMelim) startMelim(*act.restartMelim, fx);
  if (act.reportTo) sendReport(*act.reportTo, now, fx);
  reservationTimers(now, fx);
}

}  // namespace openlim::node
