// lsquota rows (see quota_report.h).
#include "quota/quota_report.h"

#include <algorithm>
#include <array>
#include <bit>
#include <unordered_map>

#include "config/lines.h"

namespace openlim::quota {

namespace {

constexpr int kHosts = static_cast<int>(FilterKind::kHosts);

// The items of a filter as written, positives first, then exclusions.
void itemsOf(FilterKind kind, const Filter& f, std::vector<ReportRow::Item>& items) {
  size_t first = items.size();
  std::string_view body = f.text;
  if (f.expand && body.size() >= 2) body = body.substr(1, body.size() - 2);
  size_t pos = 0;
  while (true) {
    size_t comma = body.find(',', pos);
    std::string_view item =
        config::trim(body.substr(pos, comma == body.npos ? body.npos : comma - pos));
    if (!item.empty() && item[0] == '!')
      items.push_back(ReportRow::Item{kind, true, item.substr(1)});
    else if (!item.empty())
      items.push_back(ReportRow::Item{kind, false, item});
    if (comma == body.npos) break;
    pos = comma + 1;
  }
  std::stable_partition(items.begin() + static_cast<std::ptrdiff_t>(first), items.end(),
                        [](const ReportRow::Item& i) { return !i.excluded; });
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
    std::vector<Entry> keys;
    for (const auto& [key, used] : state_.buckets(state_.flat(s, r)))
      if (agrees(rule, key)) keys.push_back(Entry{{}, key, &used});
    sortEntries(rule, keys);
    const std::string_view label = state_.label(state_.flat(s, r));
    for (const auto& e : keys) emit(set, rule, label, e.key, e.used, out);
    if (!keys.empty()) return;
    // Nothing held, and the query names every braced member: the limits with 0 used.
    for (int k = 0; k < kFilterKinds; ++k)
      if (rule.filters[k].present && rule.filters[k].expand && queried_[k]->empty()) return;
    emit(set, rule, label, BucketKey{}, nullptr, out);
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
  const std::string& member(int k, const BucketKey& key) const { return member(k, key.v[k]); }
  const std::string& member(int k, int32_t id) const {
    if (id == -1) return *queried_[k];
    return state_.valueName(static_cast<FilterKind>(k), id);
  }

  bool agrees(const Rule& rule, const BucketKey& key) const {
    for (int k = 0; k < kFilterKinds; ++k) {
      if (!rule.filters[k].expand || queried_[k]->empty()) continue;
      const std::string& m = member(k, key);
      if (k == kHosts ? !config::iequals(m, *queried_[k]) : m != *queried_[k]) return false;
    }
    return true;
  }

  struct Entry {
    std::array<int64_t, kFilterKinds> rank;
    BucketKey key;
    const std::vector<int64_t>* used;
  };

  // Buckets by member name, except configured hosts, which keep the configuration's order.
  // Each value is ranked once, so a report of 10,000 buckets sorts on integers: packed into
  // one 64-bit key when the ranks fit (they do for any real cluster), else compared in turn.
  void sortEntries(const Rule& rule, std::vector<Entry>& keys) const {
    const int64_t hosts = static_cast<int64_t>(state_.config().hosts.size());
    int bits = 0;
    int width[kFilterKinds] = {};  // bits of kind k's ranks (0: not braced)
    for (int k = 0; k < kFilterKinds; ++k) {
      if (!rule.filters[k].expand) continue;
      std::vector<int32_t> named;  // distinct ids ranked by name
      for (const auto& e : keys)
        if (!(k == kHosts && state_.isConfiguredHost(e.key.v[k]))) named.push_back(e.key.v[k]);
      std::sort(named.begin(), named.end());
      named.erase(std::unique(named.begin(), named.end()), named.end());
      std::sort(named.begin(), named.end(),
                [&](int32_t a, int32_t b) { return member(k, a) < member(k, b); });
      std::unordered_map<int32_t, int64_t> rankOf;
      rankOf.reserve(named.size());
      for (size_t i = 0; i < named.size(); ++i)
        rankOf.emplace(named[i], hosts + static_cast<int64_t>(i));
      for (auto& e : keys) {
        int32_t id = e.key.v[k];
        e.rank[k] = k == kHosts && state_.isConfiguredHost(id) ? id : rankOf[id];
      }
      width[k] = std::bit_width(static_cast<uint64_t>(hosts) + named.size());
      bits += width[k];
    }
    if (bits > 64) {
      std::sort(keys.begin(), keys.end(),
                [](const Entry& a, const Entry& b) { return a.rank < b.rank; });
      return;
    }
    std::vector<std::pair<uint64_t, uint32_t>> packed(keys.size());
    for (size_t i = 0; i < keys.size(); ++i) {
      uint64_t p = 0;
      for (int k = 0; k < kFilterKinds; ++k)
        if (width[k] > 0) p = (width[k] >= 64 ? 0 : p << width[k]) | uint64_t(keys[i].rank[k]);
      packed[i] = {p, static_cast<uint32_t>(i)};
    }
    std::sort(packed.begin(), packed.end());
    std::vector<Entry> sorted;
    sorted.reserve(keys.size());
    for (const auto& [p, i] : packed) sorted.push_back(keys[i]);
    keys.swap(sorted);
  }

  void emit(const RuleSet& set, const Rule& rule, std::string_view label, const BucketKey& key,
            const std::vector<int64_t>* used, std::vector<ReportRow>& out) const {
    const std::string& host = rule.filters[kHosts].expand ? member(kHosts, key) : q_.host;
    for (size_t i = 0; i < rule.limits.size(); ++i) {
      const Limit& l = rule.limits[i];
      if (!isCounted(l.kind)) continue;  // a value to match (arch=...): no usage to report
      if (!q_.resource.empty() && q_.resource != l.resource) continue;
      int64_t u = used ? (*used)[i] : 0;
      if (u == 0 && !l.value) continue;
      ReportRow row;
      row.set = set.name;
      row.rule = label;
      row.resource = l.resource;
      row.memory = l.memory;
      row.used = u;
      row.limit = host.empty() && !l.value ? std::nullopt : limitOn(l, host, values_);
      row.limitText = l.text;
      for (int k = 0; k < kFilterKinds; ++k) {
        const Filter& f = rule.filters[k];
        if (!f.present) continue;
        auto kind = static_cast<FilterKind>(k);
        if (f.expand)
          row.filter.push_back(ReportRow::Item{kind, false, member(k, key)});
        else
          itemsOf(kind, f, row.filter);
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
  size_t bound = 0;  // rows can be at most this many (rows move dearly when the vector grows)
  for (size_t s = 0; s < sets.size(); ++s)
    for (size_t r = 0; r < sets[s].rules.size(); ++r)
      bound += (state.buckets(state.flat(s, r)).size() + 1) * sets[s].rules[r].limits.size();
  out.reserve(bound);
  for (size_t s = 0; s < sets.size(); ++s) {
    if (!inForce(sets[s].enabled, period)) continue;
    for (size_t r = 0; r < sets[s].rules.size(); ++r) rep.rule(s, r, out);
  }
  return out;
}

}  // namespace openlim::quota
