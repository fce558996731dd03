#include "reply_parse.h"

#include <Poco/JSON/Array.h>

#include "format/values.h"

namespace openlim::cmd {

using Poco::JSON::Array;
using Poco::JSON::Object;
using format::Value;

namespace {

double numberOr(const Object& o, const std::string& key, double fallback) {
  Value v = parseValue(o.has(key) ? o.get(key) : Poco::Dynamic::Var());
  return v.isNumber() ? v.number : fallback;
}

bool boolOr(const Object& o, const std::string& key, bool fallback) {
  Value v = parseValue(o.has(key) ? o.get(key) : Poco::Dynamic::Var());
  return v.kind == Value::Kind::kBool ? v.flag : (v.isNumber() ? v.number != 0 : fallback);
}

std::string stringOr(const Object& o, const std::string& key, const std::string& fallback = "") {
  if (!o.has(key)) return fallback;
  const auto& v = o.get(key);
  if (v.isEmpty() || !v.isString()) return fallback;
  return v.convert<std::string>();
}

Value field(const Object& o, const std::string& key) {
  return parseValue(o.has(key) ? o.get(key) : Poco::Dynamic::Var());
}

std::map<std::string, double> numberMap(const Object& o, const std::string& key) {
  std::map<std::string, double> out;
  Object::Ptr m = o.getObject(key);
  if (m.isNull()) return out;
  for (const auto& [k, v] : *m) {
    Value x = parseValue(v);
    if (x.isNumber()) out[k] = x.number;
  }
  return out;
}

template <typename F>
void eachObject(const Object& o, const std::string& key, F f) {
  Array::Ptr arr = o.getArray(key);
  if (arr.isNull()) return;
  for (size_t i = 0; i < arr->size(); ++i) {
    Object::Ptr item = arr->getObject(static_cast<unsigned>(i));
    if (!item.isNull()) f(*item);
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

std::string fieldText(const Poco::Dynamic::Var& v) {
  if (v.isEmpty()) return "-";
  if (v.type() == typeid(Object::Ptr)) {
    std::string s;
    for (const auto& [k, x] : *v.extract<Object::Ptr>())
      s += (s.empty() ? "" : ",") + k + "=" + fieldText(x);
    return s.empty() ? "-" : s;
  }
  if (v.type() == typeid(Array::Ptr)) {
    std::string s;
    for (const auto& x : *v.extract<Array::Ptr>()) s += (s.empty() ? "" : " ") + fieldText(x);
    return s.empty() ? "-" : s;
  }
  Value x = parseValue(v);
  if (x.kind == Value::Kind::kBool) return x.flag ? "yes" : "no";
  if (x.isNumber()) return format::plainNumber(x.number);
  return x.kind == Value::Kind::kString ? x.text : v.toString();
}

// Fields in the order the lim wrote them (the parser preserves object order).
format::Fields fieldsOf(const Object& o) {
  format::Fields f;
  for (const auto& k : o.getNames()) f.emplace_back(k, fieldText(o.get(k)));
  return f;
}

}  // namespace

Value parseValue(const Poco::Dynamic::Var& v) {
  try {
    if (v.isEmpty()) return Value::unknown();
    if (v.type() == typeid(bool)) return Value::boolean(v.extract<bool>());
    if (v.isNumeric()) return Value::num(v.convert<double>());
    if (v.isString()) return Value::str(v.convert<std::string>());
  } catch (const Poco::Exception&) {
  }
  return Value::unknown();
}

std::vector<std::string> stringList(const Object& o, const std::string& key) {
  std::vector<std::string> out;
  Array::Ptr arr = o.getArray(key);
  if (arr.isNull()) return out;
  for (size_t i = 0; i < arr->size(); ++i) {
    const auto& v = arr->get(static_cast<unsigned>(i));
    if (v.isString()) out.push_back(v.convert<std::string>());
  }
  return out;
}

format::LoadSnapshot parseLoad(const Object& reply) {
  format::LoadSnapshot snap;
  snap.cluster = stringOr(reply, "cluster");
  snap.master = stringOr(reply, "master");
  eachObject(reply, "hosts", [&](const Object& h) {
    format::LoadHost host;
    host.name = stringOr(h, "name");
    host.status = stringOr(h, "status", "unavail");
    if (Object::Ptr values = h.getObject("values"); !values.isNull())
      for (const auto& [k, v] : *values) host.values[k] = parseValue(v);
    host.ages = numberMap(h, "ages");
    for (auto& b : stringList(h, "busy")) host.busy.insert(b);
    host.thresholds = numberMap(h, "thresholds");
    snap.hosts.push_back(std::move(host));
  });
  return snap;
}

format::ClusterInfo parseInfo(const Object& reply) {
  format::ClusterInfo info;
  eachObject(reply, "resources", [&](const Object& r) {
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
    ri.description = stringOr(r, "description");
    info.resources.push_back(std::move(ri));
  });
  info.types = stringList(reply, "types");
  eachObject(reply, "models", [&](const Object& m) {
    info.models.push_back({stringOr(m, "name"), numberOr(m, "cpuf", 1), stringOr(m, "arch"),
                           boolOr(m, "used", false)});
  });
  return info;
}

std::vector<format::HostInfo> parseHosts(const Object& reply) {
  std::vector<format::HostInfo> hosts;
  eachObject(reply, "hosts", [&](const Object& h) {
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
    if (server.kind == Value::Kind::kString) hi.server = server.text;
    else if (server.kind == Value::Kind::kBool) hi.server = server.flag ? "Yes" : "No";
    hi.resources = stringList(h, "resources");
    hi.thresholds = numberMap(h, "thresholds");
    hi.status = stringOr(h, "status");
    hosts.push_back(std::move(hi));
  });
  return hosts;
}

std::vector<format::SharedInstance> parseShared(const Object& reply) {
  std::vector<format::SharedInstance> out;
  eachObject(reply, "instances", [&](const Object& i) {
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

format::IdInfo parseId(const Object& reply) {
  return {stringOr(reply, "cluster"), stringOr(reply, "master"), stringOr(reply, "version")};
}

namespace {

// One row of `lsadmin elimstatus` from one entry of melim's status JSON (docs/melim.md).
format::Fields elimRow(const Object& e) {
  auto text = [&](const char* key) { return fieldText(e.has(key) ? e.get(key) : Poco::Dynamic::Var()); };
  std::string pid = text("pid");
  if (pid == "-1") pid = "-";
  return {{"name", text("name")},         {"state", text("state")},
          {"pid", pid},                   {"starts", text("starts")},
          {"last_line", text("last_line_age")}, {"accepted", text("accepted")},
          {"dropped", text("dropped")},   {"conflicts", text("conflicts")},
          {"last_exit", text("last_exit")}};
}

}  // namespace

std::vector<format::ElimHostStatus> parseElimStatus(const Object& reply) {
  std::vector<format::ElimHostStatus> out;
  eachObject(reply, "hosts", [&](const Object& h) {
    format::ElimHostStatus s;
    s.host = stringOr(h, "host");
    s.error = stringOr(h, "error");
    std::string reason = stringOr(h, "reason");
    if (!s.error.empty() && !reason.empty()) s.error += " (" + reason + ")";
    if (Object::Ptr m = h.getObject("melim"); !m.isNull()) s.melim = fieldsOf(*m);
    // lim passes melim's status line through: {"type":"melim_status","elims":[...],...}.
    if (Object::Ptr status = h.getObject("elims"); !status.isNull())
      eachObject(*status, "elims", [&](const Object& e) { s.elims.push_back(elimRow(e)); });
    out.push_back(std::move(s));
  });
  return out;
}

}  // namespace openlim::cmd
