#include "reserve/requests.h"

#include <algorithm>
#include <cmath>

namespace openlim::reserve {
namespace {

using format::Json;

Status wrong(std::string_view key, std::string_view what) {
  return Status(Code::kInvalid, "\"" + std::string(key) + "\" must be " + std::string(what));
}

Status text(const Json& req, std::string_view key, std::string* out) {
  const Json* v = req.find(key);
  if (!v) return Status::ok();
  if (!v->isString() || v->asString().size() > 256) return wrong(key, "a string");
  *out = v->asString();
  return Status::ok();
}

Status lease(const Json& req, double* out) {
  const Json* v = req.find("lease");
  if (!v) return Status::ok();
  double d = v->asNumber(-1);
  if (!v->isNumber() || !std::isfinite(d) || d < 0 || d > 365.0 * 24 * 3600)
    return wrong("lease", "a number of seconds, 0 (the default lease) to a year");
  *out = d;
  return Status::ok();
}

Status caller(const Json& req, std::string* out) {
  if (Status st = text(req, "caller", out); !st) return st;
  return Status::ok();
}

}  // namespace

bool isReservationOp(const std::string& op) {
  return isReservationWrite(op) || op == "reservations" || op == "quotas";
}

bool isReservationWrite(const std::string& op) {
  return op == "reserve" || op == "renew" || op == "release";
}

Result<ReserveRequest> decodeReserveRequest(const Json& req) {
  auto place = master::decodePlaceRequest(req);
  if (!place) return place.status();
  ReserveRequest r;
  r.place = std::move(*place);
  for (auto [key, out] : {std::pair{"user", &r.labels.user},
                          {"project", &r.labels.project},
                          {"queue", &r.labels.queue},
                          {"pe", &r.labels.pe},
                          {"policy", &r.policy}})
    if (Status st = text(req, key, out); !st) return st;
  if (Status st = lease(req, &r.lease); !st) return st;
  if (const Json* a = req.find("attrs")) {
    if (!a->isArray() || a->size() > 256) return wrong("attrs", "an array of attr[=value]");
    for (const Json& item : a->items()) {
      if (!item.isString()) return wrong("attrs", "an array of attr[=value]");
      r.attrs.push_back(item.asString());
    }
  }
  if (Status st = caller(req, &r.caller); !st) return st;
  return r;
}

Result<RenewRequest> decodeRenewRequest(const Json& req) {
  RenewRequest r;
  if (Status st = text(req, "id", &r.id); !st) return st;
  if (r.id.empty()) return wrong("id", "a reservation id");
  if (Status st = lease(req, &r.lease); !st) return st;
  if (Status st = caller(req, &r.caller); !st) return st;
  return r;
}

Result<ReleaseRequest> decodeReleaseRequest(const Json& req) {
  ReleaseRequest r;
  const Json* ids = req.find("ids");
  if (!ids || !ids->isArray() || ids->size() == 0 || ids->size() > kMaxIds)
    return wrong("ids", "an array of 1 to 10000 reservation ids");
  for (const Json& id : ids->items()) {
    if (!id.isString() || id.asString().empty() || id.asString().size() > 256)
      return wrong("ids", "an array of 1 to 10000 reservation ids");
    r.ids.push_back(id.asString());
  }
  if (Status st = caller(req, &r.caller); !st) return st;
  return r;
}

Result<ListRequest> decodeListRequest(const Json& req) {
  ListRequest r;
  if (Status st = text(req, "user", &r.user); !st) return st;
  if (Status st = caller(req, &r.caller); !st) return st;
  return r;
}

namespace {

// A quota query's list: an array of names, or one string of comma-separated names.
Status nameList(const Json& v, std::string_view key, std::vector<std::string>* out) {
  auto bad = [&] {
    return wrong(key, "a list of 1 to " + std::to_string(kMaxQuotaListItems) +
                          " names of 1 to 256 bytes (an array, or one comma-separated string)");
  };
  auto add = [&](std::string_view item) {
    if (item.empty() || item.size() > 256 || out->size() >= kMaxQuotaListItems) return false;
    out->emplace_back(item);
    return true;
  };
  if (v.isString()) {
    std::string_view s = v.asString();
    if (s.size() > kMaxQuotaListItems * 257) return bad();
    for (size_t pos = 0;;) {
      size_t comma = s.find(',', pos);
      if (!add(s.substr(pos, comma == s.npos ? s.npos : comma - pos))) return bad();
      if (comma == s.npos) break;
      pos = comma + 1;
    }
    return Status::ok();
  }
  if (!v.isArray() || v.size() == 0 || v.size() > kMaxQuotaListItems) return bad();
  for (const Json& item : v.items())
    if (!item.isString() || !add(item.asString())) return bad();
  return Status::ok();
}

}  // namespace

Result<QuotaRequest> decodeQuotaRequest(const Json& req) {
  if (!req.isObject()) return Status(Code::kInvalid, "a request must be a JSON object");
  QuotaRequest r;
  const std::pair<const char*, std::vector<std::string>*> lists[] = {
      {"user", &r.users},       {"host", &r.hosts}, {"resource", &r.resources},
      {"project", &r.projects}, {"pe", &r.pes},     {"queue", &r.queues}};
  std::string ignored;
  for (const auto& [key, value] : req.members()) {
    std::vector<std::string>* list = nullptr;
    for (const auto& [name, field] : lists)
      if (key == name) list = field;
    if (list) {
      if (Status st = nameList(value, key, list); !st) return st;
      continue;
    }
    std::string* out = nullptr;
    if (key == "format") out = &r.format;
    if (key == "caller") out = &r.caller;
    if (key == "op" || key == "sender") out = &ignored;
    if (!out) return Status(Code::kInvalid, "unknown field \"" + key + "\"");
    if (Status st = text(req, key, out); !st) return st;
  }
  if (r.format != "text" && r.format != "json" && r.format != "xml")
    return wrong("format", "text, json or xml");
  size_t combinations = 1;  // each factor at most 256: no overflow before the check
  for (const auto* l : {&r.users, &r.hosts, &r.projects, &r.pes, &r.queues}) {
    combinations *= std::max<size_t>(l->size(), 1);
    if (combinations > kMaxQuotaCombinations)
      return Status(Code::kInvalid, "too many names: the -u -h -P -pe -q lists may give at most " +
                                        std::to_string(kMaxQuotaCombinations) + " combinations");
  }
  return r;
}

}  // namespace openlim::reserve
