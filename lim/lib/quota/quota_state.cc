// Quota usage: matching consumers and hosts to rules, and counts per bucket (see
// quota_state.h).
#include "quota/quota_state.h"

#include <algorithm>
#include <cmath>

#include "config/lines.h"

namespace openlim::quota {

namespace {

constexpr int32_t kOtherHostBase = 1 << 30;  // ids of hosts outside the configuration

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// Member of a @group: listed by the directory, or one of the request's own groups.
bool inGroups(const std::vector<std::string>& groups,
              const std::vector<std::vector<std::string>>& members, const Consumer& who) {
  for (size_t i = 0; i < groups.size(); ++i)
    if ((i < members.size() && contains(members[i], who.user)) || contains(who.groups, groups[i]))
      return true;
  return false;
}

}  // namespace

bool userMatches(const Filter& f, const Consumer& who) {
  if (!f.present) return true;
  bool in = f.all || contains(f.names, who.user) || inGroups(f.groups, f.groupMembers, who);
  return in && !contains(f.excluded, who.user) &&
         !inGroups(f.excludedGroups, f.excludedGroupMembers, who);
}

// Projects, pes and queues: `*` any given, `!*` none given.
bool labelMatches(const Filter& f, const std::string& v) {
  if (!f.present) return true;
  if (v.empty()) return f.noneGiven;
  return (f.all || contains(f.names, v)) && !contains(f.excluded, v);
}

bool hostMatches(const Filter& f, size_t index, const std::string& host) {
  if (!f.present) return true;
  if (host.empty()) return false;  // host-less (shared) amounts: only rules without hosts
  if (index != QuotaState::npos) return f.hostMember[index];
  if (!f.othersMatch) return false;
  for (const auto& x : f.excluded)
    if (config::iequals(x, host)) return false;
  return true;
}

namespace {

int64_t units(double v) {
  if (!(v > 0)) return 0;
  if (v >= 9.2e18) return INT64_MAX;
  return static_cast<int64_t>(std::ceil(v));
}

}  // namespace

int64_t amountOf(const std::vector<Amount>& amounts, const std::string& resource) {
  double sum = 0;
  for (const auto& a : amounts)
    if (a.resource == resource) sum += a.value;
  return units(sum);
}

std::optional<int64_t> limitOn(const Limit& l, const std::string& host, const HostValues& values,
                               std::string* unknown) {
  if (l.value) return l.value;
  double sum = 0;
  for (const auto& t : l.dynamic) {
    std::optional<double> x = 1;
    if (!t.resource.empty()) x = values ? values(host, t.resource) : std::nullopt;
    if (!x) {
      if (unknown) *unknown = t.resource;
      return std::nullopt;
    }
    sum += t.weight * *x;
  }
  return sum <= 0 ? 0 : sum >= 9.2e18 ? INT64_MAX : static_cast<int64_t>(std::floor(sum));
}

bool inForce(Enabled e, policy::Period period) {
  switch (e) {
    case Enabled::kTrue:
      return true;
    case Enabled::kFalse:
      return false;
    case Enabled::kPrime:
      return period == policy::Period::kPrime;
    case Enabled::kNonPrime:
      break;
  }
  return period == policy::Period::kNonPrime;
}

QuotaState::QuotaState(QuotaConfigPtr config) : config_(std::move(config)) {
  size_t n = 0;
  for (const auto& s : config_->sets) {
    base_.push_back(n);
    n += s.rules.size();
    for (const Rule& r : s.rules) labels_.push_back(r.label());
  }
  usage_.resize(n);
  for (size_t i = 0; i < config_->hosts.size(); ++i) {
    hostIndex_.emplace(config::lower(config_->hosts[i]), i);
    hostExact_.emplace(config_->hosts[i], i);
  }
}

size_t QuotaState::hostIndex(const std::string& host) const {
  auto exact = hostExact_.find(host);  // the configured spelling, without lower-casing
  if (exact != hostExact_.end()) return exact->second;
  auto it = hostIndex_.find(config::lower(host));
  return it == hostIndex_.end() ? npos : it->second;
}

int32_t QuotaState::findValue(FilterKind k, const std::string& v, size_t hostIndex) const {
  if (k == FilterKind::kHosts && hostIndex != npos) return static_cast<int32_t>(hostIndex);
  auto it = ids_.find(k == FilterKind::kHosts ? config::lower(v) : v);
  if (it == ids_.end()) return -2;
  return k == FilterKind::kHosts ? kOtherHostBase + it->second : it->second;
}

int32_t QuotaState::internValue(FilterKind k, const std::string& v, size_t hostIndex) {
  if (k == FilterKind::kHosts && hostIndex != npos) return static_cast<int32_t>(hostIndex);
  std::string name = k == FilterKind::kHosts ? config::lower(v) : v;
  auto [it, added] = ids_.emplace(name, static_cast<int32_t>(names_.size()));
  if (added) names_.push_back(name);
  return k == FilterKind::kHosts ? kOtherHostBase + it->second : it->second;
}

const std::string& QuotaState::valueName(FilterKind k, int32_t id) const {
  static const std::string kNone;
  if (k == FilterKind::kHosts) {
    if (id >= 0 && id < kOtherHostBase && static_cast<size_t>(id) < config_->hosts.size())
      return config_->hosts[static_cast<size_t>(id)];
    id -= kOtherHostBase;
  }
  if (id < 0 || static_cast<size_t>(id) >= names_.size()) return kNone;
  return names_[static_cast<size_t>(id)];
}

std::vector<bool> QuotaState::matchConsumer(const Consumer& who) const {
  std::vector<bool> out;
  out.reserve(usage_.size());
  for (const auto& s : config_->sets)
    for (const auto& r : s.rules)
      out.push_back(userMatches(r.filter(FilterKind::kUsers), who) &&
                    labelMatches(r.filter(FilterKind::kProjects), who.project) &&
                    labelMatches(r.filter(FilterKind::kPes), who.pe) &&
                    labelMatches(r.filter(FilterKind::kQueues), who.queue));
  return out;
}

int QuotaState::firstRule(size_t set, const std::vector<bool>& matched, size_t hostIndex,
                          const std::string& host) const {
  const auto& rules = config_->sets[set].rules;
  for (size_t r = 0; r < rules.size(); ++r)
    if (matched[base_[set] + r] &&
        hostMatches(rules[r].filter(FilterKind::kHosts), hostIndex, host))
      return static_cast<int>(r);
  return -1;
}

void QuotaState::apply(const Consumption& c, int sign) {
  std::vector<bool> matched = matchConsumer(c.who);
  const std::string* values[] = {&c.who.user, &c.who.project, &c.who.pe, &c.who.queue};
  auto count = [&](size_t set, int r, size_t hi, const std::string& host, const HostTake* take) {
    const Rule& rule = config_->sets[set].rules[static_cast<size_t>(r)];
    std::vector<int64_t> amounts(rule.limits.size(), 0);
    bool any = false;
    for (size_t i = 0; i < rule.limits.size(); ++i) {
      const Limit& l = rule.limits[i];
      if (take && l.kind == LimitKind::kSlots) amounts[i] = std::max<int64_t>(take->slots, 0);
      if (take && (l.kind == LimitKind::kPerHost || l.kind == LimitKind::kShared))
        amounts[i] = amountOf(take->amounts, l.resource);
      if (!take && l.kind == LimitKind::kShared) amounts[i] = amountOf(c.shared, l.resource);
      any = any || amounts[i] != 0;
    }
    if (!any) return;
    BucketKey key;
    for (int k = 0; k < kFilterKinds; ++k) {
      const Filter& f = rule.filters[k];
      if (!f.present || !f.expand) continue;
      auto kind = static_cast<FilterKind>(k);
      const std::string& v = kind == FilterKind::kHosts ? host : *values[k];
      key.v[k] = sign > 0 ? internValue(kind, v, hi) : findValue(kind, v, hi);
    }
    Buckets& b = usage_[base_[set] + static_cast<size_t>(r)];
    if (sign < 0 && !b.find(key)) return;  // never added: nothing to take back
    std::vector<int64_t>& counts = b.findOrAdd(key, amounts.size());
    bool empty = true;
    for (size_t i = 0; i < amounts.size(); ++i) {
      int64_t& u = counts[i];
      u = sign > 0 ? (u > INT64_MAX - amounts[i] ? INT64_MAX : u + amounts[i])
                   : std::max<int64_t>(u - amounts[i], 0);
      empty = empty && u == 0;
    }
    if (empty) b.erase(key);
  };
  for (const HostTake& take : c.hosts) {
    size_t hi = hostIndex(take.host);
    for (size_t s = 0; s < config_->sets.size(); ++s) {
      int r = firstRule(s, matched, hi, take.host);
      if (r >= 0) count(s, r, hi, take.host, &take);
    }
  }
  if (c.shared.empty()) return;
  static const std::string kHostless;
  for (size_t s = 0; s < config_->sets.size(); ++s) {
    int r = firstRule(s, matched, npos, kHostless);
    if (r >= 0) count(s, r, npos, kHostless, nullptr);
  }
}

void QuotaState::add(const Consumption& c) {
  apply(c, +1);
}
void QuotaState::remove(const Consumption& c) {
  apply(c, -1);
}

}  // namespace openlim::quota
