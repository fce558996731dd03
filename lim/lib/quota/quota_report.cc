// lsquota rows (see quota_report.h).
#include "quota/quota_report.h"

#include <algorithm>
#include <array>
#include <bit>
#include <unordered_map>

#include "config/lines.h"
#include "util/wildcard.h"

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

// One option of the query, split once into exact names and wildcard patterns, each once
// (`-u alice,alice` lists alice once). Hosts compare without case.
struct QueryList {
  bool given = false;
  std::vector<const std::string*> names;
  std::vector<const std::string*> patterns;

  // Each bucket member is judged once per report (see Verdicts): a scan is cheap enough.
  bool matches(const std::string& v, bool host) const {
    for (const std::string* n : names)
      if (host ? config::iequals(*n, v) : *n == v) return true;
    for (const std::string* p : patterns)
      if (wildcardMatch(*p, v, host)) return true;
    return false;
  }
};

// Whether a bucket member's id agrees with the query, remembered: ids below kDense (users,
// labels and configured hosts of any real cluster) in a flat table, others in a map.
class Verdicts {
 public:
  // -1: not judged yet; else 0 or 1.
  int get(int32_t id) const {
    if (id >= 0 && id < kDense) return static_cast<size_t>(id) < dense_.size() ? dense_[id] : -1;
    auto it = sparse_.find(id);
    return it == sparse_.end() ? -1 : it->second;
  }
  void set(int32_t id, bool v) {
    if (id >= 0 && id < kDense) {
      if (static_cast<size_t>(id) >= dense_.size()) dense_.resize(static_cast<size_t>(id) + 1, -1);
      dense_[static_cast<size_t>(id)] = v;
    } else {
      sparse_[id] = v;
    }
  }

 private:
  static constexpr int32_t kDense = 1 << 16;
  std::vector<int8_t> dense_;
  std::unordered_map<int32_t, int8_t> sparse_;
};

class Reporter {
 public:
  Reporter(const QuotaState& state, const ReportQuery& q, const HostValues& values)
      : state_(state), values_(values) {
    const std::vector<std::string>* lists[kFilterKinds] = {&q.users, &q.projects, &q.pes, &q.queues,
                                                           &q.hosts};
    for (int k = 0; k < kFilterKinds; ++k) split(*lists[k], k == kHosts, lists_[k]);
    split(q.resources, false, resources_);
    for (const std::string* h : lists_[kHosts].names) hostIndex_.push_back(state.hostIndex(*h));
    const auto& hosts = state.config().hosts;
    for (const std::string* p : lists_[kHosts].patterns) {
      std::vector<size_t>& in = hostsOf_.emplace_back();
      for (size_t i = 0; i < hosts.size(); ++i)
        if (wildcardMatch(*p, hosts[i], true)) in.push_back(i);
    }
    // The one host the query names, for the limits of rules without braced hosts.
    if (q.hosts.size() == 1 && lists_[kHosts].names.size() == 1) host_ = &q.hosts[0];
  }

  void rule(size_t s, size_t r, std::vector<ReportRow>& out) {
    const RuleSet& set = state_.config().sets[s];
    const Rule& rule = set.rules[r];
    if (!matchesQuery(rule)) return;
    std::vector<Entry> keys;
    for (const auto& [key, used] : state_.buckets(state_.flat(s, r)))
      if (agrees(rule, key)) keys.push_back(Entry{{}, key, &used});
    sortEntries(rule, keys);
    const std::string_view label = state_.label(state_.flat(s, r));
    const std::string* names[kFilterKinds] = {};
    for (const auto& e : keys) {
      for (int k = 0; k < kFilterKinds; ++k)
        if (rule.filters[k].expand) names[k] = &member(k, e.key.v[k]);
      emit(set, rule, label, names, e.used, out);
    }
    zeroRows(set, rule, label, keys, out);
  }

 private:
  struct Entry {
    std::array<int64_t, kFilterKinds> rank;
    BucketKey key;
    const std::vector<int64_t>* used;
  };

  // REQUIRES: at most a few hundred items (the request's bound): duplicates are found by a
  // scan.
  static void split(const std::vector<std::string>& items, bool host, QueryList& l) {
    l.given = !items.empty();
    for (const std::string& v : items) {
      auto& to = hasWildcard(v) ? l.patterns : l.names;
      bool seen = false;
      for (const std::string* x : to) seen = seen || (host ? config::iequals(*x, v) : *x == v);
      if (!seen) to.push_back(&v);
    }
  }

  // Does filter k admit this exact name?
  bool admits(int k, const Filter& f, size_t i) const {
    const std::string& v = *lists_[k].names[i];
    switch (static_cast<FilterKind>(k)) {
      case FilterKind::kUsers:
        return userMatches(f, Consumer{v, {}, "", "", ""});
      case FilterKind::kHosts:
        return hostMatches(f, hostIndex_[i], v);
      default:
        return labelMatches(f, v);
    }
  }

  // Could filter k admit some value that pattern i matches? Its named members (users: and
  // the members of its groups; hosts: the configured hosts it holds) are tried; `*` and
  // exclusions alone admit unnamed values too.
  bool mayAdmit(int k, const Filter& f, size_t i) const {
    if (!f.present) return true;
    const std::string& p = *lists_[k].patterns[i];
    if (k == kHosts) {
      if (f.othersMatch) return true;
      for (size_t h : hostsOf_[i])
        if (f.hostMember[h]) return true;
      return false;
    }
    if (f.all) return true;
    for (const auto& n : f.names)
      if (wildcardMatch(p, n)) return true;
    for (const auto& members : f.groupMembers)
      for (const auto& n : members)
        if (wildcardMatch(p, n)) return true;
    return false;
  }

