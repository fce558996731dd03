#include "queries.h"

#include <strings.h>

#include <algorithm>
#include <set>

#include "json_util.h"

namespace openlim::lim {
namespace {

using Poco::JSON::Array;
using Poco::JSON::Object;

std::vector<std::string> stringList(const Object::Ptr& req, const std::string& key) {
  std::vector<std::string> out;
  if (!req->has(key)) return out;
  Array::Ptr a = req->getArray(key);
  if (!a) return out;
  for (size_t i = 0; i < a->size(); ++i)
    out.push_back(a->getElement<std::string>(static_cast<unsigned>(i)));
  return out;
}

std::string codeOf(const Status& st) {
  switch (st.code()) {
    case Code::kInvalid:
    case Code::kUnsupported:
      return "syntax";
    case Code::kNotFound:
      return "notfound";
    default:
      return "internal";
  }
}

std::string resreqError(const Status& st) {
  std::string msg = st.message();
  if (st.pos().offset >= 0 && msg.find(" at ") == std::string::npos)
    msg += " at " + std::to_string(st.pos().offset);
  return errorReply(codeOf(st), msg);
}

// Rows to answer for: resreq selection (ordered) or every row, then the host filter.
Result<std::vector<uint32_t>> pickRows(const Object::Ptr& req, const QueryContext& ctx,
                                       bool withLimit) {
  const HostTable& t = *ctx.table;
  std::vector<uint32_t> rows;
  std::string resreq = req->optValue<std::string>("resreq", "");
  size_t n = withLimit ? static_cast<size_t>(std::max(0, req->optValue<int>("n", 0))) : 0;
  if (!resreq.empty()) {
    auto cr = ctx.cache->get(resreq, t.config);
    if (!cr) return cr.status();
    rows = selectHosts(**cr, t, SelectOptions{.limit = n}).rows;
  } else {
    for (uint32_t i = 0; i < t.size(); ++i) rows.push_back(i);
    if (n > 0 && rows.size() > n) rows.resize(n);
  }
  std::vector<std::string> only = stringList(req, "hosts");
  if (!only.empty()) {
    std::vector<uint32_t> kept;
    for (uint32_t r : rows)
      for (const auto& h : only)
        if (strcasecmp(t.names[r].c_str(), h.c_str()) == 0) kept.push_back(r);
    for (const auto& h : only)
      if (t.row(h) < 0) return Status(Code::kNotFound, h + ": Unknown host");
    rows = kept;
  }
  return rows;
}

bool hostHas(const ConfigSnapshot& c, const ResourceDef& def, const std::string& host) {
  if (def.builtin) return true;
  auto it = c.perHostResources.find(def.name);
  if (it != c.perHostResources.end())
    for (const auto& h : it->second)
      if (strcasecmp(h.c_str(), host.c_str()) == 0) return true;
  for (const auto& inst : c.instances)
    if (inst.resource == def.name)
      for (const auto& h : inst.hosts)
        if (strcasecmp(h.c_str(), host.c_str()) == 0) return true;
  return false;
}

Object::Ptr hostValues(const HostTable& t, uint32_t row, Object::Ptr& ages) {
  const ConfigSnapshot& c = *t.config;
  Object::Ptr values = new Object;
  for (size_t s = 0; s < c.resources.size(); ++s) {
    const ResourceDef& def = c.resources[s];
    const Column& col = t.columns[s];
    if (def.name == "hname" || def.name == "status") continue;
    if (def.type == ResourceType::kBoolean) {
      if (col.booleans[row]) values->set(def.name, true);
      continue;
    }
    bool known = def.type == ResourceType::kNumeric ? !isUnknown(col.numbers[row])
                                                    : col.strings[row] != kUnknownString;
    if (!known && !hostHas(c, def, t.names[row])) continue;
    if (def.type == ResourceType::kNumeric)
      values->set(def.name, jnum(col.numbers[row]));
    else if (known)
      values->set(def.name, t.strings.get(col.strings[row]));
    else
      values->set(def.name, Poco::Dynamic::Var());
    if (!def.builtin && def.dynamic && !std::isnan(col.ages[row]))
      ages->set(def.name, static_cast<double>(col.ages[row]));
  }
  return values;
}

Object::Ptr thresholdsOf(const ConfigSnapshot& c, const std::string& host) {
  Object::Ptr o = new Object;
  if (const HostConfig* hc = c.findHost(host))
    for (const auto& [k, v] : hc->thresholds) o->set(k, v);
  return o;
}

// Additive fields: "config_drift": true when the host's reported config checksum differs
// from the master's; in load, "lock_remaining": seconds left of a timed lock.
void addHostExtras(Object::Ptr& h, const std::string& host, const QueryContext& ctx,
                   bool withLock) {
  if (!ctx.loadTable) return;
  if (ctx.loadTable->drifted(host)) h->set("config_drift", true);
  if (!withLock) return;
  double left = ctx.loadTable->lockRemaining(host, ctx.now);
  if (left >= 0) h->set("lock_remaining", left);
}

}  // namespace

std::string queryLoad(const Object::Ptr& req, const QueryContext& ctx) {
  auto rows = pickRows(req, ctx, true);
  if (!rows)
    return rows.status().code() == Code::kNotFound ? errorReply("notfound", rows.status().message())
                                                   : resreqError(rows.status());
  const HostTable& t = *ctx.table;
  Array::Ptr hosts = new Array;
  for (uint32_t r : *rows) {
    Object::Ptr h = new Object;
    Object::Ptr ages = new Object;
    h->set("name", t.names[r]);
    h->set("status", hostStatusName(t.status[r]));
    h->set("values", hostValues(t, r, ages));
    h->set("ages", ages);
    std::vector<std::string> busy;
    for (int s : t.busyIndices[r]) busy.push_back(t.config->resources[static_cast<size_t>(s)].name);
    h->set("busy", jstrings(busy));
    h->set("thresholds", thresholdsOf(*t.config, t.names[r]));
    addHostExtras(h, t.names[r], ctx, true);
    hosts->add(h);
  }
  Object::Ptr o = new Object;
  o->set("ok", true);
  o->set("cluster", t.config->clusterName);
  o->set("master", ctx.master);
  o->set("hosts", hosts);
  return jsonText(o);
}

std::string queryHosts(const Object::Ptr& req, const QueryContext& ctx) {
  auto rows = pickRows(req, ctx, false);
  if (!rows)
    return rows.status().code() == Code::kNotFound ? errorReply("notfound", rows.status().message())
                                                   : resreqError(rows.status());
  const HostTable& t = *ctx.table;
  const ConfigSnapshot& c = *t.config;
  Array::Ptr hosts = new Array;
  for (uint32_t r : *rows) {
    Object::Ptr h = new Object;
    h->set("name", t.names[r]);
    for (const char* k : {"type", "model"}) {
      int s = c.resourceIndex(k);
      StringId id = s < 0 ? kUnknownString : t.columns[static_cast<size_t>(s)].strings[r];
      h->set(k,
             id == kUnknownString ? Poco::Dynamic::Var() : Poco::Dynamic::Var(t.strings.get(id)));
    }
    for (const char* k :
         {"cpuf", "ncpus", "ncores", "nthreads", "maxmem", "maxswp", "maxtmp", "ndisks"})
      h->set(k, jnum(t.number(r, k)));
    const HostConfig* hc = c.findHost(t.names[r]);
    h->set("server", hc ? hc->server : true);
    std::vector<std::string> res;
    if (hc) {
      res = hc->booleans;
      for (const auto& [k, v] : hc->strings) res.push_back(k + "=" + v);
      for (const auto& [k, v] : hc->numbers) {
        std::string num = std::to_string(v);
        num.erase(num.find_last_not_of('0') + 1);
        if (!num.empty() && num.back() == '.') num.pop_back();
        res.push_back(k + "=" + num);
      }
    }
    h->set("resources", jstrings(res));
    h->set("thresholds", thresholdsOf(c, t.names[r]));
    h->set("status", hostStatusName(t.status[r]));
    addHostExtras(h, t.names[r], ctx, false);
    hosts->add(h);
  }
  Object::Ptr o = new Object;
  o->set("ok", true);
  o->set("hosts", hosts);
  return jsonText(o);
}

std::string queryInfo(const QueryContext& ctx) {
  const ConfigSnapshot& c = *ctx.table->config;
  Array::Ptr res = new Array;
  for (const auto& r : c.resources) {
    Object::Ptr o = new Object;
    o->set("name", r.name);
    o->set("type", r.type == ResourceType::kNumeric  ? "Numeric"
                   : r.type == ResourceType::kString ? "String"
                                                     : "Boolean");
    o->set("order", r.direction == Direction::kIncreasing   ? "Inc"
                    : r.direction == Direction::kDecreasing ? "Dec"
                                                            : "N/A");
    o->set("interval", r.interval);
    o->set("builtin", r.builtin);
    o->set("dynamic", r.dynamic);
    o->set("release", r.release);
    o->set("consumable", r.consumable);
    o->set("shared", r.shared);
    o->set("description", r.description);
    res->add(o);
  }
  std::set<std::string> usedModels;
  for (const auto& h : c.hosts) usedModels.insert(h.model);
  Array::Ptr models = new Array;
  for (const auto& m : c.models) {
    Object::Ptr o = new Object;
    o->set("name", m.name);
    o->set("cpuf", m.cpuFactor);
    o->set("arch", m.architecture);
    o->set("used", usedModels.count(m.name) > 0);
    models->add(o);
  }
  Object::Ptr o = new Object;
  o->set("ok", true);
  o->set("resources", res);
  o->set("types", jstrings(c.hostTypes));
  o->set("models", models);
  return jsonText(o);
}

}  // namespace openlim::lim
