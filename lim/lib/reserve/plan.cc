#include "reserve/plan.h"

#include <algorithm>

namespace openlim::reserve {
namespace {

// The hook's verdict decides (a limit list may be empty for a check that keeps none).
HostQuota quotaOf(const Claim& c, const Verdict& v, std::vector<LimitUse> limits) {
  return HostQuota{c.host, c.slots, v.admitted, std::move(limits)};
}

// Keeps the latest claim's explanation of each host.
void note(std::vector<HostQuota>* seen, HostQuota q) {
  auto it = std::find_if(seen->begin(), seen->end(),
                         [&](const HostQuota& s) { return s.host == q.host; });
  if (it == seen->end())
    seen->push_back(std::move(q));
  else
    *it = std::move(q);
}

std::vector<HostHold> holdsOf(const CompiledRequest& req, const std::vector<std::string>& slots) {
  std::vector<HostHold> out;
  for (const auto& s : slots) {
    auto it = std::find_if(out.begin(), out.end(), [&](const HostHold& h) { return h.host == s; });
    if (it == out.end()) {
      out.push_back({s, 0, {}});
      it = out.end() - 1;
    }
    ++it->slots;
  }
  for (auto& h : out) h.amounts = amountsFor(req, h.slots);
  return out;
}

// Each host's HostQuota from the claims the rounds made (the last one a host saw wins), then
// one slot on every other candidate, in table row order.
std::vector<HostQuota> explainAll(const CompiledRequest& req, const HostTable& table,
                                  const std::vector<std::string>& candidates, const Labels& labels,
                                  const AdmissionCheck& check, std::vector<HostQuota> seen,
                                  double now) {
  std::vector<HostQuota> out;
  const std::vector<Amount> one = amountsFor(req, 1);
  for (const std::string& host : table.names) {
    if (!candidates.empty() &&
        std::find(candidates.begin(), candidates.end(), host) == candidates.end())
      continue;
    auto it =
        std::find_if(seen.begin(), seen.end(), [&](const HostQuota& q) { return q.host == host; });
    if (it != seen.end()) {
      out.push_back(std::move(*it));
      continue;
    }
    Claim c{&labels, host, 1, one};
    out.push_back(quotaOf(c, check.mayTake(c, {}, now), check.explain(c, {}, now)));
  }
  return out;
}

}  // namespace

std::string HostQuota::reason() const {
  std::string s = std::string(admitted ? "quota admits " : "quota blocks ") +
                  std::to_string(slots) + " slot(s): ";
  if (limits.empty()) return s + "no limit applies";
  for (size_t i = 0; i < limits.size(); ++i) s += (i ? "; " : "") + limits[i].text;
  return s;
}

std::vector<Amount> amountsFor(const CompiledRequest& req, int slots) {
  std::vector<Amount> out;
  if (req.rusage().empty()) return out;
  const ConfigSnapshot& c = *req.config();
  for (const RusageItem& it : req.rusage().front().items) {
    if (it.slot < 0 || static_cast<size_t>(it.slot) >= c.resources.size() || it.amount <= 0)
      continue;
    const ResourceDef& def = c.resources[static_cast<size_t>(it.slot)];
    auto same = std::find_if(out.begin(), out.end(),
                             [&](const Amount& a) { return a.resource == def.name; });
    if (same != out.end())
      same->amount += it.amount * slots;
    else
      out.push_back({def.name, it.amount * slots, def.shared});
  }
  return out;
}

Plan planReservation(const CompiledRequest& req, const HostTable& table, PlaceOptions options,
                     const Labels& labels, const AdmissionCheck& check, double now) {
  Plan plan;
  std::vector<std::string> excluded;
  std::vector<HostQuota> seen;  // with explain
  const std::vector<std::string> asked = options.candidates;
  auto finish = [&] {
    if (options.explain)
      plan.quota = explainAll(req, table, asked, labels, check, std::move(seen), now);
  };
  for (int round = 0; round < kMaxAdmissionRounds; ++round) {
    plan.placement = place(req, table, options);
    plan.holds.clear();
    if (!plan.placement.status.isOk()) break;
    plan.holds = holdsOf(req, plan.placement.slots);
    std::vector<Claim> admitted;
    bool refused = false;
    for (const HostHold& h : plan.holds) {
      Claim c{&labels, h.host, h.slots, h.amounts};
      Verdict v = check.mayTake(c, admitted, now);
      if (options.explain) note(&seen, quotaOf(c, v, check.explain(c, admitted, now)));
      if (v.admitted) {
        admitted.push_back(std::move(c));
        continue;
      }
      plan.blocked.emplace_back(h.host, std::move(v));
      excluded.push_back(h.host);
      refused = true;
    }
    if (!refused) {
      finish();
      return plan;
    }
    // Place again over the candidates less the refused hosts.
    if (options.candidates.empty()) options.candidates = table.names;
    std::erase_if(options.candidates, [&](const std::string& h) {
      return std::find(excluded.begin(), excluded.end(), h) != excluded.end();
    });
    if (options.candidates.empty()) break;
  }
  plan.holds.clear();
  plan.placement.slots.clear();
  if (plan.blocked.empty()) {  // the placement's own answer (unknown host, too few hosts)
    if (plan.placement.status.isOk())
      plan.placement.status = Status(Code::kNotEligible, "Not enough host(s) currently eligible");
    finish();
    return plan;
  }
  const auto& [host, verdict] = plan.blocked.front();
  plan.placement.status =
      Status(Code::kNotEligible, verdict.message.empty()
                                     ? "cannot run on host \"" + host + "\": admission refused"
                                     : verdict.message);
  finish();
  return plan;
}

}  // namespace openlim::reserve
