// The order of a policy's passing hosts (see policy_order.h).
#include "policy/policy_order.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "placement/load_balance.h"
#include "placement/sort_band.h"
#include "resreq/order.h"

namespace openlim::policy {
namespace {

// PBS load balancing: each row's band and projected load, as leading order columns
// (lead[0] the band, ideal before max; lead[1] the projected load, least first), aligned with
// the rows kept; over max_load or load unknown: left out.
std::vector<std::vector<double>> balance(const HostTable& t, const placement::RatingSetup& s,
                                         int slots, std::vector<uint32_t>& rows, RowNotes* notes) {
  const ConfigSnapshot& c = *t.config;
  const Column* r1m = resreq::filledColumn(t, c.resourceIndex("r1m"), ResourceType::kNumeric);
  const Column* nc = resreq::filledColumn(t, c.resourceIndex("ncpus"), ResourceType::kNumeric);
  auto limit = [](double v) { return std::isnan(v) ? std::nullopt : std::optional<double>(v); };
  std::vector<std::vector<double>> lead(2);
  lead[0].reserve(rows.size());
  lead[1].reserve(rows.size());
  size_t kept = 0;
  for (uint32_t r : rows) {
    placement::BalanceCandidate cand;
    cand.row = r;
    cand.load = r1m ? r1m->numbers[r] : std::nan("");
    cand.slots = slots;
    cand.limits = placement::loadLimits(limit(s.idealLoad[r]), limit(s.maxLoad[r]),
                                        nc ? nc->numbers[r] : std::nan(""));
    const placement::BalancedHost b = placement::balanceHost(cand);
    const bool usable =
        b.band == placement::LoadBand::kIdeal || b.band == placement::LoadBand::kMax;
    if (notes) {
      notes->lines[r] += "  load_balancing " + placement::formatBand(b, cand.limits) + "\n";
      if (!usable)
        notes->leftOut[r] = "load_balancing, " + std::string(placement::loadBandName(b.band));
    }
    if (!usable) continue;
    rows[kept++] = r;
    lead[0].push_back(static_cast<double>(b.band));
    lead[1].push_back(b.projected);
  }
  rows.resize(kept);
  return lead;
}

// The band's values (larger is better): the primary sort's, or with load balancing minus
// the projected load of the hosts in the leading load band (NaN for the others).
std::vector<double> bandValues(const CompiledProgram& prog, const resreq::EvalEnv& env,
                               resreq::Evaluator& ev, const std::vector<uint32_t>& rows,
                               const std::vector<std::vector<double>>& lead) {
  std::vector<double> values(rows.size(), std::nan(""));
  if (lead.empty()) {
    ev.run(prog.keys[0], env, rows.data(), rows.size(), values.data());
    return values;
  }
  const double first = *std::min_element(lead[0].begin(), lead[0].end());
  for (size_t i = 0; i < rows.size(); ++i)
    if (lead[0][i] == first) values[i] = -lead[1][i];
  return values;
}

}  // namespace

std::unique_ptr<double[]> rateOnce(const HostTable& t, const placement::RatingSetup& s,
                                   const double* jobs, const std::vector<uint32_t>& rows) {
  auto out = std::make_unique_for_overwrite<double[]>(t.size());
  for (uint32_t r : rows)
    out[r] = placement::ratingTotal(placement::ratingInput(t, s, r, jobs ? jobs[r] : t.reserved(r)),
                                    s.smpFactor);
  return out;
}

void dropRatedZero(const double* ratings, std::vector<uint32_t>& rows, RowNotes* notes) {
  std::erase_if(rows, [&](uint32_t r) {
    if (ratings[r] != 0) return false;
    if (notes) notes->leftOut[r] = "rating 0, not used by a rating sort";
    return true;
  });
}

void orderPassing(const HostTable& t, const CompiledProgram& prog, const resreq::EvalEnv& env,
                  resreq::Evaluator& ev, const PolicyRequest& req, const std::string& policy,
                  size_t limit, PolicyResult& res, std::vector<uint32_t>& rows, RowNotes* nt) {
  std::vector<std::vector<double>> lead;
  if (res.loadBalancing) lead = balance(t, *env.rating, req.slots, rows, nt);
  if (res.band < 0 || !(res.sorted || res.loadBalancing) || rows.empty()) {
    resreq::orderRows(prog, env, rows, limit, ev, lead);
    return;
  }
  const std::vector<double> values = bandValues(prog, env, ev, rows, lead);
  placement::BandCursor scratch;
  placement::BandCursor& cursor = req.bands ? req.bands->of(policy) : scratch;
  const placement::BandPick pick =
      placement::pickInBandRows(values, rows, t.names, res.band, cursor);
  res.bandSize = pick.bandSize;
  if (pick.bandSize == 0) {
    resreq::orderRows(prog, env, rows, limit, ev, lead);
    return;
  }
  const uint32_t chosen = rows[pick.index];
  if (limit == 1) {
    rows.assign(1, chosen);
  } else {  // the turn first, then the best of the others in order
    resreq::orderRows(prog, env, rows, limit, ev, lead);
    auto at = std::find(rows.begin(), rows.end(), chosen);
    if (at != rows.end()) {
      std::rotate(rows.begin(), at, at + 1);
    } else {
      rows.insert(rows.begin(), chosen);
      if (limit > 0 && rows.size() > limit) rows.pop_back();
    }
  }
  if (nt) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "  band %g%%: its turn among the %zu hosts within it\n",
                  res.band, res.bandSize);
    nt->lines[rows[0]] += buf;
  }
}

}  // namespace openlim::policy
