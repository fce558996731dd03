#include "reserve/service.h"

#include <algorithm>
#include <optional>

#include "format/reply_json.h"
#include "format/subcode.h"
#include "master/query_reply_json.h"
#include "quota/quota_report.h"
#include "reserve/explain_json.h"
#include "reserve/plan.h"
#include "reserve/policy_plan.h"
#include "reserve/quota_check.h"
#include "reserve/reservation_json.h"

namespace openlim::reserve {
namespace {

using format::Json;

std::string denied(const std::string& why) {
  return format::errorReply("denied", "Permission denied: " + why);
}

// What a host holds, as the load table's signed deltas.
std::vector<LoadDelta> deltasOf(const HostTotal* t, const ConfigSnapshot& c) {
  std::vector<LoadDelta> out;
  if (!t) return out;
  for (const auto& [name, amount] : t->amounts) {
    int slot = c.resourceIndex(name);
    if (slot < 0) continue;
    bool up = c.resources[static_cast<size_t>(slot)].direction == Direction::kIncreasing;
    out.push_back({slot, up ? amount : -amount});
  }
  return out;
}

}  // namespace

bool privilegedUser(const std::string& user, const ConfigSnapshot& config) {
  return user == "root" ||
         std::find(config.admins.begin(), config.admins.end(), user) != config.admins.end();
}

void ReservationService::beginRebuild(double now, RebuildTiming timing, ConfigPtr config,
                                      std::optional<RebuildQuorum> quorum) {
  window_.begin(now, timing, std::move(config), std::move(quorum));
}

bool ReservationService::withdraw(const std::string& id, Effects* effects) {
  if (!ledger_.find(id) || releasing_.count(id)) return false;
  ++counters_.withdrawn;
  holdRelease(id, effects);
  return true;
}

void ReservationService::endRole() {
  startOver(0, false);
  window_.end();
}

void ReservationService::startOver(uint64_t term, bool adopting) {
  ledger_ = Ledger();
  releasing_.clear();
  setQuotas(quotaConfig_);  // nothing held any more
  term_ = term;
  adopting_ = adopting;
  termClosed_ = false;
  latestAdopted_ = 0;
  voterTerms_.clear();
  hostCopies_.clear();
}

ServiceAnswer ReservationService::handle(const std::string& op, const Json& req,
                                         const ServiceContext& ctx, Effects* effects) {
  if (op == "reservations") return list(req, ctx);
  if (op == "quotas") return quotaReply(req, ctx);
  if (!ctx.isSigned) {
    ++counters_.deniedUnsigned;
    return denied(op + " must come through the local lim (signed with the cluster key)");
  }
  if (op == "reserve") return reserve(req, ctx, effects);
  // A ledger still being rebuilt would call a kept reservation unknown (a release "not
  // found" the next holds report brings back) or renew the stale copy of one renewed
  // elsewhere (found by the simulator, tests/sim seeds 2181 and 5515): try again.
  if (rebuilding(ctx.query.now)) {
    ++counters_.refusedRebuilding;
    return format::errorReply("rebuilding",
                              "the master is rebuilding its reservation ledger; try again");
  }
  if (op == "renew") return renew(req, ctx, effects);
  return release(req, ctx, effects);
}

ServiceAnswer ReservationService::reserve(const Json& req, const ServiceContext& ctx,
                                          Effects* effects) {
  auto r = decodeReserveRequest(req);
  if (!r) return master::errorReplyJson(r.status());
  const ConfigSnapshot& config = *ctx.query.table->config;
  if (r->caller.empty()) {
    ++counters_.deniedUser;
    return denied("the request names no verified caller");
  }
  if (r->labels.user.empty()) r->labels.user = r->caller;
  if (r->labels.user != r->caller && !privilegedUser(r->caller, config)) {
    ++counters_.deniedUser;
    return denied("user " + r->caller + " cannot reserve for user " + r->labels.user +
                  " (only root and ClusterAdmins may)");
  }
  if (r->policy.empty() && !r->attrs.empty())
    return format::errorReply("syntax", "job attributes (-a) need a policy (-p)");
  if (rebuilding(ctx.query.now)) {
    ++counters_.refusedRebuilding;
    return format::errorReply("rebuilding",
                              "the master is rebuilding its reservation ledger; try again");
  }
  const master::PlaceRequest& p = r->place;
  // A reservation holds its load itself: no decaying placement adjustment on top.
  auto compiled = ctx.query.cache->get(p.resreq, ctx.query.table->config, CompileOptions{});
  if (!compiled)
    return master::errorReplyJson(
        Status(Code::kInvalid, compiled.status().subcode(), compiled.status().message()));
  PlaceOptions po{.minSlots = p.n,
                  .maxSlots = p.w,
                  .fewestHosts = p.fewestHosts,
                  .candidates = p.hosts,
                  .explain = p.explain};
  static const AdmitAll kAdmitAll;
  std::optional<QuotaCheck> quotaCheck;
  const AdmissionCheck* check = ctx.admission;
  if (!check && quotas_)
    check = &quotaCheck.emplace(*quotas_, ctx.period, hostValuesOf(*ctx.query.table),
                                hostTextOf(*ctx.query.table));
  Plan plan;
  if (r->policy.empty()) {
    plan = planReservation(**compiled, *ctx.query.table, po, r->labels, check ? *check : kAdmitAll,
                           ctx.wall);
  } else {
    auto byPolicy = planByPolicy(*r, **compiled, ctx, check ? *check : kAdmitAll);
    if (!byPolicy) return master::errorReplyJson(byPolicy.status());
    plan = std::move(byPolicy).value();
  }
  // --explain: the placement's and every candidate's quota verdict, in any reply.
  auto addExplain = [&](Json& o) {
    if (!p.explain) return;
    o.add("explain", placementExplainJson(plan.placement.explanations));
  };
  auto addQuota = [&](Json& o) {
    if (p.explain) o.add("quota", quotaExplainJson(plan.quota));
  };
  if (!plan.placement.status.isOk()) {
    if (plan.blocked.empty())
      ++counters_.refusedNoHosts;
    else
      ++counters_.refusedQuota;
    Json o = Json::object();
    o.add("code", Json::string(plan.placement.status.code() == Code::kNotFound ? "notfound"
                                                                               : "noteligible"));
    o.add("error", Json::string(plan.placement.status.message()));
    addExplain(o);
    o.add("ok", Json::boolean(false));
    addQuota(o);
    if (Subcode sub = plan.placement.status.subcode(); sub != Subcode::kNone)  // unknownhost
      o.add("subcode", Json::string(std::string(format::subcodeName(sub))));
    return format::jsonText(o);
  }
  Reservation res;
  res.id = ledger_.newId(self_, ctx.wall);
  res.labels = r->labels;
  res.slots = plan.placement.slots;
  res.hosts = std::move(plan.holds);
  res.created = ctx.wall;
  res.expires = ctx.wall + (r->lease > 0 ? r->lease : config.params.reservationLease);
  res.master = self_;
  res.term = term_;
  if (Status st = ledger_.add(res); !st) return format::errorReply("internal", st.message());
  ++counters_.created;
  count(res, +1);
  if (ctx.query.loadTable) push(res, *ctx.query.loadTable, ctx.query.now);
  Json o = Json::object();
  addExplain(o);
  o.add("hosts", format::jstrings(res.slots));
  o.add("id", Json::string(res.id));
  o.add("ok", Json::boolean(true));
  addQuota(o);
  o.add("reservation", reservationJson(res));
  effects->put.push_back(std::move(res));
  return ServiceAnswer::success(format::jsonText(o));
}

ServiceAnswer ReservationService::renew(const Json& req, const ServiceContext& ctx,
                                        Effects* effects) {
  auto r = decodeRenewRequest(req);
  if (!r) return master::errorReplyJson(r.status());
  const ConfigSnapshot& config = *ctx.query.table->config;
  Caller who{r->caller, privilegedUser(r->caller, config)};
  if (releasing_.count(r->id) && ledger_.mayChange(r->id, who))
    return master::errorReplyJson(
        Status(Code::kNotFound, "Reservation " + r->id + " is being released"));
  auto renewed = ledger_.renew(r->id, r->lease > 0 ? r->lease : config.params.reservationLease,
                               ctx.wall, who, term_);
  if (!renewed) {
    if (renewed.status().code() == Code::kDenied) ++counters_.deniedUser;
    return renewed.status().code() == Code::kDenied ? denied(renewed.status().message())
                                                    : master::errorReplyJson(renewed.status());
  }
  ++counters_.renewed;
  Json o = Json::object();
  o.add("ok", Json::boolean(true));
  o.add("reservation", reservationJson(*renewed));
  effects->put.push_back(std::move(*renewed));
  return ServiceAnswer::success(format::jsonText(o));
}

ServiceAnswer ReservationService::release(const Json& req, const ServiceContext& ctx,
                                          Effects* effects) {
  auto r = decodeReleaseRequest(req);
  if (!r) return master::errorReplyJson(r.status());
  Caller who{r->caller, privilegedUser(r->caller, *ctx.query.table->config)};
  Json results = Json::array();
  for (const auto& id : r->ids) {
    Json item = Json::object();
    item.add("id", Json::string(id));
    if (Status st = ledger_.mayChange(id, who); !st) {
      const bool deny = st.code() == Code::kDenied;
      if (deny) ++counters_.deniedUser;
      item.add("code", Json::string(deny ? "denied" : "notfound"));
      item.add("error", Json::string(deny ? "Permission denied: " + st.message() : st.message()));
      item.add("ok", Json::boolean(false));
    } else if (ctx.holdReleases) {
      holdRelease(id, effects);
      item.add("ok", Json::boolean(true));
    } else {
      auto gone = ledger_.release(id, who);
      ++counters_.released;
      count(*gone, -1);
      if (ctx.query.loadTable) push(*gone, *ctx.query.loadTable, ctx.query.now);
      effects->dropped.push_back(std::move(*gone));
      item.add("ok", Json::boolean(true));
    }
    results.push(std::move(item));
  }
  Json o = Json::object();
  o.add("ok", Json::boolean(true));
  o.add("results", std::move(results));
  return ServiceAnswer::success(format::jsonText(o));
}

// Quorum mode: the drop goes to the keepers now and the reservation stays counted until a
// majority journalled it. A release repeated while one waits sends the drop again (the
// command's "try again" after a release that was not journalled in time).
void ReservationService::holdRelease(const std::string& id, Effects* effects) {
  const Reservation& r = *ledger_.find(id);
  releasing_.insert_or_assign(id, r);
  effects->dropped.push_back(r);
}

bool ReservationService::releaseJournalled(const std::string& id, uint64_t version,
                                           master::LoadTable& table, double now) {
  auto it = releasing_.find(id);
  if (it == releasing_.end() || it->second.version + 1 != version) return false;
  releasing_.erase(it);
  auto gone = ledger_.release(id, {"", true});
  if (!gone) return false;  // its lease ended meanwhile
  ++counters_.released;
  count(*gone, -1);
  push(*gone, table, now);
  return true;
}

ServiceAnswer ReservationService::list(const Json& req, const ServiceContext& ctx) const {
  auto r = decodeListRequest(req);
  if (!r) return master::errorReplyJson(r.status());
  // Unsigned (a read-only query): whoever is named; signed: the caller's own by default.
  std::string user = r->user.empty() ? r->caller : r->user;
  if (user.empty() && !ctx.isSigned) user = "all";
  Json o = Json::object();
  o.add("ok", Json::boolean(true));
  o.add("rebuilding", Json::boolean(rebuilding(ctx.query.now)));
  // Over a limit since a partition healed (RESERVATION_CONSISTENCY = available): marked.
  Json list = Json::array();
  for (const Reservation* res : ledger_.list(user == "all" ? "" : user)) {
    Json item = reservationJson(*res);
    if (overCommitted_.count(res->id)) item.add("overcommitted", Json::boolean(true));
    list.push(std::move(item));
  }
  o.add("reservations", std::move(list));
  return ServiceAnswer::success(format::jsonText(o));
}

ServiceAnswer ReservationService::quotaReply(const Json& req, const ServiceContext& ctx) const {
  auto r = decodeQuotaRequest(req);
  if (!r) return master::errorReplyJson(r.status());
  quota::QuotaReport report;  // the rows view it and the state: both live to the end
  if (quotas_) {
    // Without -u: the verified caller's own (as qquota); "all": everyone's.
    quota::ReportQuery q{std::move(r->users),    std::move(r->hosts), std::move(r->resources),
                         std::move(r->projects), std::move(r->pes),   std::move(r->queues)};
    if (q.users.empty() && !r->caller.empty()) q.users = {r->caller};
    if (q.users.size() == 1 && q.users[0] == "all") q.users.clear();
    report = quota::quotaReport(*quotas_, std::move(q), ctx.period, hostValuesOf(*ctx.query.table));
  }
  const std::vector<quota::ReportRow>& rows = report.rows;
  // Formatted here, exactly, from the rows: the command prints it as it is.
  std::string text = r->format == "json"  ? quota::formatQuotaJson(rows)
                     : r->format == "xml" ? quota::formatQuotaXml(rows)
                                          : quota::formatQuotaText(rows);
  return ServiceAnswer::success(
      quota::quotaReplyText(text, rows.size(), rebuilding(ctx.query.now)));
}

void ReservationService::expire(double wall, master::LoadTable& table, double now,
                                Effects* effects) {
  // A ledger still being rebuilt may hold a stale copy whose renewal is on its way in a
  // keeper's report: its lease ends here, but its id is not buried, so the renewed copy
  // joins when it comes (found by the simulator, seed 55 with --quorum). Nothing was
  // admitted against it meanwhile: the window admits nothing.
  for (Reservation& r : ledger_.expire(wall, !window_.open(now))) {
    ++counters_.expired;
    releasing_.erase(r.id);
    count(r, -1);
    push(r, table, now);
    effects->dropped.push_back(std::move(r));
  }
}

void ReservationService::merge(const std::string& host, const std::vector<Reservation>& held,
                               double wall, master::LoadTable& table, double now, Effects* effects,
                               std::vector<std::string>* changed) {
  for (const Reservation& r : held) {
    bool known = ledger_.find(r.id) != nullptr;
    if (ledger_.merge(r, wall)) {
      if (!known) count(*ledger_.find(r.id), +1);
      ++counters_.merged;
      if (changed) changed->push_back(r.id);
      push(r, table, now);
    } else if (!ledger_.find(r.id)) {
      Reservation gone = r;  // released, expired or refused: the host forgets it
      gone.hosts = {HostHold{host, 0, {}}};
      effects->dropped.push_back(std::move(gone));
    }
  }
}

void ReservationService::mergeReleased(const std::vector<std::string>& ids,
                                       master::LoadTable& table, double now, Effects* effects) {
  for (const std::string& id : ids)
    if (auto gone = ledger_.forgetReleased(id)) {
      releasing_.erase(id);
      count(*gone, -1);
      push(*gone, table, now);
      effects->dropped.push_back(std::move(*gone));
    }
}

void ReservationService::push(const Reservation& r, master::LoadTable& table, double now) const {
  const ConfigSnapshot& c = *table.config();
  for (const HostHold& h : r.hosts) {
    const HostTotal* t = ledger_.heldOn(h.host);
    table.hold(h.host, t ? t->slots : 0, deltasOf(t, c), now);
  }
}

void ReservationService::setQuotas(quota::QuotaConfigPtr config) {
  quotaConfig_ = config;
  quotas_.reset();
  if (!config) return;
  quotas_ = std::make_shared<quota::QuotaState>(std::move(config));
  for (const Reservation* r : ledger_.list("")) count(*r, +1);
}

void ReservationService::count(const Reservation& r, int sign) {
  if (!quotas_) return;
  // Shared with a scrape (sharedQuotas): change a copy, the scrape keeps what it was given.
  if (quotas_.use_count() > 1) quotas_ = std::make_shared<quota::QuotaState>(*quotas_);
  quota::Consumption c = consumptionOf(r);
  if (sign > 0)
    quotas_->add(c);
  else
    quotas_->remove(c);
}

void ReservationService::pushAll(master::LoadTable& table, double now) const {
  for (const Reservation* r : ledger_.list("")) push(*r, table, now);
}

}  // namespace openlim::reserve
