#include "format/reply_parse.h"

#include "format/subcode.h"
#include "format/values.h"

namespace openlim::format {

using format::Json;
using format::Value;

namespace {

Value field(const Json& o, std::string_view key) {
  return parseValue(o.find(key));
}

double numberOr(const Json& o, std::string_view key, double fallback) {
  Value v = field(o, key);
  return v.isNumber() ? v.number : fallback;
}

bool boolOr(const Json& o, std::string_view key, bool fallback) {
  Value v = field(o, key);
  return v.kind == Value::Kind::kBool ? v.flag : (v.isNumber() ? v.number != 0 : fallback);
}

std::string stringOr(const Json& o, std::string_view key, const std::string& fallback = "") {
  return o.stringOr(key, fallback);
}

// A member that is an object/array, else nullptr.
const Json* objectOf(const Json& o, std::string_view key) {
  const Json* m = o.find(key);
  return m != nullptr && m->isObject() ? m : nullptr;
}

const Json* arrayOf(const Json& o, std::string_view key) {
  const Json* m = o.find(key);
  return m != nullptr && m->isArray() ? m : nullptr;
}

std::map<std::string, double> numberMap(const Json& o, std::string_view key) {
  std::map<std::string, double> out;
  if (const Json* m = objectOf(o, key)) {
    for (const auto& [k, v] : m->members())
      if (v.isNumber()) out[k] = v.asNumber();
  }
  return out;
}

// Calls f for each object item of the array member `key`.
template <typename F>
void eachObject(const Json& o, std::string_view key, F f) {
  if (const Json* arr = arrayOf(o, key)) {
    for (const Json& item : arr->items())
      if (item.isObject()) f(item);
  }
}

ResourceType typeOf(const std::string& s) {
  if (s == "Numeric" || s == "numeric") return ResourceType::kNumeric;
  if (s == "String" || s == "string") return ResourceType::kString;
  return ResourceType::kBoolean;
}

Direction directionOf(const std::string& s) {
  if (s == "Inc" || s == "inc" || s == "increasing") return Direction::kIncreasing;
  if (s == "Dec" || s == "dec" || s == "decreasing") return Direction::kDecreasing;
  return Direction::kNone;
}

std::string fieldText(const Json* v) {
  if (v == nullptr || v->isNull()) return "-";
  if (v->isObject()) {
    std::string s;
    for (const auto& [k, x] : v->members()) s += (s.empty() ? "" : ",") + k + "=" + fieldText(&x);
    return s.empty() ? "-" : s;
  }
  if (v->isArray()) {
    std::string s;
    for (const auto& x : v->items()) s += (s.empty() ? "" : " ") + fieldText(&x);
    return s.empty() ? "-" : s;
  }
  if (v->isBool()) return v->asBool() ? "yes" : "no";
  if (v->isNumber()) return format::plainNumber(v->asNumber());
  return v->asString();
}

// Fields in the order the lim wrote them (the parser preserves object order).
format::Fields fieldsOf(const Json& o) {
  format::Fields f;
  for (const auto& [k, v] : o.members()) f.emplace_back(k, fieldText(&v));
  return f;
}

}  // namespace

Value parseValue(const Json* v) {
  if (v == nullptr) return Value::unknown();
  if (v->isBool()) return Value::boolean(v->asBool());
  if (v->isNumber()) return Value::num(v->asNumber());
  if (v->isString()) return Value::str(v->asString());
  return Value::unknown();
}

std::vector<std::string> stringList(const Json& o, std::string_view key) {
  std::vector<std::string> out;
  if (const Json* arr = arrayOf(o, key)) {
    for (const Json& v : arr->items())
      if (v.isString()) out.push_back(v.asString());
  }
  return out;
}

format::ClusterInfo parseInfo(const Json& reply) {
  format::ClusterInfo info;
  eachObject(reply, "resources", [&](const Json& r) {
    format::ResourceInfo ri;
    ri.name = stringOr(r, "name");
    ri.type = typeOf(stringOr(r, "type"));
    ri.direction = directionOf(stringOr(r, "order"));
    ri.interval = numberOr(r, "interval", 0);
    ri.builtin = boolOr(r, "builtin", false);
    ri.dynamic = boolOr(r, "dynamic", false);
    ri.release = boolOr(r, "release", false);
    ri.consumable = boolOr(r, "consumable", false);
    ri.shared = boolOr(r, "shared", false);
    ri.derived = boolOr(r, "derived", false);
    ri.description = stringOr(r, "description");
    info.resources.push_back(std::move(ri));
  });
  info.types = stringList(reply, "types");
  eachObject(reply, "models", [&](const Json& m) {
    info.models.push_back({stringOr(m, "name"), numberOr(m, "cpuf", 1), stringOr(m, "arch"),
                           boolOr(m, "used", false)});
  });
  return info;
}

namespace {

format::HostInfo hostFrom(const Json& h) {
  format::HostInfo hi;
  hi.name = stringOr(h, "name");
  hi.type = stringOr(h, "type");
  hi.model = stringOr(h, "model");
  hi.cpuf = field(h, "cpuf");
  hi.ncpus = field(h, "ncpus");
  hi.ncores = field(h, "ncores");
  hi.nthreads = field(h, "nthreads");
  hi.maxmem = field(h, "maxmem");
  hi.maxswp = field(h, "maxswp");
  hi.maxtmp = field(h, "maxtmp");
  hi.ndisks = field(h, "ndisks");
  hi.rexpri = field(h, "rexpri");
  Value server = field(h, "server");
  if (server.kind == Value::Kind::kString)
    hi.server = server.text;
  else if (server.kind == Value::Kind::kBool)
    hi.server = server.flag ? "Yes" : "No";
  hi.resources = stringList(h, "resources");
  hi.thresholds = numberMap(h, "thresholds");
  hi.status = stringOr(h, "status");
  if (const Json* m = objectOf(h, "site"))
    for (const auto& [k, v] : m->members())
      if (v.isNumber() || v.isString()) hi.site.emplace_back(k, parseValue(&v));
  if (const Json* m = objectOf(h, "nlb"))
    for (const auto& [k, v] : m->members())
      if (v.isString()) hi.nlb.emplace_back(k, v.asString());
  return hi;
}

}  // namespace

std::vector<format::HostInfo> parseHosts(const Json& reply) {
  std::vector<format::HostInfo> hosts;
  eachObject(reply, "hosts", [&](const Json& h) { hosts.push_back(hostFrom(h)); });
  return hosts;
}

Result<HostsReply> parseHostsReply(std::string_view text) {
  HostsReply out;
  // A host is ~200 bytes of reply or more: room for all of them up front, so the vector of
  // ~700-byte rows is never moved while it grows (memory reserved but not used is not touched).
  out.hosts.reserve(text.size() / 128 + 1);
  auto head = format::parseJsonItems(text, "hosts", [&](Json& h) {
    if (h.isObject()) out.hosts.push_back(hostFrom(h));
  });
  if (!head) return head.status();
  out.head = std::move(*head);
  return out;
}

std::vector<format::SharedInstance> parseShared(const Json& reply) {
  std::vector<format::SharedInstance> out;
  eachObject(reply, "instances", [&](const Json& i) {
    format::SharedInstance si;
    si.resource = stringOr(i, "resource");
    si.value = field(i, "value");
    si.reserved = numberOr(i, "reserved", 0);
    si.locations = stringList(i, "locations");
    si.dynamic = boolOr(i, "dynamic", false);
    si.isString = stringOr(i, "type") == "String" || si.value.kind == Value::Kind::kString;
    out.push_back(std::move(si));
  });
  return out;
}

PlacementResult parsePlacement(const Json& reply) {
  PlacementResult r;
  r.slots = stringList(reply, "hosts");
  eachObject(reply, "explain", [&](const Json& e) {
    r.explanations.push_back(
        {stringOr(e, "host"), outcomeFromName(stringOr(e, "outcome")), stringOr(e, "reason")});
  });
  return r;
}

format::IdInfo parseId(const Json& reply) {
  return {stringOr(reply, "cluster"), stringOr(reply, "master"), stringOr(reply, "version"),
          stringOr(reply, "period"),  stringOr(reply, "policy"), stringList(reply, "admins")};
}

namespace {

// One row of `lsadmin elimstatus` from one entry of melim's status JSON (docs/melim.md).
format::Fields elimRow(const Json& e) {
  auto text = [&](const char* key) { return fieldText(e.find(key)); };
  std::string pid = text("pid");
  if (pid == "-1") pid = "-";
  return {{"name", text("name")},
          {"state", text("state")},
          {"pid", pid},
          {"starts", text("starts")},
          {"last_line", text("last_line_age")},
          {"accepted", text("accepted")},
          {"dropped", text("dropped")},
          {"conflicts", text("conflicts")},
          {"last_exit", text("last_exit")}};
}

}  // namespace

std::vector<format::ElimHostStatus> parseElimStatus(const Json& reply) {
  std::vector<format::ElimHostStatus> out;
  eachObject(reply, "hosts", [&](const Json& h) {
    format::ElimHostStatus s;
    s.host = stringOr(h, "host");
    s.error = stringOr(h, "error");
    std::string reason = stringOr(h, "reason");
    if (!s.error.empty() && !reason.empty()) s.error += " (" + reason + ")";
    if (const Json* m = objectOf(h, "melim")) s.melim = fieldsOf(*m);
    // lim passes melim's status line through: {"type":"melim_status","elims":[...],...}.
    if (const Json* status = objectOf(h, "elims"))
      eachObject(*status, "elims", [&](const Json& e) { s.elims.push_back(elimRow(e)); });
    out.push_back(std::move(s));
  });
  return out;
}

namespace {

Code codeOf(const std::string& code) {
  if (code == "syntax") return Code::kInvalid;
  if (code == "notfound" || code == "noteligible") return Code::kNotFound;
  if (code == "denied") return Code::kDenied;
  if (code == "unavailable" || code == "busy") return Code::kUnavailable;
  return Code::kInternal;
}

}  // namespace

Status replyError(const Json& reply) {
  return Status(codeOf(reply.stringOr("code", "internal")),
                subcodeFromName(reply.stringOr("subcode")),
                reply.stringOr("error", "request failed"));
}

}  // namespace openlim::format
