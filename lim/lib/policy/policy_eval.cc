// evaluatePolicy(): choose the policy, narrow, order, cut; explain on demand.
#include "policy/policy_eval.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <numeric>
#include <optional>

#include "placement/rating_format.h"
#include "policy/policy_order.h"
#include "resreq/order.h"

namespace openlim::policy {
namespace {

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
      if (r < 0) return Status(Code::kNotFound, Subcode::kUnknownHost, h + ": Unknown host");
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
  const std::vector<std::string> jobText = engine.jobTexts(req.job);
  env.jobText = jobText.data();
  env.jobTextCount = jobText.size();
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
  options.jobTexts = engine.jobTexts(request.job);
  return place(combinedReq, table, options);
}

}  // namespace openlim::policy
