// What each lim keeps of the reservations on its host (docs/reservations.md): the master
// sends `hold` / `unhold` (signed UDP, kind 7) to every reserved host; the host's lim keeps
// them in held_ and in its state files (state_store.h: a snapshot, and a journal of the
// changes since, one fdatasync per loop turn), drops them when their lease ends, and reports
// them (`holds`) to every new master, which rebuilds its ledger from these reports before it
// admits a reservation.
#include <spdlog/spdlog.h>

#include <algorithm>

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

std::string holdJson(const std::string& sender, const reserve::Reservation& r) {
  Json o = Json::object();
  o.add("op", Json::string("hold"));
  o.add("reservation", reserve::reservationJson(r));
  o.add("sender", Json::string(sender));
  return o.compact();
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
    if (!list || !list->isArray()) {
      ++counters_.malformed;
      return;
    }
    std::vector<reserve::Reservation> rs;
    for (const Json& item : list->items())
      if (auto r = reserve::reservationFromJson(item)) rs.push_back(std::move(*r));
    reserve::Effects fx;
    reservations_.merge(sender, rs, wall, *table_, now, &fx);
    applyEffects(fx, now);
  }
}

// Our holds to `to`, in datagrams of at most kMaxHoldsPart bytes (an empty report too: the
// master then knows this host holds nothing).
void LimServer::sendHoldsReport(const std::string& to) {
  std::vector<std::string> items;
  for (const reserve::Reservation* r : held_.list(""))
    items.push_back(reserve::reservationJson(*r).compact());
  size_t i = 0;
  do {
    std::string body = "{\"op\":\"holds\",\"reservations\":[";
    size_t first = i;
    while (i < items.size() && (i == first || body.size() + items[i].size() < kMaxHoldsPart)) {
      if (i != first) body += ',';
      body += items[i];
      ++i;
    }
    body += "],\"sender\":" + format::jsonQuote(opts_.host) + "}";
    sendUdp(to, protocol::Kind::kAdmin, body);
    ++counters_.holds_reports;
  } while (i < items.size());
}

void LimServer::onReservationTimers(double now) {
  const bool isMaster = election_->isMaster();
  const double wall = wallNow();
  if (isMaster && !wasMaster_) {
    // A new master: the hosts report what they hold once they hear it; until then (one
    // exchange interval and the probe timeouts) no reservation is admitted.
    const auto& p = config_->params;
    reservations_.beginRebuild(now + p.exInterval + 2 * p.probeTimeout);
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
  const std::string& master = election_->master();
  if (!isMaster && !master.empty() && master != holdsReportedTo_) {
    sendHoldsReport(master);
    holdsReportedTo_ = master;
  }
  if (isMaster) holdsReportedTo_ = opts_.host;
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
