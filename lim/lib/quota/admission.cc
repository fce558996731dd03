// Admission of one request against the quota sets in force (see quota_state.h).
#include "quota/quota_state.h"

namespace openlim::quota {

namespace {

const char* singular(FilterKind k) {
  switch (k) {
    case FilterKind::kUsers:
      return "user";
    case FilterKind::kProjects:
      return "project";
    case FilterKind::kPes:
      return "pe";
    case FilterKind::kQueues:
      return "queue";
    case FilterKind::kHosts:
      break;
  }
  return "host";
}

}  // namespace

std::string formatQuantity(int64_t v, bool memory) {
  if (!memory || v == 0) return std::to_string(v);
  if (v % (1024 * 1024) == 0) return std::to_string(v / (1024 * 1024)) + "T";
  if (v % 1024 == 0) return std::to_string(v / 1024) + "G";
  return std::to_string(v) + "M";
}

std::string Verdict::message() const {
  if (admitted) return "admitted";
  std::string where =
      host.empty() ? "cannot run on cluster" : "cannot run on host \"" + host + "\"";
  std::string limitName = "\"" + set + "/" + rule + "\"";
  if (!wanted.empty()) {
    std::string s = where + " because limit " + limitName + " wants " + resource + "=" + wanted;
    if (!consumer.empty()) s += " for " + consumer;
    return s + (found.empty() ? " (the host does not report " + resource + ")"
                              : " (the host has " + resource + "=" + found + ")");
  }
  if (!unknownValue.empty())
    return where + " because limit " + limitName + " reads " + unknownValue +
           ", which the host does not report";
  std::string s = where + " because it exceeds limit " + limitName + " (" + resource + " " +
                  formatQuantity(used, memory) + "/" + formatQuantity(limit, memory);
  if (!consumer.empty()) s += " for " + consumer;
  return s + ")";
}

std::string Verdict::usage() const {
  if (!wanted.empty()) {
    std::string s = set + "/" + rule + " " + resource + "=" + (found.empty() ? "?" : found) +
                    " (wants " + wanted + ")";
    if (!consumer.empty()) s += " for " + consumer;
    if (found.empty()) s += " (" + resource + " not reported)";
    return s;
  }
  std::string s = set + "/" + rule + " " + resource + " " + formatQuantity(used, memory) + "+" +
                  formatQuantity(requested, memory) + "/";
  s += unknownValue.empty() ? formatQuantity(limit, memory) : "?";
  if (!consumer.empty()) s += " for " + consumer;
  if (!unknownValue.empty()) s += " (" + unknownValue + " not reported)";
  return s;
}

Admission::Admission(const QuotaState& state, Consumer who, policy::Period period,
                     HostValues values, HostText text)
    : state_(state),
      who_(std::move(who)),
      period_(period),
      values_(std::move(values)),
      text_(std::move(text)) {
  matched_ = state_.matchConsumer(who_);
  const std::string* v[] = {&who_.user, &who_.project, &who_.pe, &who_.queue};
  for (int k = 0; k < kFilterKinds - 1; ++k)
    ids_[k] = state_.findValue(static_cast<FilterKind>(k), *v[k], QuotaState::npos);
}

BucketKey Admission::key(const Rule& rule, size_t hostIndex, const std::string& host) const {
  BucketKey key;
  for (int k = 0; k < kFilterKinds; ++k) {
    const Filter& f = rule.filters[k];
    if (!f.present || !f.expand) continue;
    if (k < kFilterKinds - 1) {
      key.v[k] = ids_[k];
      continue;
    }
    key.v[k] = state_.findValue(FilterKind::kHosts, host, hostIndex);
    if (key.v[k] == -2) {  // a host the state never counted: a local id of its own
      auto [it, added] =
          unknownHosts_.emplace(host, -3 - static_cast<int32_t>(unknownHosts_.size()));
      key.v[k] = it->second;
    }
  }
  return key;
}

void Admission::evaluate(const HostTake* take, const std::vector<Amount>* shared, Mode mode,
                         std::vector<Verdict>& out) const {
  static const std::string kHostless;
  const std::string& host = take ? take->host : kHostless;
  size_t hi = take ? state_.hostIndex(host) : QuotaState::npos;
  const auto& sets = state_.config().sets;
  const std::string* values[] = {&who_.user, &who_.project, &who_.pe, &who_.queue, &host};
  for (size_t s = 0; s < sets.size(); ++s) {
    if (!inForce(sets[s].enabled, period_)) continue;
    int r = state_.firstRule(s, matched_, hi, host);
    if (r < 0) continue;
    const Rule& rule = sets[s].rules[static_cast<size_t>(r)];
    size_t flat = state_.flat(s, static_cast<size_t>(r));
    BucketKey k = key(rule, hi, host);
    const Buckets& b = state_.buckets(flat);
    const std::vector<int64_t>* used = b.find(k);
    auto pend = pending_.empty() ? pending_.end() : pending_.find(PendingKey{flat, k});
    for (size_t i = 0; i < rule.limits.size(); ++i) {
      const Limit& l = rule.limits[i];
      // The verdict is built only when it is reported: most limits on most hosts admit.
      bool fits = false;
      int64_t u = 0, req = 0;
      std::optional<int64_t> limit;
      std::optional<std::string> has;  // a string or boolean limit: the host's value
      std::string unknown;
      if (!isCounted(l.kind)) {
        // A condition on the host's value: tested on every host the request would use.
        if (!take) continue;
        if (text_) has = text_(host, l.resource);
        fits = has && *has == l.match;
      } else {
        if (take && l.kind == LimitKind::kSlots) req = take->slots;
        if (take && l.kind != LimitKind::kSlots) req = amountOf(take->amounts, l.resource);
        if (shared && l.kind == LimitKind::kShared) req = amountOf(*shared, l.resource);
        if (req <= 0) continue;
        u = used ? (*used)[i] : 0;
        if (pend != pending_.end())
          u = u > INT64_MAX - pend->second[i] ? INT64_MAX : u + pend->second[i];
        limit = limitOn(l, host, values_, &unknown);
        fits = limit && u <= *limit && req <= *limit - u;
      }
      if (fits && mode != Mode::kEvery) continue;
      Verdict v;
      v.admitted = fits;
      v.used = u;
      v.requested = req;
      v.limit = limit.value_or(0);
      v.unknownValue = std::move(unknown);
      if (!isCounted(l.kind)) {
        v.wanted = l.match;
        v.found = has.value_or("");
      }
      v.host = host;
      v.set = sets[s].name;
      v.rule = rule.label();
      v.resource = l.resource;
      v.memory = l.memory;
      for (int f = 0; f < kFilterKinds; ++f) {
        const Filter& flt = rule.filters[f];
        if (!flt.present) continue;
        if (!v.consumer.empty()) v.consumer += ", ";
        auto kind = static_cast<FilterKind>(f);
        v.consumer += flt.expand ? std::string(singular(kind)) + " " + *values[f]
                                 : std::string(filterKeyword(kind)) + " " + flt.text;
      }
      out.push_back(std::move(v));
      if (mode == Mode::kFirstBlocking) return;
    }
  }
}

Verdict Admission::check(const HostTake& take) const {
  std::vector<Verdict> v;
  evaluate(&take, nullptr, Mode::kFirstBlocking, v);
  if (v.empty()) {
    Verdict ok;
    ok.host = take.host;
    return ok;
  }
  return v.front();
}

std::vector<Verdict> Admission::blocking(const HostTake& take) const {
  std::vector<Verdict> v;
  evaluate(&take, nullptr, Mode::kAllBlocking, v);
  return v;
}

std::vector<Verdict> Admission::explain(const HostTake* take,
                                        const std::vector<Amount>* shared) const {
  // Apart: shared amounts are on no host, so a set's first rule for them is another one.
  std::vector<Verdict> v;
  if (take) evaluate(take, nullptr, Mode::kEvery, v);
  if (shared) evaluate(nullptr, shared, Mode::kEvery, v);
  return v;
}

Verdict Admission::checkShared(const std::vector<Amount>& shared) const {
  std::vector<Verdict> v;
  evaluate(nullptr, &shared, Mode::kFirstBlocking, v);
  return v.empty() ? Verdict{} : v.front();
}

void Admission::take(const HostTake& take) {
  size_t hi = state_.hostIndex(take.host);
  const auto& sets = state_.config().sets;
  for (size_t s = 0; s < sets.size(); ++s) {
    int r = state_.firstRule(s, matched_, hi, take.host);
    if (r < 0) continue;
    const Rule& rule = sets[s].rules[static_cast<size_t>(r)];
    size_t flat = state_.flat(s, static_cast<size_t>(r));
    auto& p = pending_[PendingKey{flat, key(rule, hi, take.host)}];
    p.resize(rule.limits.size(), 0);
    for (size_t i = 0; i < rule.limits.size(); ++i) {
      const Limit& l = rule.limits[i];
      if (l.kind == LimitKind::kSlots) p[i] += std::max<int64_t>(take.slots, 0);
      if (l.kind == LimitKind::kPerHost || l.kind == LimitKind::kShared)
        p[i] += amountOf(take.amounts, l.resource);
    }
  }
}

}  // namespace openlim::quota
