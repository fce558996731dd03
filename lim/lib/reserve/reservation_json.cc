#include "reserve/reservation_json.h"

#include "format/reply_json.h"

#include <cmath>

namespace openlim::reserve {
namespace {

using format::Json;

Status bad(const std::string& what) {
  return Status(Code::kInvalid, "not a reservation: " + what);
}

bool text(const Json& j, const char* key, std::string* out, bool required) {
  const Json* v = j.find(key);
  if (!v) return !required;
  if (!v->isString() || v->asString().size() > 4096) return false;
  *out = v->asString();
  return true;
}

bool number(const Json& j, const char* key, double* out) {
  const Json* v = j.find(key);
  if (!v || !v->isNumber() || !std::isfinite(v->asNumber())) return false;
  *out = v->asNumber();
  return true;
}

Result<HostHold> holdFromJson(const Json& j) {
  HostHold h;
  double slots = 0;
  if (!j.isObject() || !text(j, "host", &h.host, true) || h.host.empty())
    return bad("a hold needs \"host\"");
  if (!number(j, "slots", &slots) || slots < 0 || slots > kMaxSlots || slots != std::trunc(slots))
    return bad("\"slots\" of " + h.host + " must be a whole number");
  h.slots = static_cast<int>(slots);
  const Json* amounts = j.find("amounts");
  if (!amounts) return h;
  if (!amounts->isArray() || amounts->size() > kMaxAmounts)
    return bad("\"amounts\" must be an array of at most 256 items");
  for (const Json& a : amounts->items()) {
    Amount am;
    if (!a.isObject() || !text(a, "resource", &am.resource, true) || am.resource.empty() ||
        !number(a, "amount", &am.amount) || am.amount < 0)
      return bad("an amount needs \"resource\" and \"amount\" (0 or more)");
    const Json* sh = a.find("shared");
    am.shared = sh && sh->asBool();
    h.amounts.push_back(std::move(am));
  }
  return h;
}

}  // namespace

Json reservationJson(const Reservation& r) {
  Json o = Json::object();
  o.add("id", Json::string(r.id));
  o.add("user", Json::string(r.labels.user));
  o.add("project", Json::string(r.labels.project));
  o.add("queue", Json::string(r.labels.queue));
  o.add("pe", Json::string(r.labels.pe));
  Json slots = Json::array();
  for (const auto& s : r.slots) slots.push(Json::string(s));
  o.add("hosts", std::move(slots));
  Json holds = Json::array();
  for (const auto& h : r.hosts) {
    Json hj = Json::object();
    hj.add("host", Json::string(h.host));
    hj.add("slots", Json::number(h.slots));
    Json amounts = Json::array();
    for (const auto& a : h.amounts) {
      Json aj = Json::object();
      aj.add("resource", Json::string(a.resource));
      aj.add("amount", Json::number(a.amount));
      aj.add("shared", Json::boolean(a.shared));
      amounts.push(std::move(aj));
    }
    hj.add("amounts", std::move(amounts));
    holds.push(std::move(hj));
  }
  o.add("holds", std::move(holds));
  o.add("created", Json::number(r.created));
  o.add("expires", Json::number(r.expires));
  o.add("master", Json::string(r.master));
  if (r.version > 1) o.add("version", Json::number(static_cast<double>(r.version)));
  if (r.term > 0) o.add("term", Json::number(static_cast<double>(r.term)));
  return o;
}

Result<Reservation> reservationFromJson(const Json& j) {
  Reservation r;
  if (!j.isObject()) return bad("want an object");
  if (!text(j, "id", &r.id, true) || r.id.empty()) return bad("\"id\" must be a non-empty string");
  if (!text(j, "user", &r.labels.user, true) || r.labels.user.empty())
    return bad("\"user\" must be a non-empty string");
  if (!text(j, "project", &r.labels.project, false) || !text(j, "queue", &r.labels.queue, false) ||
      !text(j, "pe", &r.labels.pe, false) || !text(j, "master", &r.master, false))
    return bad("\"project\", \"queue\", \"pe\" and \"master\" must be strings");
  if (!number(j, "created", &r.created) || !number(j, "expires", &r.expires))
    return bad("\"created\" and \"expires\" must be numbers");
  if (const Json* v = j.find("version")) {  // absent: 1 (as every reservation before renew)
    const double d = v->isNumber() ? v->asNumber() : 0;
    if (!(d >= 1 && d <= 9e15 && d == static_cast<double>(static_cast<uint64_t>(d))))
      return bad("\"version\" must be a whole number, 1 or more");
    r.version = static_cast<uint64_t>(d);
  }
  if (const Json* v = j.find("term")) {  // absent: 0 (available mode)
    const double d = v->isNumber() ? v->asNumber() : -1;
    if (!(d >= 0 && d <= 9e15 && d == static_cast<double>(static_cast<uint64_t>(d))))
      return bad("\"term\" must be a whole number");
    r.term = static_cast<uint64_t>(d);
  }
  const Json* slots = j.find("hosts");
  if (!slots || !slots->isArray() || slots->size() > kMaxSlots)
    return bad("\"hosts\" must be an array of host names");
  for (const Json& s : slots->items()) {
    if (!s.isString() || s.asString().empty()) return bad("\"hosts\" must hold host names");
    r.slots.push_back(s.asString());
  }
  const Json* holds = j.find("holds");
  if (!holds || !holds->isArray() || holds->size() > kMaxSlots)
    return bad("\"holds\" must be an array");
  size_t total = 0;
  for (const Json& h : holds->items()) {
    auto hold = holdFromJson(h);
    if (!hold) return hold.status();
    total += static_cast<size_t>(hold->slots);
    r.hosts.push_back(std::move(*hold));
  }
  if (total != r.slots.size()) return bad("the holds' slots do not add up to \"hosts\"");
  return r;
}

std::string hostStateText(const std::string& cluster, const std::string& host,
                          const std::vector<Reservation>& rs,
                          const std::vector<std::string>& released, const VoterTerm& term) {
  Json o = Json::object();
  o.add("version", Json::number(1));
  o.add("cluster", Json::string(cluster));
  o.add("host", Json::string(host));
  Json list = Json::array();
  for (const auto& r : rs) list.push(reservationJson(r));
  o.add("reservations", std::move(list));
  if (!released.empty()) o.add("released", format::jstrings(released));
  if (term != VoterTerm{}) o.add("term", voterTermJson(term));
  std::string out = o.compact();
  out += '\n';
  return out;
}

Result<HostState> parseHostState(std::string_view in) {
  auto j = format::parseJson(in, 16);
  if (!j) return Status(Code::kInvalid, j.status().message());
  const Json* version = j->find("version");
  if (!j->isObject() || !version || version->asNumber() != 1)
    return Status(Code::kInvalid, "not a reservation state file (want {\"version\": 1, ...})");
  HostState out;
  if (!text(*j, "cluster", &out.cluster, false) || !text(*j, "host", &out.host, false))
    return Status(Code::kInvalid, "\"cluster\" and \"host\" must be strings");
  const Json* list = j->find("reservations");
  if (!list || !list->isArray() || list->size() > kMaxStateEntries)
    return Status(Code::kInvalid, "\"reservations\" must be an array");
  for (const Json& item : list->items()) {
    auto r = reservationFromJson(item);
    if (!r) return r.status();
    out.reservations.push_back(std::move(*r));
  }
  if (const Json* released = j->find("released")) {  // absent in files before it was kept
    if (!released->isArray() || released->size() > kMaxReleasedKept)
      return Status(Code::kInvalid, "\"released\" must be an array of ids");
    for (const Json& id : released->items()) {
      if (!id.isString()) return Status(Code::kInvalid, "\"released\" must be an array of ids");
      out.released.push_back(id.asString());
    }
  }
  if (const Json* term = j->find("term")) {
    auto t = voterTermFromJson(*term);
    if (!t) return Status(Code::kInvalid, "\"term\": " + t.status().message());
    out.term = std::move(*t);
  }
  return out;
}

}  // namespace openlim::reserve
