// evaluatePolicy(): choose the policy, narrow, order, cut; explain on demand.
#include "policy/policy_eval.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <numeric>
#include <optional>

#include "placement/load_balance.h"
#include "placement/rating_format.h"
#include "resreq/order.h"

namespace openlim::policy {
namespace {

// What explain adds per host beyond constraints and sorts: lines (the rating's terms, the
// load-balancing band) and why a passing host was left out.
struct RowNotes {
  std::map<uint32_t, std::string> lines;
  std::map<uint32_t, std::string> leftOut;
};

std::string q(const std::string& s) {
  return "<" + s + ">";
}

std::string outcome(double v) {
  return v == 1.0 ? "true" : v == 0.0 ? "false" : "unknown";
}

// The policy for the request, with a warning when an unknown name falls back to the default.
Result<const Policy*> pick(const PolicySet& set, const PeriodInfo& period, const PolicyRequest& req,
                           std::vector<std::string>& warnings) {
  if (!req.policy.empty() && !set.empty() && !set.find(req.policy)) {
    if (req.strict) return Status(Code::kNotFound, "unknown policy " + q(req.policy));
    auto d = choosePolicy(set, period, "");
    if (!d) return d;
    warnings.push_back("unknown policy " + q(req.policy) + "; using the default policy " +
                       q(d.value()->name) + " of " + periodName(period.period) + " time");
    return d;
  }
  return choosePolicy(set, period, req.policy);
}

// The rows a request may consider: every row, or its -h hosts; status ok only.
Result<std::vector<uint32_t>> candidates(const HostTable& t, const PolicyRequest& req,
                                         std::vector<uint32_t>& considered) {
  if (req.hosts.empty()) {
    considered.resize(t.size());
    std::iota(considered.begin(), considered.end(), 0u);
  } else {
    std::vector<char> seen(t.size(), 0);
    for (const auto& h : req.hosts) {
      int r = t.row(h);
      if (r < 0) return Status(Code::kNotFound, h + ": Unknown host");
      if (!seen[static_cast<size_t>(r)]++) considered.push_back(static_cast<uint32_t>(r));
    }
    std::sort(considered.begin(), considered.end());
  }
  std::vector<uint32_t> sel;
  sel.reserve(considered.size());
  for (uint32_t r : considered)
    if (t.status[r] == HostStatus::kOk) sel.push_back(r);
  return sel;
}

// The policy's program, with the -R select terms and order keys appended when given.
std::shared_ptr<const CompiledProgram> combined(const CompiledPolicy& cp,
                                                const CompiledRequest* resreq) {
  if (!resreq) return cp.program;
  auto p = std::make_shared<CompiledProgram>(*cp.program);
  const CompiledProgram& r = resreq->program();
  p->terms.insert(p->terms.end(), r.terms.begin(), r.terms.end());
  p->keys.insert(p->keys.end(), r.keys.begin(), r.keys.end());
  p->descending.insert(p->descending.end(), r.descending.begin(), r.descending.end());
  return p;
}

std::string readValues(const PolicyEngine& engine, const std::vector<std::string>& names,
                       const resreq::EvalEnv& env, uint32_t row) {
  std::string s;
  for (const auto& n : names) {
    const AttributeProbe* p = engine.probe(n);
    if (!p) continue;
    s += " " + n + "=" + probeText(*p, env, row);
  }
  return s;
}

class Explainer {
 public:
  Explainer(const PolicyEngine& engine, const CompiledPolicy& cp, const CompiledProgram& prog,
            const PolicyRequest& req, const resreq::EvalEnv& env, const RowNotes& notes)
      : engine_(engine), cp_(cp), prog_(prog), req_(req), env_(env), notes_(notes) {}

  std::string run(const std::vector<uint32_t>& considered, const std::vector<uint32_t>& chosen,
                  const std::vector<uint32_t>& passed) {
    const HostTable& t = *env_.table;
    std::vector<int> rank(t.size(), 0);
    for (size_t i = 0; i < chosen.size(); ++i) rank[chosen[i]] = static_cast<int>(i) + 1;
    std::vector<char> passes(t.size(), 0);
    for (uint32_t r : passed) passes[r] = 1;
    std::string out;
    for (uint32_t row : considered) out += host(row, rank[row], passes[row] != 0);
    return out;
  }

