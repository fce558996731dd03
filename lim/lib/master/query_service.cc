#include "master/query_service.h"

#include <algorithm>
#include <unordered_map>

#include "openlim/load_adjust.h"
#include "placement/rating_drop.h"
#include "policy/policy_config.h"
#include "policy/policy_reply.h"

namespace openlim::master {
namespace {

// A placement's or loadadj's resreq error is `syntax` whatever its code (an unknown name
// too); its subcode says which. A resreq error's message names its offset itself ("... at 7"),
// and a listing's (load, hosts, policy) keeps its own code: notfound for an unknown name.
Status refused(const Status& st) {
  return Status(Code::kInvalid, st.subcode(), st.message(), st.pos());
}

Status unknownHost(const std::string& h) {
  return Status(Code::kNotFound, Subcode::kUnknownHost, h + ": Unknown host");
}

// Rows to answer for: resreq selection (ordered) or every row, then the host filter.
Result<std::vector<uint32_t>> pickRows(const std::string& resreq,
                                       const std::vector<std::string>& only, size_t n,
                                       const QueryContext& ctx) {
  const HostTable& t = *ctx.table;
  std::vector<uint32_t> rows;
  if (!resreq.empty()) {
    auto cr = ctx.cache->get(resreq, t.config);
    if (!cr) return cr.status();
    rows = selectHosts(**cr, t, SelectOptions{.limit = n}).rows;
  } else {
    rows.resize(t.size());
    for (uint32_t i = 0; i < t.size(); ++i) rows[i] = i;
    if (n > 0 && rows.size() > n) rows.resize(n);
  }
  if (!only.empty()) {
    std::vector<char> wanted(t.size(), 0);
    for (const auto& h : only) {
      int r = t.row(h);
      if (r < 0) return unknownHost(h);
      wanted[static_cast<size_t>(r)] = 1;
    }
    std::erase_if(rows, [&](uint32_t r) { return !wanted[r]; });
  }
  return rows;
}

std::vector<RowExtras> extrasOf(const HostTable& t, const std::vector<uint32_t>& rows,
                                const QueryContext& ctx, bool withLock) {
  std::vector<RowExtras> out;
  const LoadTable* lt = ctx.loadTable;
  if (!lt) return out;
  out.resize(rows.size());
  const bool sameConfig = lt->config() == t.config;  // then the table's rows are the snapshot's
  for (size_t i = 0; i < rows.size(); ++i) {
    int r = sameConfig ? static_cast<int>(rows[i]) : lt->rowOf(t.names[rows[i]]);
    out[i].drifted = lt->driftedAt(r);
    if (withLock) out[i].lockRemaining = lt->lockRemainingAt(r, ctx.now);
  }
  return out;
}

// Each host of `slots` once, with how many slots name it, in first-appearance order: one
// hash lookup per slot, so the rest of the work is per host. kNotFound names the first
// unknown host.
struct HostSlots {
  uint32_t row;
  int count;
};
Result<std::vector<HostSlots>> countSlots(const HostTable& t,
                                          const std::vector<std::string>& slots) {
  std::vector<HostSlots> out;
  std::unordered_map<uint32_t, size_t> at;  // row -> index in out
  for (const auto& h : slots) {
    const int r = t.row(h);
    if (r < 0) return unknownHost(h);
    auto [it, fresh] = at.try_emplace(static_cast<uint32_t>(r), out.size());
    if (fresh)
      out.push_back({static_cast<uint32_t>(r), 1});
    else
      ++out[it->second].count;
  }
  return out;
}

// What `count` slots placed on `row` add to its load (docs/protocol.md "What a placement
// adjusts"): LSF's placement adjustment, +1 to the raw run queues per slot plus the
// request's rusage amounts per slot (`alt`, may be null: taken from decreasing resources
// such as mem, added to increasing ones; static resources are left out), and, for a
// placement that rated its hosts (`rated`), the rating's dispatch drop (ut, and mem unless
// the request reserves memory itself).
std::vector<LoadDelta> hostDeltas(const HostTable& t, uint32_t row, int count,
                                  const RusageAlternative* alt, bool rated) {
  const ConfigSnapshot& c = *t.config;
  std::vector<LoadDelta> out = placementDeltas(c, alt, count);
  std::erase_if(
      out, [&](const LoadDelta& d) { return !c.resources[static_cast<size_t>(d.slot)].dynamic; });
  if (!rated) return out;
  const int memSlot = c.resourceIndex("mem");
  const bool rusageMem = alt && std::any_of(alt->items.begin(), alt->items.end(),
                                            [&](const RusageItem& i) { return i.slot == memSlot; });
  for (const LoadDelta& d : placement::ratingDropDeltas(t, row, count, rusageMem)) out.push_back(d);
  return out;
}

// Adds each host's deltas for its slots to the load table, once per host: the cost of a
// request is linear in its slots however many name one host.
void adjustHosts(const std::vector<HostSlots>& hosts, const RusageAlternative* alt, bool rated,
                 const QueryContext& ctx) {
  if (!ctx.loadTable) return;
  const HostTable& t = *ctx.table;
  for (const HostSlots& h : hosts)
    ctx.loadTable->adjust(t.names[h.row], hostDeltas(t, h.row, h.count, alt, rated), ctx.now);
}

void adjustChosen(const CompiledRequest& req, const std::vector<std::string>& slots, bool rated,
                  const QueryContext& ctx) {
  if (!ctx.loadTable) return;
  auto hosts = countSlots(*ctx.table, slots);
  if (!hosts) return;  // a placement picks table hosts only
  adjustHosts(*hosts, req.rusage().empty() ? nullptr : &req.rusage().front(), rated, ctx);
}

std::string stringAt(const HostTable& t, int slot, int row) {
  if (row < 0 || slot < 0) return "";
  StringId id = t.columns[static_cast<size_t>(slot)].strings[static_cast<size_t>(row)];
  return id == kUnknownString ? "" : std::string(t.strings.get(id));
}

// The asker's type and model, for the implicit type==local of a placement.
CompileOptions localOptions(const std::string& local, const HostTable& t) {
  CompileOptions o;
  if (local.empty()) return o;
  o.implicitTypeLocal = true;
  int row = t.row(local);
  o.localType = stringAt(t, t.config->resourceIndex("type"), row);
  o.localModel = stringAt(t, t.config->resourceIndex("model"), row);
  return o;
}

}  // namespace

Result<LoadReply> answerLoad(const LoadRequest& req, const QueryContext& ctx) {
  Result<std::vector<uint32_t>> rows = std::vector<uint32_t>();
  if (!req.policy.empty())  // the policy's hosts in its order; -R adds to its constraints
    rows = policyRows(PolicyQuery{.policy = req.policy,
                                  .strict = true,
                                  .count = req.n,
                                  .hosts = req.hosts,
                                  .resreq = req.resreq},
                      ctx);
  else
    rows = pickRows(req.resreq, req.hosts, static_cast<size_t>(req.n), ctx);
  if (!rows) return rows.status();
  LoadReply r{.table = ctx.table,
              .rows = std::move(*rows),
              .extras = {},
              .master = ctx.master,
              .now = ctx.now};
  r.derived = req.derived;
  r.extras = extrasOf(*ctx.table, r.rows, ctx, true);
  return r;
}

Result<HostsReply> answerHosts(const HostsRequest& req, const QueryContext& ctx) {
  auto rows = pickRows(req.resreq, req.hosts, 0, ctx);
  if (!rows) return rows.status();
  HostsReply r{.table = ctx.table, .rows = std::move(*rows), .extras = {}};
  r.extras = extrasOf(*ctx.table, r.rows, ctx, false);
  return r;
}

InfoReply answerInfo(const QueryContext& ctx) {
  return InfoReply{ctx.table->config};
}

Result<PlaceReply> answerPlace(const PlaceRequest& req, const QueryContext& ctx) {
  const HostTable& t = *ctx.table;
  auto cr = ctx.cache->get(req.resreq, t.config, localOptions(req.local, t));
  if (!cr) return refused(cr.status());
  for (const auto& h : req.hosts)
    if (t.row(h) < 0) return unknownHost(h);
  PlaceOptions po;
  po.minSlots = req.n;
  po.maxSlots = req.w;
  po.fewestHosts = req.fewestHosts;
  po.explain = req.explain;
  po.candidates = req.hosts;
  if (!req.policy.empty()) {  // lsplace -p: the policy's hosts, order and count
    const auto& pc = t.config->policies;
    if (!pc || pc->engine->policies().empty())
      return Status(Code::kNotFound, "no policies are defined (lsf.policies)");
    policy::PolicyRequest preq;
    preq.policy = req.policy;
    preq.strict = true;
    preq.job = req.job;
    preq.hosts = req.hosts;
    auto placed = policy::placeByPolicy(*pc->engine, pc->calendar, t, preq, **cr, po,
                                        {ctx.local, ctx.now, ctx.wallNow});
    if (!placed) {
      if (placed.status().code() == Code::kUnavailable)
        return Status(Code::kDenied, placed.status().message());
      return placed.status();
    }
    PlaceReply r{std::move(placed).value()};
    if (r.result.status.isOk()) adjustChosen(**cr, r.result.slots, r.result.rated, ctx);
    return r;
  }
  PlaceReply r{place(**cr, t, po)};
  if (r.result.status.isOk()) adjustChosen(**cr, r.result.slots, r.result.rated, ctx);
  return r;
}

Result<LoadAdjReply> answerLoadAdj(const LoadAdjRequest& req, const QueryContext& ctx) {
  const HostTable& t = *ctx.table;
  auto cr = ctx.cache->get(req.resreq, t.config, CompileOptions{});
  if (!cr) return refused(cr.status());
  auto hosts = countSlots(t, req.slots);  // every name checked before anything is added
  if (!hosts) return hosts.status();
  // LSF's adjustment only: tasks placed outside the lim were not rated here.
  const auto& rusage = (*cr)->rusage();
  adjustHosts(*hosts, rusage.empty() ? nullptr : &rusage.front(), false, ctx);
  return LoadAdjReply{ctx.loadTable ? req.slots.size() : 0};
}

Result<SharedReply> answerShared(const SharedRequest& req, const QueryContext& ctx) {
  const HostTable& t = *ctx.table;
  const ConfigSnapshot& c = *t.config;
  for (const auto& n : req.names)
    if (!c.findResource(n)) return Status(Code::kNotFound, n + ": Resource name not found");
  static const std::vector<std::string> kNoServers;
  const std::vector<std::string>& servers = ctx.loadTable ? ctx.loadTable->servers() : kNoServers;
  SharedReply out;
  for (size_t i = 0; i < c.instances.size(); ++i) {
    const ResourceInstance& inst = c.instances[i];
    if (!req.names.empty() &&
        std::find(req.names.begin(), req.names.end(), inst.resource) == req.names.end())
      continue;
    const ResourceDef* def = c.findResource(inst.resource);
    SharedInstanceReply o;
    o.resource = inst.resource;
    o.isString = def && def->type == ResourceType::kString;
    int slot = c.resourceIndex(inst.resource);
    int row = inst.hosts.empty() ? -1 : t.row(inst.hosts.front());
    if (slot >= 0 && row >= 0) {
      const Column& col = t.columns[static_cast<size_t>(slot)];
      auto r = static_cast<size_t>(row);
      if (col.type == ResourceType::kNumeric)
        o.number = col.numbers[r];
      else if (col.type == ResourceType::kString && col.strings[r] != kUnknownString)
        o.text = std::string(t.strings.get(col.strings[r]));
    }
    o.locations = inst.hosts;
    o.all = inst.all;
    o.dynamic = def && def->dynamic && !inst.staticNumber && !inst.staticString;
    o.server = i < servers.size() ? servers[i] : std::string();
    if (ctx.loadTable) o.reserved = ctx.loadTable->heldOnInstance(i);
    out.instances.push_back(std::move(o));
  }
  return out;
}

namespace {

struct Evaluated {
  policy::PolicyResult result;
  policy::PolicyTime at;
  const policy::PolicyEngine* engine = nullptr;
};

Result<Evaluated> evaluate(const PolicyQuery& q, const QueryContext& ctx) {
  const HostTable& t = *ctx.table;
  const auto& pc = t.config->policies;
  if (!pc || pc->engine->policies().empty())
    return Status(Code::kNotFound, "no policies are defined (lsf.policies)");
  Evaluated e{{}, {ctx.local, ctx.now, ctx.wallNow}, pc->engine.get()};
  if (!q.at.empty()) {
    auto lt = policy::parseAtTime(q.at);
    if (!lt) return Status(Code::kInvalid, "\"at\" must be a time as \"YYYY-MM-DD HH:MM\"");
    e.at.local = *lt;
  }
  policy::PolicyRequest req;
  req.policy = q.policy;
  req.strict = q.strict;
  req.job = q.job;
  req.count = q.count;
  req.slots = q.slots;
  req.hosts = q.hosts;
  req.explain = q.explain;
  req.ratingTerms = q.attributes;
  Result<CompiledRequestPtr> cr = CompiledRequestPtr();
  if (!q.resreq.empty()) {
    cr = ctx.cache->get(q.resreq, t.config);
    if (!cr) return cr.status();
    req.resreq = cr->get();
  }
  placement::BandCursors look;  // a look moves no turn: it works on a copy
  if (PolicyState* st = ctx.policyState) {
    if (st->bandsConfig != t.config) {  // a reconfig: keep the turns of the policies still here
      std::vector<std::string> names;
      for (const auto& p : pc->engine->set().policies()) names.push_back(p.name);
      st->bands.retain(names);
      st->bandsConfig = t.config;
    }
    req.rating = &st->rating.of(t);
    if (st->reservedSlots.size() >= t.size()) req.reservedSlots = st->reservedSlots.data();
    if (!q.place) look = st->bands;
    req.bands = q.place ? &st->bands : &look;
  }
  auto r = policy::evaluatePolicy(*pc->engine, pc->calendar, t, req, e.at);
  if (!r) {
    if (r.status().code() == Code::kUnavailable) return Status(Code::kDenied, r.status().message());
    return r.status();
  }
  e.result = std::move(r).value();
  return e;
}

}  // namespace

// A placement through a policy: the first host takes the placement's load adjustment for
// its slots (run queues, and the rating drop when the policy rated).
void adjustPlaced(const PolicyQuery& q, const std::vector<uint32_t>& rows, bool rated,
                  const QueryContext& ctx) {
  if (!q.place || !ctx.loadTable || rows.empty() || q.slots <= 0) return;
  adjustHosts({{rows.front(), q.slots}}, nullptr, rated, ctx);
}

Result<PolicyQueryReply> answerPolicy(const PolicyQuery& q, const QueryContext& ctx) {
  auto e = evaluate(q, ctx);
  if (!e) return e.status();
  adjustPlaced(q, e->result.rows, e->result.readsRating, ctx);
  return PolicyQueryReply{
      policy::policyReplyJson(*e->engine, e->result, *ctx.table, e->at, q.attributes, q.explain)};
}

Result<std::vector<uint32_t>> policyRows(const PolicyQuery& q, const QueryContext& ctx,
                                         bool* rated) {
  auto e = evaluate(q, ctx);
  if (!e) return e.status();
  if (rated) *rated = e->result.readsRating;
  return std::move(e->result.rows);
}

}  // namespace openlim::master
