// Every keeper acknowledges a hold or an unhold once its journal has it (`held`, sent after
// the commit); the master sends a change again until the keeper did (reserve/redelivery.h).
// In quorum mode the voters' acknowledgements also make the majority a reply waits for
// (node_quorum.cc).
#include <algorithm>
#include <unordered_map>

#include "format/json.h"
#include "node/holds_limits.h"
#include "node/holds_messages.h"
#include "node/lim_node.h"

namespace openlim::node {

using format::Json;

namespace {

std::string heldJson(const std::string& sender, const std::string& id, uint64_t version) {
  Json o = Json::object();
  o.add("id", Json::string(id));
  o.add("op", Json::string("held"));
  o.add("sender", Json::string(sender));
  o.add("version", Json::number(static_cast<double>(version)));
  return o.compact();
}

}  // namespace

void LimNode::ackHold(const std::string& master, const std::string& id, uint64_t version,
                      Effects* fx) const {
  fx->committedDatagrams.push_back({master, protocol::Kind::kAdmin, heldJson(self_, id, version)});
}

void LimNode::restartRedelivery() {
  const auto& p = config_->params;
  // The first resend after a probe timeout's half (a quorum-mode reply waits three seconds
  // for a majority), at most an exchange interval apart (a keeper that is down hears again
  // when it is back).
  redelivery_.setTiming({.first = std::max(p.probeTimeout / 2, 0.5), .most = p.exInterval});
  redelivery_.clear();
}

// This master keeps a copy too (it is a keeper of every reservation it holds).
void LimNode::bringKeepersUpToDate(const reserve::Reservation& r, const Now& now, Effects* fx) {
  if (quorumMode()) return;
  for (const std::string& k : keepersOf(r)) {
    if (k == self_)
      keep(r, now.wall, fx);
    else
      redelivery_.sendSoon(k, r.id, r.version, false, r.expires, now.mono);
  }
}

// A keeper reported its holds after the window closed (it restarted, maybe without its
// files, or heard of this master late): what it should keep and did not report goes to it.
// Reports come once per keeper and master incarnation (and when asked), so the ledger is
// scanned that often, not per datagram of traffic.
void LimNode::bringKeeperUpToDate(const std::string& keeper,
                                  const std::vector<reserve::Reservation>& reported,
                                  const Now& now) {
  if (quorumMode()) return;
  std::unordered_map<std::string, const reserve::Reservation*> has;
  for (const auto& r : reported) has[r.id] = &r;
  const std::vector<std::string> v = voters();
  const bool keepsAll = std::find(v.begin(), v.end(), keeper) != v.end();
  for (const reserve::Reservation* r : reservations_.ledger().list("")) {
    if (!keepsAll && !r->holdsHost(keeper)) continue;
    if (auto h = has.find(r->id);
        h != has.end() && h->second->version >= r->version && h->second->expires >= r->expires)
      continue;
    redelivery_.sendSoon(keeper, r->id, r->version, false, r->expires, now.mono);
  }
}

// A keeper that was down, cut off or lost its files while the last master made a change, or
// whose copy that master's death left unacknowledged, has it again once this master's
// ledger is whole; those that have it already answer `held` and hear no more. Paced by
// resendChanges, kMaxResendsPerTurn a turn.
void LimNode::bringKeepersUpToDate(const Now& now, Effects* fx) {
  for (const reserve::Reservation* r : reservations_.ledger().list(""))
    bringKeepersUpToDate(*r, now, fx);
}

void LimNode::resendChanges(const Now& now, Effects* fx) {
  for (const reserve::Redelivery::Due& d :
       redelivery_.due(now.mono, now.wall, kMaxResendsPerTurn)) {
    if (d.drop) {
      fx->send(d.keeper, protocol::Kind::kAdmin,
               unholdJson(self_, d.id, d.version, reservations_.term()));
      continue;
    }
    // A hold goes again as the ledger has it; a later change replaced this one already.
    const reserve::Reservation* r = reservations_.ledger().find(d.id);
    if (r && r->version == d.version)
      fx->send(d.keeper, protocol::Kind::kAdmin, holdJson(self_, *r));
  }
}

}  // namespace openlim::node
