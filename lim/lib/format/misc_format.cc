#include "format/misc_format.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "format/info_format.h"
#include "format/text.h"
#include "format/values.h"

namespace openlim::format {

std::string formatId(const IdInfo& id, const std::string& version, const std::string& date) {
  std::string out = version + ", " + date + "\n\nMy cluster name is " + id.cluster +
                    "\nMy master name is " + id.master + "\n";
  if (!id.period.empty())
    out += "The current period is " + id.period +
           (id.defaultPolicy.empty() ? " (no default policy)\n"
                                     : " (default policy: " + id.defaultPolicy + ")\n");
  return out;
}

std::string formatBhostsShared(const std::vector<SharedInstance>& instances) {
  size_t nameW = 20;
  size_t totalW = 10;
  for (const auto& in : instances) {
    nameW = std::max(nameW, in.resource.size() + 1);
    totalW = std::max(totalW, valueText(in.value).size() + 1);
  }
  std::string out = padRight("RESOURCE", nameW) + padLeft("TOTAL", totalW) +
                    padLeft("RESERVED", 15) + padLeft("LOCATION", 15) + "\n";
  for (const auto& in : instances) {
    std::string line = padRight(in.resource, nameW) + padLeft(valueText(in.value), totalW) +
                       padLeft(fixed(in.reserved, 1), 15) + "       ";
    line += wrapWords(in.locations, nameW + totalW + 22, 80, nameW + totalW + 22);
    out += rstrip(line) + "\n";
  }
  return out;
}

std::string formatElimStatus(const std::vector<ElimHostStatus>& hosts) {
  std::string out;
  for (size_t i = 0; i < hosts.size(); ++i) {
    const auto& h = hosts[i];
    if (i) out += "\n";
    out += "HOST_NAME: " + h.host + "\n";
    if (!h.error.empty()) {
      out += h.error + "\n";
      continue;
    }
    std::string melim = "MELIM:";
    for (const auto& [k, v] : h.melim) melim += " " + k + "=" + v;
    out += (h.melim.empty() ? "MELIM: not running" : melim) + "\n";
    if (h.elims.empty()) {
      out += "No elims\n";
      continue;
    }
    std::vector<std::string> keys;  // union of fields, first-seen order
    for (const auto& e : h.elims)
      for (const auto& [k, v] : e)
        if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
    std::vector<size_t> widths;
    for (const auto& k : keys) {
      size_t w = k.size();
      for (const auto& e : h.elims)
        for (const auto& [ek, ev] : e)
          if (ek == k) w = std::max(w, ev.size());
      widths.push_back(w + 2);
    }
    std::string head;
    for (size_t k = 0; k < keys.size(); ++k) {
      std::string upper = keys[k];
      for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      head += padRight(upper, widths[k]);
    }
    out += rstrip(head) + "\n";
    for (const auto& e : h.elims) {
      std::string line;
      for (size_t k = 0; k < keys.size(); ++k) {
        std::string text = "-";
        for (const auto& [ek, ev] : e)
          if (ek == keys[k]) text = ev;
        line += padRight(text, widths[k]);
      }
      out += rstrip(line) + "\n";
    }
  }
  return out;
}

Json valueJson(const Value& v) {
  switch (v.kind) {
    case Value::Kind::kNumber:
      return Json::number(v.number);
    case Value::Kind::kString:
      return Json::string(v.text);
    case Value::Kind::kBool:
      return Json::boolean(v.flag);
    case Value::Kind::kUnknown:
    case Value::Kind::kAbsent:
      break;
  }
  return Json::null();
}

Json loadJson(const LoadSnapshot& snap) {
  // Names in byte order, as the lim writes them; a host lists what it has.
  std::vector<int> order(snap.names.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return snap.names[static_cast<size_t>(a)] < snap.names[static_cast<size_t>(b)];
  });
  Json hosts = Json::array();
  for (const auto& h : snap.hosts) {
    Json values = Json::object();
    Json ages = Json::object();
    for (int slot : order) {
      const std::string& name = snap.names[static_cast<size_t>(slot)];
      if (const Value& v = snap.value(h, slot); v.present()) values.add(name, valueJson(v));
      if (double a = snap.age(h, slot); !std::isnan(a)) ages.add(name, Json::number(a));
    }
    std::vector<std::string> busyNames;
    for (int slot : h.busy) busyNames.push_back(snap.names[static_cast<size_t>(slot)]);
    std::sort(busyNames.begin(), busyNames.end());
    busyNames.erase(std::unique(busyNames.begin(), busyNames.end()), busyNames.end());
    Json busy = Json::array();
    for (auto& b : busyNames) busy.push(Json::string(std::move(b)));
    Json row = Json::object();
    row.add("name", Json::string(h.name)).add("status", Json::string(h.status));
    if (!std::isnan(h.age)) row.add("age", Json::number(h.age));
    row.add("values", std::move(values)).add("ages", std::move(ages));
    row.add("busy", std::move(busy));
    hosts.push(std::move(row));
  }
  Json out = Json::object();
  out.add("cluster", Json::string(snap.cluster)).add("master", Json::string(snap.master));
  return out.add("hosts", std::move(hosts));
}