 private:
  std::string host(uint32_t row, int rank, bool passes) {
    const HostTable& t = *env_.table;
    std::string out = t.names[row] + ": ";
    if (t.status[row] != HostStatus::kOk)
      return out + "not a candidate: status " + hostStatusName(t.status[row]) + "\n";
    std::string body, failed;
    const size_t nc = cp_.program->terms.size();
    resreq::Evaluator ev;
    for (size_t i = 0; i < prog_.terms.size(); ++i) {
      double v = 0;
      ev.run(prog_.terms[i], env_, &row, 1, &v);
      bool mine = i < nc;
      std::string label =
          mine ? "constraint " + std::to_string(i + 1) : "select " + std::to_string(i - nc + 1);
      std::string values = mine ? readValues(engine_, cp_.constraintReads[i], env_, row)
                                : " " + termValues(*req_.resreq, t, i - nc, row);
      body += "  " + label + " <" + prog_.terms[i].text + ">: " + outcome(v) + ";" + values + "\n";
      if (v != 1.0) failed += (failed.empty() ? "" : ", ") + label + " " + outcome(v);
    }
    const size_t ns = cp_.program->keys.size();
    for (size_t k = 0; k < ns; ++k) {
      double v = 0;
      ev.run(prog_.keys[k], env_, &row, 1, &v);
      body += "  sort " + std::to_string(k + 1) + " <" + prog_.keys[k].text +
              ">: " + formatPolicyValue(v) + ";" +
              readValues(engine_, cp_.sortReads[k], env_, row) + "\n";
    }
    auto left = notes_.leftOut.find(row);
    auto note = notes_.lines.find(row);
    if (note != notes_.lines.end()) body += note->second;
    if (!failed.empty())
      out += "rejected by " + failed;
    else if (left != notes_.leftOut.end())
      out += "left out: " + left->second;
    else if (rank > 0)
      out += "selected, rank " + std::to_string(rank);
    else if (passes)
      out += "passes, beyond the count";
    else
      out += "passes";
    return out + "\n" + body;
  }

