// lsquota rows (see quota_report.h).
#include "quota/quota_report.h"

#include <algorithm>
#include <cmath>

#include "config/lines.h"

namespace openlim::quota {

namespace {

constexpr int kHosts = static_cast<int>(FilterKind::kHosts);

// The items of a filter as written, split into positives and exclusions.
void itemsOf(const Filter& f, std::vector<std::string>& in, std::vector<std::string>& out) {
  std::string_view body = f.text;
  if (f.expand && body.size() >= 2) body = body.substr(1, body.size() - 2);
  size_t pos = 0;
  while (true) {
    size_t comma = body.find(',', pos);
    std::string item(config::trim(body.substr(pos, comma == body.npos ? body.npos : comma - pos)));
    if (!item.empty() && item[0] == '!')
      out.push_back(item.substr(1));
    else if (!item.empty())
      in.push_back(item);
    if (comma == body.npos) break;
    pos = comma + 1;
  }
}

std::optional<int64_t> limitAt(const Limit& l, const std::string& host, const HostValues& values) {
  if (l.value) return l.value;
  if (host.empty() || !values) return std::nullopt;
  double sum = 0;
  for (const auto& t : l.dynamic) {
    std::optional<double> x = 1;
    if (!t.resource.empty()) x = values(host, t.resource);
    if (!x) return std::nullopt;
    sum += t.weight * *x;
  }
  return sum <= 0 ? 0 : sum >= 9.2e18 ? INT64_MAX : static_cast<int64_t>(std::floor(sum));
}

class Reporter {
 public:
  Reporter(const QuotaState& state, const ReportQuery& q, const HostValues& values)
      : state_(state),
        q_(q),
        values_(values),
        queried_{&q.user, &q.project, &q.pe, &q.queue, &q.host} {
    hostIndex_ = q.host.empty() ? QuotaState::npos : state.hostIndex(q.host);
    who_ = Consumer{q.user, q.groups, q.project, q.pe, q.queue};
  }

  void rule(size_t s, size_t r, std::vector<ReportRow>& out) const {
    const RuleSet& set = state_.config().sets[s];
    const Rule& rule = set.rules[r];
    if (!matchesQuery(rule)) return;
    std::vector<std::pair<BucketKey, const std::vector<int64_t>*>> keys;
    for (const auto& [key, used] : state_.buckets(state_.flat(s, r)))
      if (agrees(rule, key)) keys.emplace_back(key, &used);
    std::sort(keys.begin(), keys.end(),
              [&](const auto& a, const auto& b) { return less(a.first, b.first); });
    for (const auto& [key, used] : keys) emit(set, rule, key, used, out);
    if (!keys.empty()) return;
    // Nothing held, and the query names every braced member: the limits with 0 used.
    for (int k = 0; k < kFilterKinds; ++k)
      if (rule.filters[k].present && rule.filters[k].expand && queried_[k]->empty()) return;
    emit(set, rule, BucketKey{}, nullptr, out);
  }

 private:
  bool matchesQuery(const Rule& rule) const {
    if (!q_.user.empty() && !userMatches(rule.filter(FilterKind::kUsers), who_)) return false;
    if (!q_.project.empty() && !labelMatches(rule.filter(FilterKind::kProjects), q_.project))
      return false;
    if (!q_.pe.empty() && !labelMatches(rule.filter(FilterKind::kPes), q_.pe)) return false;
    if (!q_.queue.empty() && !labelMatches(rule.filter(FilterKind::kQueues), q_.queue))
      return false;
    return q_.host.empty() || hostMatches(rule.filter(FilterKind::kHosts), hostIndex_, q_.host);
  }

  // The member of braced filter k in a bucket (the query's value for a 0-used row).
  const std::string& member(int k, const BucketKey& key) const {
    if (key.v[k] == -1) return *queried_[k];
    return state_.valueName(static_cast<FilterKind>(k), key.v[k]);
  }

  bool agrees(const Rule& rule, const BucketKey& key) const {
    for (int k = 0; k < kFilterKinds; ++k) {
      if (!rule.filters[k].expand || queried_[k]->empty()) continue;
      const std::string& m = member(k, key);
      if (k == kHosts ? !config::iequals(m, *queried_[k]) : m != *queried_[k]) return false;
    }
    return true;
  }

  bool less(const BucketKey& a, const BucketKey& b) const {
    for (int k = 0; k < kFilterKinds; ++k) {
      if (a.v[k] == b.v[k]) continue;
      return member(k, a) < member(k, b);
    }
    return false;
  }

  void emit(const RuleSet& set, const Rule& rule, const BucketKey& key,
            const std::vector<int64_t>* used, std::vector<ReportRow>& out) const {
    std::string host = rule.filters[kHosts].expand ? member(kHosts, key) : q_.host;
    for (size_t i = 0; i < rule.limits.size(); ++i) {
      const Limit& l = rule.limits[i];
      if (!q_.resource.empty() && q_.resource != l.resource) continue;
      int64_t u = used ? (*used)[i] : 0;
      if (u == 0 && !l.value) continue;
      ReportRow row;
      row.set = set.name;
      row.rule = rule.label();
      row.resource = l.resource;
      row.memory = l.memory;
      row.used = u;
      row.limit = limitAt(l, host, values_);
      row.limitText = l.text;
      for (int k = 0; k < kFilterKinds; ++k) {
        const Filter& f = rule.filters[k];
        if (!f.present) continue;
        if (f.expand)
          row.values[k].push_back(member(k, key));
        else
          itemsOf(f, row.values[k], row.excluded[k]);
      }
      out.push_back(std::move(row));
    }
  }

  const QuotaState& state_;
  const ReportQuery& q_;
  const HostValues& values_;
  const std::string* queried_[kFilterKinds];
  size_t hostIndex_;
  Consumer who_;
};

}  // namespace

std::vector<ReportRow> quotaReport(const QuotaState& state, const ReportQuery& query,
                                   policy::Period period, const HostValues& values) {
  Reporter rep(state, query, values);
  std::vector<ReportRow> out;
  const auto& sets = state.config().sets;
  for (size_t s = 0; s < sets.size(); ++s) {
    if (!inForce(sets[s].enabled, period)) continue;
    for (size_t r = 0; r < sets[s].rules.size(); ++r) rep.rule(s, r, out);
  }
  return out;
}

}  // namespace openlim::quota
