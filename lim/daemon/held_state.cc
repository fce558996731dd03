// What each lim keeps of the reservations on its host (docs/reservations.md): the master
// sends `hold` / `unhold` (signed UDP, kind 7) to every reserved host; the host's lim keeps
// them in held_ and in its state file (written whole: temporary file, fsync, rename), drops
// them when their lease ends, and reports them (`holds`) to every new master, which rebuilds
// its ledger from these reports before it admits a reservation.
#include <fcntl.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "json_util.h"
#include "lim_server.h"
#include "read_file.h"
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

// Writes `text` to `path` so that a crash leaves the old file or the new one, never a part.
Status writeAtomically(const std::string& path, const std::string& text) {
  std::string tmp = path + ".tmp";
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Status(Code::kIo, tmp + ": " + std::strerror(errno));
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      Status st(Code::kIo, tmp + ": " + std::strerror(errno));
      ::close(fd);
      return st;
    }
    done += static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0)
    return Status(Code::kIo, tmp + ": " + std::strerror(errno));
  if (::rename(tmp.c_str(), path.c_str()) != 0)
    return Status(Code::kIo, path + ": " + std::strerror(errno));
  return Status::ok();
}

}  // namespace

void LimServer::loadHeldState(double wall) {
  stateDir_ = reserve::stateDir(config_->lsf);
  std::string path = reserve::statePath(stateDir_, opts_.host);
  auto text = shell::readFile(path);
  if (!text) return;  // none yet
  auto list = reserve::parseHostState(*text);
  if (!list) {
    // Kept aside for the admin, never silently overwritten.
    std::string aside = path + ".bad";
    ::rename(path.c_str(), aside.c_str());
    spdlog::error("reservations: {}: {}; moved to {}", path, list.status().message(), aside);
    return;
  }
  for (const auto& r : *list) held_.merge(r, wall);
  spdlog::info("reservations: {} kept on this host ({})", held_.size(), path);
}

void LimServer::writeHeldState() {
  std::vector<reserve::Reservation> list;
  for (const reserve::Reservation* r : held_.list("")) list.push_back(*r);
  Status st = writeAtomically(reserve::statePath(stateDir_, opts_.host),
                              reserve::hostStateText(opts_.host, list));
  ++counters_.state_writes;
  if (!st) {
    ++counters_.state_write_errors;
    spdlog::error("reservations: {}", st.message());
  }
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

// Group commit: the changes of one loop turn go to the state file in one write and fsync,
// and only then are the replies that reported them sent (a reply never promises what a
// crash could still lose on this host).
void LimServer::flushHeldState(double now) {
  if (heldDirty_) {
    writeHeldState();
    heldDirty_ = false;
  }
  for (uint64_t id : awaitingWrite_)
    if (Conn* c = findConn(id); c && c->phase == Conn::Phase::kWaiting)
      startReply(*c, std::move(c->pending), now);
  awaitingWrite_.clear();
}

void LimServer::applyEffects(const reserve::Effects& fx, double now) {
  (void)now;
  bool changed = false;
  const double wall = wallNow();
  for (const auto& r : fx.put)
    for (const auto& h : keepersOf(r)) {
      if (h == opts_.host) {
        changed = held_.merge(r, wall) || changed;
      } else {
        sendUdp(h, protocol::Kind::kAdmin, holdJson(opts_.host, r));
        ++counters_.holds_sent;
      }
    }
  for (const auto& r : fx.dropped)
    for (const auto& h : keepersOf(r)) {
      if (h == opts_.host) {
        changed = held_.release(r.id, {"", true}).isOk() || changed;
      } else {
        sendUdp(h, protocol::Kind::kAdmin, unholdJson(opts_.host, r.id));
        ++counters_.holds_sent;
      }
    }
  if (changed) heldDirty_ = true;
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
    if (held_.merge(*res, wall)) heldDirty_ = true;
  } else if (op == "unhold") {
    const Json* ids = req.find("ids");
    bool changed = false;
    if (ids && ids->isArray())
      for (const Json& id : ids->items())
        changed = held_.release(id.asString(), {"", true}).isOk() || changed;
    if (changed) heldDirty_ = true;
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
  if (held_.nextExpiry() <= wall && !held_.expire(wall).empty()) heldDirty_ = true;
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