Json hostsJson(const std::vector<HostInfo>& hosts) {
  Json arr = Json::array();
  for (const auto& h : hosts) {
    Json o = Json::object();
    o.set("name", Json::string(h.name)).set("type", Json::string(h.type));
    o.set("model", Json::string(h.model)).set("cpuf", valueJson(h.cpuf));
    o.set("ncpus", valueJson(h.ncpus)).set("ncores", valueJson(h.ncores));
    o.set("nthreads", valueJson(h.nthreads)).set("maxmem", valueJson(h.maxmem));
    o.set("maxswp", valueJson(h.maxswp)).set("maxtmp", valueJson(h.maxtmp));
    o.set("ndisks", valueJson(h.ndisks)).set("rexpri", valueJson(h.rexpri));
    o.set("server", Json::string(h.server));
    Json res = Json::array();
    for (const auto& r : h.resources) res.push(Json::string(r));
    o.set("resources", std::move(res));
    Json th = Json::object();
    for (const auto& [k, v] : h.thresholds) th.set(k, Json::number(v));
    o.set("thresholds", std::move(th)).set("status", Json::string(h.status));
    if (!h.site.empty()) {
      Json site = Json::object();
      for (const auto& [k, v] : h.site) site.add(k, valueJson(v));
      o.set("site", std::move(site));
    }
    if (!h.nlb.empty()) {
      Json nlb = Json::object();
      for (const auto& [k, v] : h.nlb) nlb.add(k, Json::string(v));
      o.set("nlb", std::move(nlb));
    }
    arr.push(std::move(o));
  }
  return Json::object().set("hosts", std::move(arr));
}

Json infoJson(const ClusterInfo& info) {
  Json res = Json::array();
  for (const auto* r : lsinfoOrder(info)) {
    Json o = Json::object();
    o.set("name", Json::string(r->name)).set("type", Json::string(typeName(r->type)));
    o.set("order", Json::string(orderName(r->direction)));
    o.set("interval", Json::number(r->interval)).set("builtin", Json::boolean(r->builtin));
    o.set("dynamic", Json::boolean(r->dynamic)).set("release", Json::boolean(r->release));
    o.set("consumable", Json::boolean(r->consumable)).set("shared", Json::boolean(r->shared));
    o.set("description", Json::string(r->description));
    res.push(std::move(o));
  }
  Json types = Json::array();
  for (const auto& t : info.types) types.push(Json::string(t));
  Json models = Json::array();
  for (const auto& m : info.models) {
    Json o = Json::object();
    o.set("name", Json::string(m.name)).set("cpuf", Json::number(m.cpuf));
    o.set("arch", Json::string(m.arch)).set("used", Json::boolean(m.used));
    models.push(std::move(o));
  }
  Json out = Json::object();
  out.set("resources", std::move(res)).set("types", std::move(types));
  return out.set("models", std::move(models));
}

Json sharedJson(const std::vector<SharedInstance>& instances) {
  Json arr = Json::array();
  for (const auto& in : instances) {
    Json locs = Json::array();
    for (const auto& l : in.locations) locs.push(Json::string(l));
    Json o = Json::object();
    o.set("resource", Json::string(in.resource)).set("value", valueJson(in.value));
    o.set("reserved", Json::number(in.reserved)).set("locations", std::move(locs));
    o.set("dynamic", Json::boolean(in.dynamic));
    arr.push(std::move(o));
  }
  return Json::object().set("instances", std::move(arr));
}

Json idJson(const IdInfo& id, const std::string& version) {
  Json o = Json::object();
  o.set("version", Json::string(version)).set("cluster", Json::string(id.cluster));
  o.set("master", Json::string(id.master));
  if (!id.period.empty())
    o.set("period", Json::string(id.period)).set("default_policy", Json::string(id.defaultPolicy));
  return o;
}

}  // namespace openlim::format