  const PolicyEngine& engine_;
  const CompiledPolicy& cp_;
  const CompiledProgram& prog_;
  const PolicyRequest& req_;
  const resreq::EvalEnv& env_;
  const RowNotes& notes_;
};

OptionPeriod optionPeriod(Period p) {
  return p == Period::kPrime      ? OptionPeriod::kPrime
         : p == Period::kNonPrime ? OptionPeriod::kNonPrime
                                  : OptionPeriod::kAll;
}

bool readsRating(const CompiledPolicy& cp) {
  const auto& keys = cp.program->keys;
  return std::any_of(keys.begin(), keys.end(), [](auto& k) { return k.readsRating; });
}

// Every passing host's rating, once per request (per table row; rows not passing are left
// unset): the zero-rating filter, the sorts and the band all read it.
std::unique_ptr<double[]> rateOnce(const HostTable& t, const placement::RatingSetup& s,
                                   const double* jobs, const std::vector<uint32_t>& rows) {
  auto out = std::make_unique_for_overwrite<double[]>(t.size());
  for (uint32_t r : rows)
    out[r] = placement::ratingTotal(placement::ratingInput(t, s, r, jobs ? jobs[r] : t.reserved(r)),
                                    s.smpFactor);
  return out;
}

// A sort reading the rating never chooses a host rated 0 (at MAX_JOBS, or both weights 0);
// an unknown rating stays, sorted last like any unknown value.
void dropRatedZero(const double* ratings, std::vector<uint32_t>& rows, RowNotes* notes) {
  std::erase_if(rows, [&](uint32_t r) {
    if (ratings[r] != 0) return false;
    if (notes) notes->leftOut[r] = "rating 0, not used by a rating sort";
    return true;
  });
}

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

// Orders the passing rows, cut to `limit` (0: all): by the sorts (with load balancing, by
// band and projected load first), and with a band its turn first. Only what the reply needs
// is ordered: the band's turn is found in one pass over the hosts, a count orders only its
// best (top-k selection), and a count of 1 with a band orders nothing.
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

}  // namespace

std::string formatPolicyValue(double v) {
  if (std::isnan(v)) return "unknown";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%f", v);
  return buf;
}

Result<PolicyResult> evaluatePolicy(const PolicyEngine& engine, const Calendar& calendar,
                                    const HostTable& table, const PolicyRequest& req,
                                    const PolicyTime& at) {
  PolicyResult res;
  res.period = calendar.periodAt(at.local);
  auto p = pick(engine.set(), res.period, req, res.warnings);
  if (!p) return p.status();
  const CompiledPolicy* cp = engine.of(p.value());
  if (!cp) return Status(Code::kInternal, "policy not compiled");
  res.policy = p.value()->name;
  res.sorted = !cp->program->keys.empty();
  std::vector<uint32_t> considered;
  auto sel = candidates(table, req, considered);
  if (!sel) return sel.status();
  const std::vector<double> job = engine.jobValues(req.job);
  auto prog = combined(*cp, req.resreq);
  resreq::EvalEnv env = prog->env(table);
  env.now = at.now;
  env.wallNow = at.wallNow;
  env.job = job.data();
  env.jobCount = job.size();
  const Policy& policy = *p.value();
  const OptionPeriod op = optionPeriod(res.period.period);
  size_t limit = static_cast<size_t>(req.count > 0 ? req.count : 0);
  int own = policy.count.in(op);
  if (own > 0 && (limit == 0 || static_cast<size_t>(own) < limit)) limit = static_cast<size_t>(own);
  res.band = policy.band.in(op);
  res.loadBalancing = policy.loadBalancing.in(op);
  res.readsRating = readsRating(*cp);
  // The rating's setup: the caller's (built once per configuration), else this request's.
  // Load balancing reads its load limits from it too.
  placement::RatingSetup ownSetup;
  const bool needSetup = res.readsRating || res.loadBalancing;
  if (!req.rating && needSetup) ownSetup = placement::ratingSetup(table);
  const placement::RatingSetup& setup = req.rating ? *req.rating : ownSetup;
  if (req.rating || needSetup) env.rating = &setup;  // else the evaluator builds one
  env.reservedSlots = req.reservedSlots;
  RowNotes notes;
  RowNotes* nt = req.explain ? &notes : nullptr;
  resreq::Evaluator ev;
  std::vector<uint32_t>& rows = sel.value();
  resreq::narrow(*prog, env, rows, ev, nullptr);
  std::vector<uint32_t> passed;
  if (req.explain) passed = rows;
  const resreq::EvalEnv lookEnv = env;  // explain reads hosts that did not pass: rated there
  std::unique_ptr<double[]> ratings;
  if (res.readsRating) {
    ratings = rateOnce(table, setup, req.reservedSlots, rows);
    env.ratings = ratings.get();
    dropRatedZero(ratings.get(), rows, nt);
  }
  orderPassing(table, *prog, env, ev, req, policy.name, limit, res, rows, nt);
  if (nt && res.readsRating)
    for (uint32_t r : passed)
      notes.lines[r] +=
          "  " +
          placement::formatRating(placement::rateRow(
              table, setup, r, req.reservedSlots ? req.reservedSlots[r] : table.reserved(r))) +
          "\n";
  if (req.ratingTerms && res.readsRating)
    for (uint32_t r : rows)
      res.ratingTerms.push_back(placement::rateRow(
          table, setup, r, req.reservedSlots ? req.reservedSlots[r] : table.reserved(r)));
  res.rows = std::move(rows);
  res.values.assign(res.rows.size(), std::nan(""));
  if (res.sorted && !res.rows.empty())
    ev.run(prog->keys[0], env, res.rows.data(), res.rows.size(), res.values.data());
  if (req.explain)
    res.explain =
        Explainer(engine, *cp, *prog, req, lookEnv, notes).run(considered, res.rows, passed);
  return res;
}

Result<PlacementResult> placeByPolicy(const PolicyEngine& engine, const Calendar& calendar,
                                      const HostTable& table, const PolicyRequest& request,
                                      const CompiledRequest& resreq, PlaceOptions options,
                                      const PolicyTime& at) {
  PolicyRequest req = request;
  req.resreq = &resreq;
  req.explain = false;
  auto r = evaluatePolicy(engine, calendar, table, req, at);
  if (!r) return r.status();
  const CompiledPolicy* cp = engine.find(r->policy);
  // The -R request with the policy's constraints and sorts in front of its own.
  CompiledRequest combinedReq = resreq;
  combinedReq.program_ = combined(*cp, &resreq);
  std::vector<std::string> texts;
  for (const auto& c : cp->source->constraints) texts.push_back(c.text);
  texts.insert(texts.end(), resreq.termTexts_.begin(), resreq.termTexts_.end());
  combinedReq.termTexts_ = std::move(texts);
  std::vector<OrderKeyInfo> keys;
  for (const auto& s : cp->source->sorts) keys.push_back({s.text, true});
  keys.insert(keys.end(), resreq.orderKeys_.begin(), resreq.orderKeys_.end());
  combinedReq.orderKeys_ = std::move(keys);
  // Only the hosts the policy passes (cut to its count); -h hosts were applied there.
  options.candidates.clear();
  for (uint32_t row : r->rows) options.candidates.push_back(table.names[row]);
  if (options.candidates.empty()) {
    PlacementResult none;
    none.status = Status(Code::kNotFound, "Not enough host(s) currently eligible");
    return none;
  }
  options.now = at.now;
  options.wallNow = at.wallNow;
  options.jobValues = engine.jobValues(request.job);
  return place(combinedReq, table, options);
}

}  // namespace openlim::policy