  bool matchesQuery(const Rule& rule) const {
    for (int k = 0; k < kFilterKinds; ++k) {
      const QueryList& l = lists_[k];
      if (!l.given) continue;
      const Filter& f = rule.filters[k];
      bool any = false;
      for (size_t i = 0; i < l.names.size() && !any; ++i) any = admits(k, f, i);
      for (size_t i = 0; i < l.patterns.size() && !any; ++i) any = mayAdmit(k, f, i);
      if (!any) return false;
    }
    return true;
  }

  const std::string& member(int k, int32_t id) const {
    return state_.valueName(static_cast<FilterKind>(k), id);
  }

  // Is a bucket's member of every braced filter one the query names or matches? Each value
  // is judged once per report.
  bool agrees(const Rule& rule, const BucketKey& key) {
    for (int k = 0; k < kFilterKinds; ++k) {
      if (!rule.filters[k].expand || !lists_[k].given) continue;
      int v = agreed_[k].get(key.v[k]);
      if (v < 0) {
        v = lists_[k].matches(member(k, key.v[k]), k == kHosts);
        agreed_[k].set(key.v[k], v);
      }
      if (!v) return false;
    }
    return true;
  }

  // The rows of static limits for the name combinations the query gives for the braced
  // filters that hold nothing yet (`lsquota -u alice` shows `users {*}` at 0/20). Only when
  // the query names a value for every braced filter, and only the names each filter admits.
  void zeroRows(const RuleSet& set, const Rule& rule, std::string_view label,
                const std::vector<Entry>& keys, std::vector<ReportRow>& out) const {
    std::vector<int> braced;
    std::vector<std::vector<size_t>> admitted;  // per braced kind: indexes into its names
    for (int k = 0; k < kFilterKinds; ++k) {
      if (!rule.filters[k].expand) continue;
      auto& a = admitted.emplace_back();
      for (size_t i = 0; i < lists_[k].names.size(); ++i)
        if (admits(k, rule.filters[k], i)) a.push_back(i);
      if (a.empty()) return;
      braced.push_back(k);
    }
    std::vector<std::array<int32_t, kFilterKinds>> shown;  // sorted, for binary search
    shown.reserve(keys.size());
    for (const auto& e : keys) shown.push_back(bracedIds(braced, e.key.v));
    std::sort(shown.begin(), shown.end());
    std::vector<size_t> at(braced.size(), 0);  // the combination, as an odometer
    while (true) {
      const std::string* names[kFilterKinds] = {};
      std::array<int32_t, kFilterKinds> ids{};
      for (size_t b = 0; b < braced.size(); ++b) {
        int k = braced[b];
        size_t i = admitted[b][at[b]];
        names[k] = lists_[k].names[i];
        size_t hi = k == kHosts ? hostIndex_[i] : QuotaState::npos;
        ids[k] = state_.findValue(static_cast<FilterKind>(k), *names[k], hi);
        if (hi != QuotaState::npos) names[k] = &member(k, ids[k]);  // as configured
      }
      if (!std::binary_search(shown.begin(), shown.end(), bracedIds(braced, ids.data())))
        emit(set, rule, label, names, nullptr, out);
      size_t b = braced.size();  // the last filter's names turn fastest
      for (; b > 0 && ++at[b - 1] == admitted[b - 1].size(); --b) at[b - 1] = 0;
      if (b == 0) return;
    }
  }

  static std::array<int32_t, kFilterKinds> bracedIds(const std::vector<int>& braced,
                                                     const int32_t* v) {
    std::array<int32_t, kFilterKinds> out;
    out.fill(-1);
    for (int k : braced) out[static_cast<size_t>(k)] = v[k];
    return out;
  }

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

  bool resourceListed(const std::string& resource) const {
    return !resources_.given || resources_.matches(resource, false);
  }

  // names[k]: the member of braced filter k (null for the others).
  void emit(const RuleSet& set, const Rule& rule, std::string_view label,
            const std::string* const names[kFilterKinds], const std::vector<int64_t>* used,
            std::vector<ReportRow>& out) const {
    static const std::string kNone;
    const std::string& host = rule.filters[kHosts].expand ? *names[kHosts] : host_ ? *host_ : kNone;
    for (size_t i = 0; i < rule.limits.size(); ++i) {
      const Limit& l = rule.limits[i];
      if (!isCounted(l.kind)) continue;  // a value to match (arch=...): no usage to report
      if (!resourceListed(l.resource)) continue;
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
          row.filter.push_back(ReportRow::Item{kind, false, *names[k]});
        else
          itemsOf(kind, f, row.filter);
      }
      out.push_back(std::move(row));
    }
  }

  const QuotaState& state_;
  const HostValues& values_;
  QueryList lists_[kFilterKinds];
  QueryList resources_;
  std::vector<size_t> hostIndex_;             // per -h name: its config index (or npos)
  std::vector<std::vector<size_t>> hostsOf_;  // per -h pattern: the config hosts it matches
  const std::string* host_ = nullptr;         // the one -h name, when only one is given
  Verdicts agreed_[kFilterKinds];             // member id -> agrees
};

}  // namespace

QuotaReport quotaReport(const QuotaState& state, ReportQuery query, policy::Period period,
                        const HostValues& values) {
  QuotaReport report;
  report.query = std::make_unique<const ReportQuery>(std::move(query));
  Reporter rep(state, *report.query, values);
  std::vector<ReportRow>& out = report.rows;
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
  return report;
}

}  // namespace openlim::quota
