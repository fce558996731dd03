// Over-commit detection by replay (see over_commit.h).
#include "reserve/over_commit.h"

#include <algorithm>
#include <map>
#include <memory>
#include <unordered_map>
#include <utility>

#include "reserve/quota_check.h"

namespace openlim::reserve {
namespace {

using Found = std::map<std::pair<std::string, std::string>, OverCommit>;

void note(Found& found, const std::string& host, const std::string& limit, int64_t used,
          int64_t allowed, const std::string& text, const std::string& id) {
  auto [it, first] = found.try_emplace({host, limit});
  OverCommit& o = it->second;
  if (first) {
    o.host = host;
    o.limit = limit;
    o.allowed = allowed;
    o.text = text;
  }
  o.used = std::max(o.used, used);
  if (o.reservations.empty() || o.reservations.back() != id) o.reservations.push_back(id);
}

void checkSlots(const Reservation& r, const HostSlots& slots,
                std::unordered_map<std::string, int64_t>& used, Found& found) {
  for (const HostHold& h : r.hosts) {
    int64_t& u = used[h.host];
    u += h.slots;
    std::optional<int> cap = slots ? slots(h.host) : std::nullopt;
    if (!cap || u <= *cap) continue;
    note(found, h.host, kSlots, u, *cap,
         "slots " + std::to_string(u) + "/" + std::to_string(*cap) + " on host " + h.host, r.id);
  }
}

// A counted limit (not a string or boolean one, not one on a value the host does not give).
bool counted(const quota::Verdict& v) {
  return v.wanted.empty() && v.unknownValue.empty();
}

void checkQuotas(const Reservation& r, const OverCommitInput& in, quota::QuotaState& state,
                 Found& found) {
  quota::Admission a(state, consumerOf(r.labels), in.period, in.values, in.text);
  const quota::Consumption c = consumptionOf(r);
  for (const quota::HostTake& take : c.hosts) {
    for (const quota::Verdict& v : a.blocking(take))
      if (counted(v))
        note(found, take.host, v.set + "/" + v.rule, v.used + v.requested, v.limit, v.message(),
             r.id);
    a.take(take);
  }
  state.add(c);  // held whatever the verdict
}

}  // namespace

std::vector<OverCommit> findOverCommits(const OverCommitInput& in) {
  Found found;
  if (!in.ledger) return {};
  std::unordered_map<std::string, int64_t> used;
  std::unique_ptr<quota::QuotaState> state;
  if (in.quotas) state = std::make_unique<quota::QuotaState>(in.quotas);
  for (const Reservation* r : in.ledger->list("")) {
    checkSlots(*r, in.slots, used, found);
    if (state) checkQuotas(*r, in, *state, found);
  }
  std::vector<OverCommit> out;
  out.reserve(found.size());
  for (auto& [key, o] : found) out.push_back(std::move(o));
  return out;
}

}  // namespace openlim::reserve
