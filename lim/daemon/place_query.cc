// place and shared ops (docs/protocol.md).
#include <strings.h>

#include <algorithm>

#include "json_util.h"
#include "queries.h"

namespace openlim::lim {
namespace {

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

CompileOptions localOptions(const Json& req, const HostTable& t) {
  CompileOptions o;
  std::string local = reqString(req, "local");
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

std::string queryPlace(const Json& req, const QueryContext& ctx) {
  const HostTable& t = *ctx.table;
  auto cr = ctx.cache->get(reqString(req, "resreq"), t.config, localOptions(req, t));
  if (!cr) {
    Status st = cr.status();
    std::string msg = st.message();
    if (st.pos().offset >= 0 && msg.find(" at ") == std::string::npos)
      msg += " at " + std::to_string(st.pos().offset);
    return errorReply("syntax", msg);
  }
  PlaceOptions po;
  po.minSlots = reqInt(req, "n", 1);
  po.maxSlots = reqInt(req, "w", -1);
  po.fewestHosts = reqBool(req, "L", false);
  po.explain = reqBool(req, "explain", false);
  po.candidates = reqStrings(req, "hosts");
  for (const auto& h : po.candidates)
    if (t.row(h) < 0) return errorReply("notfound", h + ": Unknown host");
  PlacementResult pr = place(**cr, t, po);
  // Members in key order, as on the wire since the first version.
  std::string out;
  format::JsonWriter w(out);
  w.beginObject();
  if (!pr.status.isOk()) w.key("code").str("noteligible").key("error").str(pr.status.message());
  w.key("explain").beginArray();
  for (const auto& e : pr.explanations) {
    w.beginObject().key("host").str(e.host).key("outcome").str(outcomeName(e.outcome));
    w.key("reason").str(e.reason).endObject();
  }
  w.endArray().key("hosts").strings(pr.slots).key("ok").boolean(pr.status.isOk()).endObject();
  if (pr.status.isOk()) adjustChosen(**cr, pr.slots, ctx);
  return out;
}

std::string queryShared(const Json& req, const QueryContext& ctx) {
  const HostTable& t = *ctx.table;
  const ConfigSnapshot& c = *t.config;
  std::vector<std::string> names = reqStrings(req, "names");
  for (const auto& n : names)
    if (!c.findResource(n)) return errorReply("notfound", n + ": Resource name not found");
  std::vector<std::string> servers =
      ctx.loadTable ? ctx.loadTable->servers() : std::vector<std::string>();
  Json out = Json::array();
  for (size_t i = 0; i < c.instances.size(); ++i) {
    const ResourceInstance& inst = c.instances[i];
    if (!names.empty() && std::find(names.begin(), names.end(), inst.resource) == names.end())
      continue;
    const ResourceDef* def = c.findResource(inst.resource);
    int slot = c.resourceIndex(inst.resource);
    Json o = Json::object();
    o.add("resource", Json::string(inst.resource));
    o.add("type", Json::string(def && def->type == ResourceType::kString ? "String" : "Numeric"));
    Json value;
    int row = inst.hosts.empty() ? -1 : t.row(inst.hosts.front());
    if (slot >= 0 && row >= 0) {
      const Column& col = t.columns[static_cast<size_t>(slot)];
      auto r = static_cast<size_t>(row);
      if (col.type == ResourceType::kNumeric)
        value = jnum(col.numbers[r]);
      else if (col.type == ResourceType::kString && col.strings[r] != kUnknownString)
        value = Json::string(t.strings.get(col.strings[r]));
    }
    o.add("value", std::move(value));
    o.add("reserved", Json::number(0));
    o.add("locations", jstrings(inst.hosts));
    o.add("all", Json::boolean(inst.all));
    o.add("dynamic",
          Json::boolean(def && def->dynamic && !inst.staticNumber && !inst.staticString));
    o.add("server", Json::string(i < servers.size() ? servers[i] : std::string()));
    out.push(std::move(o));
  }
  Json o = Json::object();
  o.add("ok", Json::boolean(true));
  o.add("instances", std::move(out));
  return jsonText(o);
}

}  // namespace openlim::lim
