// What each lim keeps of the reservations on its host (docs/reservations.md): the master
// sends `hold` / `unhold` (signed UDP, kind 7) to every reserved host; the host's lim keeps
// them in held_ and in its state files (state_store.h: a snapshot, and a journal of the
// changes since, one fdatasync per loop turn), drops them when their lease ends, and reports
// them (`holds`) to every new master, and to a master whose lim restarted, which rebuilds
// its ledger from these reports before it admits a reservation (reserve/rebuild.h); a
// rebuilding master asks (`askholds`) the hosts it hears whose report has not come.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>

#include "json_util.h"
#include "lim_server.h"
#include "reserve/journal.h"
#include "reserve/paths.h"
#include "reserve/reservation_json.h"

namespace openlim::lim {
namespace {

constexpr size_t kMaxHoldsPart = 50000;  // bytes of reservations in one holds datagram
// The first candidates of the master list keep every reservation (without LSF_MASTER_LIST
// every server host is a candidate: the first few are the likely next masters).
constexpr size_t kMaxKeeperCandidates = 4;
// Holds asked per loop turn by a rebuilding master (the rest on the next turns).
constexpr size_t kMaxAsksPerTurn = 512;

std::string holdJson(const std::string& sender, const reserve::Reservation& r) {
  Json o = Json::object();
  o.add("op", Json::string("hold"));
  o.add("reservation", reserve::reservationJson(r));
  o.add("sender", Json::string(sender));
  return o.compact();
}

std::string askHoldsJson(const std::string& sender) {
  return "{\"op\":\"askholds\",\"sender\":" + format::jsonQuote(sender) + "}";
}

std::string unholdJson(const std::string& sender, const std::string& id) {
  Json o = Json::object();
  o.add("ids", jstrings({id}));
  o.add("op", Json::string("unhold"));
  o.add("sender", Json::string(sender));
  return o.compact();
}

}  // namespace

void LimServer::loadHeldState(double wall) {
  stateDir_ = reserve::stateDir(config_->lsf);
  StateStore::Loaded l = store_.load(stateDir_, opts_.host, config_->clusterName);
  for (const std::string& e : l.errors) spdlog::error("reservations: {}", e);
  for (const std::string& e : l.foreign) spdlog::warn("reservations: {}", e);
  counters_.state_foreign += l.foreign.size();
  if (l.unnamed)
    spdlog::info(
        "reservations: the state files name no cluster (an older lim wrote them); adopted "
        "as cluster {}'s",
        config_->clusterName);
  for (const auto& r : l.snapshot) held_.merge(r, wall);
  for (const auto& rec : l.records)
    if (rec.put)
      held_.merge(rec.reservation, wall);
    else
      (void)held_.release(rec.id, {"", true});
  if (l.tornTail) {
    ++counters_.journal_torn;
    spdlog::warn(
        "reservations: the journal's last record was cut short (a crash while "
        "writing it); the records before it are kept");
  }
  // Start from one fresh snapshot, naming this cluster.
  if (l.journalFound || l.unnamed || !l.errors.empty() || !l.foreign.empty()) writeHeldState();
  spdlog::info("reservations: {} kept on this host ({}, {} journal record(s) replayed)",
               held_.size(), store_.snapshotPath(), l.records.size());
}

// A fresh snapshot of everything held, and an empty journal.
void LimServer::writeHeldState() {
  std::vector<reserve::Reservation> list;
  for (const reserve::Reservation* r : held_.list("")) list.push_back(*r);
  Status st = store_.compact(list);
  ++counters_.state_writes;
  ++counters_.state_compactions;
  if (!st) {
    ++counters_.state_write_errors;
    spdlog::error("reservations: {}", st.message());
  }
}

void LimServer::noteHeldPut(const reserve::Reservation& r) {
  store_.append(reserve::journalPut(r));
  heldDirty_ = true;
}

void LimServer::noteHeldDrop(const std::string& id) {
  store_.append(reserve::journalDrop(id));
  heldDirty_ = true;
}

// The lims that keep reservation `r`: its hosts' and every master candidate's (so whichever
// candidate takes over has every reservation at once, even one whose hosts are all down).
std::vector<std::string> LimServer::keepersOf(const reserve::Reservation& r) const {
  std::vector<std::string> out;
  auto add = [&](const std::string& h) {
    if (std::find(out.begin(), out.end(), h) == out.end()) out.push_back(h);
  };
  if (election_->isMaster()) add(opts_.host);  // the reply waits for the master's own copy
  for (const auto& h : r.hosts) add(h.host);
  const auto& candidates = config_->masterList;
  for (size_t i = 0; i < candidates.size() && i < kMaxKeeperCandidates; ++i) add(candidates[i]);
  return out;
}

// Group commit: the changes of one loop turn go to the journal in one write and fdatasync,
// and only then are the replies that reported them sent (a reply never promises what a
// crash could still lose on this host).
void LimServer::flushHeldState(double now) {
  if (heldDirty_) {
    Status st = store_.commit();
    ++counters_.state_writes;
    if (!st) {
      ++counters_.state_write_errors;
      spdlog::error("reservations: {}", st.message());
    }
    if (store_.wantsCompaction()) writeHeldState();
    heldDirty_ = false;
  }
  for (uint64_t id : awaitingWrite_)
    if (Conn* c = findConn(id); c && c->phase == Conn::Phase::kWaiting)
      startReply(*c, std::move(c->pending), now);
  awaitingWrite_.clear();
}

void LimServer::applyEffects(const reserve::Effects& fx, double now) {
  (void)now;
  const double wall = wallNow();
  for (const auto& r : fx.put)
    for (const auto& h : keepersOf(r)) {
      if (h == opts_.host) {
        if (held_.merge(r, wall)) noteHeldPut(r);
      } else {
        sendUdp(h, protocol::Kind::kAdmin, holdJson(opts_.host, r));
        ++counters_.holds_sent;
      }
    }
  for (const auto& r : fx.dropped)
    for (const auto& h : keepersOf(r)) {
      if (h == opts_.host) {
        if (held_.release(r.id, {"", true}).isOk()) noteHeldDrop(r.id);
      } else {
        sendUdp(h, protocol::Kind::kAdmin, unholdJson(opts_.host, r.id));
        ++counters_.holds_sent;
      }
    }
}

void LimServer::onHoldFrame(const std::string& op, const Json& req, double now) {
  const double wall = wallNow();
  const std::string sender = reqString(req, "sender");
  if (op == "hold") {
    const Json* r = req.find("reservation");
    auto res = r ? reserve::reservationFromJson(*r)
                 : Result<reserve::Reservation>(Status(Code::kInvalid, "no reservation"));
    if (!res) {
      ++counters_.malformed;
      return;
    }
    if (held_.merge(*res, wall)) noteHeldPut(*res);
  } else if (op == "unhold") {
    const Json* ids = req.find("ids");
    if (ids && ids->isArray())
      for (const Json& id : ids->items())
        if (held_.release(id.asString(), {"", true}).isOk()) noteHeldDrop(id.asString());
  } else if (op == "holds" && election_->isMaster()) {
    const Json* list = req.find("reservations");
    // A report from a lim that predates parts is whole in one datagram.
    auto count = [&](const char* key, double absent) {
      const Json* v = req.find(key);
      if (!v) return absent;
      double d = v->isNumber() ? v->asNumber() : -1;
      return d >= 0 && d <= 1e9 && d == std::floor(d) ? d : -1;
    };
    const double part = count("part", 0), parts = count("parts", 1);
    if (!list || !list->isArray() || part < 0 || parts < 1 || part >= parts) {
      ++counters_.malformed;
      return;
    }
    std::vector<reserve::Reservation> rs;
    for (const Json& item : list->items())
      if (auto r = reserve::reservationFromJson(item)) rs.push_back(std::move(*r));
    reserve::Effects fx;
    reservations_.merge(sender, rs, wall, *table_, now, &fx);
    applyEffects(fx, now);
    if (config_->findHost(sender))
      reservations_.rebuildWindow().reported(sender, static_cast<size_t>(part),
                                             static_cast<size_t>(parts), now);
  } else if (op == "askholds" && !election_->isMaster() && config_->findHost(sender)) {
    // A master rebuilding its ledger has not heard our holds (lost, or its restart missed).
    ++counters_.holds_asked;
    sendHoldsReport(sender);
    if (sender == election_->master()) reporter_.reported(sender, replay_.epochOf(sender));
  }
}

// Our holds to `to`, in datagrams of at most kMaxHoldsPart bytes (an empty report too: the
// master then knows this host holds nothing), each naming its part and how many there are
// (the master knows the report whole once every part came).
void LimServer::sendHoldsReport(const std::string& to) {
  std::vector<std::string> items;
  for (const reserve::Reservation* r : held_.list(""))
    items.push_back(reserve::reservationJson(*r).compact());
  std::vector<std::string> lists;  // each part's reservations, comma-joined
  size_t i = 0;
  do {
    std::string list;
    size_t first = i;
    while (i < items.size() && (i == first || list.size() + items[i].size() < kMaxHoldsPart)) {
      if (i != first) list += ',';
      list += items[i];
      ++i;
    }
    lists.push_back(std::move(list));
  } while (i < items.size());
  for (size_t part = 0; part < lists.size(); ++part) {
    std::string body = "{\"op\":\"holds\",\"part\":" + std::to_string(part) +
                       ",\"parts\":" + std::to_string(lists.size()) + ",\"reservations\":[" +
                       lists[part] + "],\"sender\":" + format::jsonQuote(opts_.host) + "}";
    sendUdp(to, protocol::Kind::kAdmin, body);
    ++counters_.holds_reports;
  }
}

void LimServer::onReservationTimers(double now) {
  const bool isMaster = election_->isMaster();
  const double wall = wallNow();
  if (isMaster && !wasMaster_) {
    // A new master, or this one restarted: the hosts report what they hold once they hear
    // it; until every host heard has (reserve/rebuild.h) no reservation is admitted.
    const auto& p = config_->params;
    const double settle = p.exInterval + 2 * p.probeTimeout;
    reservations_.beginRebuild(
        now, {.settle = settle, .limit = 3 * settle, .askEvery = std::max(p.probeTimeout, 0.5)});
    reserve::Effects fx;
    std::vector<reserve::Reservation> mine;
    for (const reserve::Reservation* r : held_.list("")) mine.push_back(*r);
    reservations_.merge(opts_.host, mine, wall, *table_, now, &fx);
    applyEffects(fx, now);
    spdlog::info("reservations: master now; rebuilding the ledger from the hosts");
  } else if (!isMaster && wasMaster_) {
    reservations_.endRole();
  }
  wasMaster_ = isMaster;
  if (isMaster && reservations_.nextExpiry() <= wall) {
    reserve::Effects fx;
    reservations_.expire(wall, *table_, now, &fx);
    applyEffects(fx, now);
  }
  // Not journalled: replay drops an ended lease by its own expiry time.
  if (held_.nextExpiry() <= wall) held_.expire(wall);
  if (isMaster) {
    reserve::RebuildWindow& w = reservations_.rebuildWindow();
    for (const std::string& h : w.toAsk(now, kMaxAsksPerTurn)) {
      sendUdp(h, protocol::Kind::kAdmin, askHoldsJson(opts_.host));
      ++counters_.holds_asks;
    }
    size_t missing = 0;
    std::vector<std::string> names = w.takeMissing(now, 10, &missing);
    if (missing > 0) {
      std::string list;
      for (const auto& n : names) list += (list.empty() ? "" : " ") + n;
      if (missing > names.size()) list += " ...";
      spdlog::warn(
          "reservations: admitting again without the holds of {} host(s) that answer but "
          "never reported them ({})",
          missing, list);
    }
  }
  // A keeper reports to each master it learns of: a new name, or a new boot epoch under the
  // same name (that master's lim restarted and lost its ledger).
  const std::string& master = election_->master();
  if (isMaster) {
    reporter_.reported(opts_.host, 0);  // a later master, even the one before, hears again
  } else if (const uint64_t epoch = replay_.epochOf(master); reporter_.due(master, epoch)) {
    sendHoldsReport(master);
    reporter_.reported(master, epoch);
  }
  // A forward the master never answered: the command hears so at the request's deadline.
  bool ended = false;
  for (auto& s : subs_)
    if (s.forwardConn != 0 && !s.req->finished() && now >= s.req->deadline()) {
      s.req->expire();
      onForwardDone(s, now);
      ended = true;
    }
  if (ended) {
    std::erase_if(subs_, [](const SubRequest& s) { return s.req->finished(); });
    forwardNext(now);
  }
}

}  // namespace openlim::lim
