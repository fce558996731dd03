// place and shared ops (docs/protocol.md).
#include <strings.h>

#include "json_util.h"
#include "queries.h"

namespace openlim::lim {
namespace {

using Poco::JSON::Array;
using Poco::JSON::Object;

// spec/lim.md: +1 to the raw run queues per slot, plus the request's rusage amounts.
void adjustChosen(const CompiledRequest& req, const std::vector<std::string>& slots,
                  const QueryContext& ctx) {
  if (!ctx.loadTable) return;
  const ConfigSnapshot& c = *ctx.table->config;
  for (const auto& host : slots) {
    for (const char* rq : {"r15s", "r1m", "r15m"})
      ctx.loadTable->adjust(host, c.resourceIndex(rq), 1.0, ctx.now);
    if (!req.rusage().empty())
      for (const auto& item : req.rusage().front().items)
        if (item.slot >= 0 && c.resources[static_cast<size_t>(item.slot)].dynamic)
          ctx.loadTable->adjust(host, item.slot, item.amount, ctx.now);
  }
}

CompileOptions localOptions(const Object::Ptr& req, const HostTable& t) {
  CompileOptions o;
  std::string local = req->optValue<std::string>("local", "");
  if (local.empty()) return o;
  o.implicitTypeLocal = true;
  int row = t.row(local);
  int ts = t.config->resourceIndex("type"), ms = t.config->resourceIndex("model");
  if (row >= 0 && ts >= 0) {
    StringId id = t.columns[static_cast<size_t>(ts)].strings[static_cast<size_t>(row)];
    if (id != kUnknownString) o.localType = t.strings.get(id);
  }
  if (row >= 0 && ms >= 0) {
    StringId id = t.columns[static_cast<size_t>(ms)].strings[static_cast<size_t>(row)];
    if (id != kUnknownString) o.localModel = t.strings.get(id);
  }
  return o;
}

}  // namespace

std::string queryPlace(const Object::Ptr& req, const QueryContext& ctx) {
  const HostTable& t = *ctx.table;
  auto cr =
      ctx.cache->get(req->optValue<std::string>("resreq", ""), t.config, localOptions(req, t));
  if (!cr) {
    Status st = cr.status();
    std::string msg = st.message();
    if (st.pos().offset >= 0 && msg.find(" at ") == std::string::npos)
      msg += " at " + std::to_string(st.pos().offset);
    return errorReply("syntax", msg);
  }
  PlaceOptions po;
  po.minSlots = req->optValue<int>("n", 1);
  po.maxSlots = req->optValue<int>("w", -1);
  po.fewestHosts = req->optValue<bool>("L", false);
  po.explain = req->optValue<bool>("explain", false);
  if (req->has("hosts") && req->getArray("hosts"))
    for (size_t i = 0; i < req->getArray("hosts")->size(); ++i)
      po.candidates.push_back(
          req->getArray("hosts")->getElement<std::string>(static_cast<unsigned>(i)));
  for (const auto& h : po.candidates)
    if (t.row(h) < 0) return errorReply("notfound", h + ": Unknown host");
  PlacementResult pr = place(**cr, t, po);
  Array::Ptr explain = new Array;
  for (const auto& e : pr.explanations) {
    Object::Ptr o = new Object;
    o->set("host", e.host);
    o->set("outcome", outcomeName(e.outcome));
    o->set("reason", e.reason);
    explain->add(o);
  }
  Object::Ptr o;
  if (!pr.status.isOk()) {
    o = new Object;
    o->set("ok", false);
    o->set("code", "noteligible");
    o->set("error", pr.status.message());
  } else {
    adjustChosen(**cr, pr.slots, ctx);
    o = new Object;
    o->set("ok", true);
  }
  o->set("hosts", jstrings(pr.slots));
  o->set("explain", explain);
  return jsonText(o);
}

std::string queryShared(const Object::Ptr& req, const QueryContext& ctx) {
  const HostTable& t = *ctx.table;
  const ConfigSnapshot& c = *t.config;
  std::vector<std::string> names;
  if (req->has("names") && req->getArray("names"))
    for (size_t i = 0; i < req->getArray("names")->size(); ++i)
      names.push_back(req->getArray("names")->getElement<std::string>(static_cast<unsigned>(i)));
  for (const auto& n : names)
    if (!c.findResource(n)) return errorReply("notfound", n + ": Resource name not found");
  std::vector<std::string> servers =
      ctx.loadTable ? ctx.loadTable->servers() : std::vector<std::string>();
  Array::Ptr out = new Array;
  for (size_t i = 0; i < c.instances.size(); ++i) {
    const ResourceInstance& inst = c.instances[i];
    if (!names.empty() && std::find(names.begin(), names.end(), inst.resource) == names.end())
      continue;
    const ResourceDef* def = c.findResource(inst.resource);
    int slot = c.resourceIndex(inst.resource);
    Object::Ptr o = new Object;
    o->set("resource", inst.resource);
    o->set("type", def && def->type == ResourceType::kString ? "String" : "Numeric");
    Poco::Dynamic::Var value;
    int row = inst.hosts.empty() ? -1 : t.row(inst.hosts.front());
    if (slot >= 0 && row >= 0) {
      const Column& col = t.columns[static_cast<size_t>(slot)];
      auto r = static_cast<size_t>(row);
      if (col.type == ResourceType::kNumeric)
        value = jnum(col.numbers[r]);
      else if (col.type == ResourceType::kString && col.strings[r] != kUnknownString)
        value = t.strings.get(col.strings[r]);
    }
    o->set("value", value);
    o->set("reserved", 0.0);
    o->set("locations", jstrings(inst.hosts));
    o->set("all", inst.all);
    o->set("dynamic", def && def->dynamic && !inst.staticNumber && !inst.staticString);
    o->set("server", i < servers.size() ? servers[i] : std::string());
    out->add(o);
  }
  Object::Ptr o = new Object;
  o->set("ok", true);
  o->set("instances", out);
  return jsonText(o);
}

}  // namespace openlim::lim
