#pragma once
// Quota usage and admission (Grid Engine's RQS semantics), pure and incremental.
//
// QuotaState counts what reservations hold, per rule and, for filters in braces, per
// member (`users {*}`: one count per user). A reservation is counted, in every rule set, by
// the first rule that matches it, host by host: add() and remove() cost the rules scanned
// to find those first matches, never a rescan of other reservations. Counting ignores
// `enabled` (a set that wakes up at prime time sees what is already held).
//
// Admission answers for one request, host by host: every set enabled in the period must
// admit (the most restrictive wins); inside a set, the first rule that matches the request
// on that host is the set's limit. It also counts what the request already took on other
// hosts, so a 16-slot request is checked as a whole.
//
//   QuotaState state(config);                    // after loadQuotas() with no errors
//   state.add(reservation);                      // each held reservation
//   Admission a(state, who, period, hostValues, hostText);
//   for (host : candidates) {
//     Verdict v = a.check(take);                 // take = {host, slots, amounts taken there}
//     if (v.admitted) a.take(take); else skip the host (v.message() says why)
//   }
//   a.checkShared(amounts);                      // amounts taken on no host
//   state.add(reservation); ... state.remove(reservation) on release or expiry.
//
// A HostTake holds every amount taken with the host's slots, those of shared resources
// (lsf.shared resources mapped to [all] or host sets: licences) included. As in Grid Engine,
// a shared amount is counted where the slots that take it are: a rule that names hosts
// counts it on that host (`hosts {@lx} to compiler_lic=$ncpus` is a licence limit per
// host), a rule without hosts counts the sum over the hosts. Consumption::shared and
// checkShared() are for amounts taken on no host at all, which only rules without a hosts
// filter count. Amounts are counted in whole units of the resource (MB for memory), rounded
// up.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "policy/calendar.h"
#include "quota/bucket_table.h"
#include "quota/quota_model.h"

namespace openlim::quota {

struct Consumer {
  std::string user;
  std::vector<std::string> groups;  // the user's Unix groups when known (else empty)
  std::string project, pe, queue;   // empty: none given
};

struct Amount {
  std::string resource;
  double value = 0;
};

struct HostTake {
  std::string host;
  int64_t slots = 0;
  std::vector<Amount> amounts;  // taken with these slots: per-host and shared resources
};

// What one reservation holds (or one request asks for).
struct Consumption {
  Consumer who;
  std::vector<HostTake> hosts;
  std::vector<Amount> shared;
};

// The total of `resource` in amounts, in whole units rounded up (0 when absent).
int64_t amountOf(const std::vector<Amount>& amounts, const std::string& resource);

// A host's value of a numeric resource (ncpus...), for dynamic limits; nullopt when unknown.
using HostValues =
    std::function<std::optional<double>(const std::string& host, const std::string& resource)>;
// A host's value of a string resource, or "true" / "false" for a boolean one (whether the
// host has it), for limits on them; nullopt when unknown.
using HostText =
    std::function<std::optional<std::string>(const std::string& host, const std::string& resource)>;

// A limit on a host: the static value, or the dynamic terms over the host's values (rounded
// down, never below 0); nullopt when the host does not report a value (unknown names it).
std::optional<int64_t> limitOn(const Limit& l, const std::string& host, const HostValues& values,
                               std::string* unknown = nullptr);

// One filter against one consumer value (an absent filter matches everything).
bool userMatches(const Filter& f, const Consumer& who);
bool labelMatches(const Filter& f, const std::string& value);  // projects, pes, queues
// host empty: host-less (shared) consumption, which only an absent hosts filter matches.
bool hostMatches(const Filter& f, size_t hostIndex, const std::string& host);

// Is a set in force in this period? (`enabled prime` only in prime time; dedicated time is
// neither prime nor non-prime, so only `enabled true` sets apply then.)
bool inForce(Enabled e, policy::Period period);

using Buckets = BucketTable;
static_assert(kBucketKeyValues == kFilterKinds, "one bucket key value per filter kind");

class QuotaState {
 public:
  explicit QuotaState(QuotaConfigPtr config);

  void add(const Consumption& c);
  // REQUIRES: c was added (the same consumers, hosts and amounts).
  void remove(const Consumption& c);

  const QuotaConfig& config() const { return *config_; }
  // Flat index of set s's rule r (rules of all sets in file order).
  size_t flat(size_t set, size_t rule) const { return base_[set] + rule; }
  // Usage of a rule: bucket -> counts parallel to the rule's limits.
  const Buckets& buckets(size_t flatRule) const { return usage_[flatRule]; }
  // Rule::label() of a flat rule, kept for as long as the state.
  const std::string& label(size_t flatRule) const { return labels_[flatRule]; }
  // The name of a bucket value of filter k ("" for none given).
  const std::string& valueName(FilterKind k, int32_t id) const;

  // Matching, shared with Admission and the report.
  std::vector<bool> matchConsumer(const Consumer& who) const;  // per flat rule
  // First rule of set s matching a consumer already matched and a host (by config index,
  // or npos with its name); -1 when none. host empty: host-less (shared) consumption.
  int firstRule(size_t set, const std::vector<bool>& matched, size_t hostIndex,
                const std::string& host) const;
  size_t hostIndex(const std::string& host) const;  // npos when not a configured host
  // Id of a value (find: -2 when never seen).
  int32_t findValue(FilterKind k, const std::string& v, size_t hostIndex) const;
  int32_t internValue(FilterKind k, const std::string& v, size_t hostIndex);
  static constexpr size_t npos = static_cast<size_t>(-1);
  // Whether a hosts bucket value is a configured host (its id is then its config index).
  bool isConfiguredHost(int32_t id) const {
    return id >= 0 && static_cast<size_t>(id) < config_->hosts.size();
  }

 private:
  void apply(const Consumption& c, int sign);

  QuotaConfigPtr config_;
  std::vector<size_t> base_;
  std::vector<Buckets> usage_;
  std::vector<std::string> labels_;
  std::unordered_map<std::string, size_t> hostIndex_;  // lower-case name -> config index
  std::unordered_map<std::string, size_t> hostExact_;  // configured name -> config index
  std::unordered_map<std::string, int32_t> ids_;       // consumer values and other hosts
  std::vector<std::string> names_;
};

struct Verdict {
  bool admitted = true;
  std::string host;  // empty: the shared (cluster-wide) check
  std::string set;
  std::string rule;  // the rule's name or 1-based position
  std::string resource;
  bool memory = false;
  int64_t used = 0, limit = 0, requested = 0;
  std::string consumer;      // "user alice", "users roland,andre", "" when unfiltered
  std::string unknownValue;  // a dynamic limit's resource the host does not report
  // A limit on a string or boolean resource: the value it wants, and the host's ("" when
  // the host does not report one). Empty `wanted` for the counted limits.
  std::string wanted, found;
  // `cannot run on host "hostA" because it exceeds limit "max_slots_per_user/2" (slots
  // 20/20 for user alice)`; `cannot run on host "sol1" because limit "rs/arch_rule" wants
  // arch=lx24-amd64 for users @eng (the host has arch=sol-sparc64)`; "admitted" when
  // admitted.
  std::string message() const;
  // What the limit counts, admitted or not: `max_slots_per_user/2 slots 17+2/20 for user
  // alice` (used + requested / limit; "?" and what the host does not report for a dynamic
  // limit it cannot give); for a string or boolean limit `rs/arch_rule arch=sol-sparc64
  // (wants lx24-amd64) for users @eng` ("arch=?" and "(arch not reported)" when unknown).
  std::string usage() const;
};

class Admission {
 public:
  // REQUIRES: state outlives the admission and is not changed while it is in use.
  // `text` answers string and boolean limits; without it a host's value is unknown there.
  Admission(const QuotaState& state, Consumer who, policy::Period period, HostValues values,
            HostText text = nullptr);

  // Would taking `take` on its host (on top of what this request took) stay within every
  // set in force? The first blocking limit, in set order, else admitted.
  Verdict check(const HostTake& take) const;
  // Every blocking limit on that host (for --explain); empty when admitted.
  std::vector<Verdict> blocking(const HostTake& take) const;
  // Every limit in force that counts what the request asks for on that host (take) or
  // across the cluster (shared), admitting or blocking, in set order (--explain). Either
  // may be null.
  std::vector<Verdict> explain(const HostTake* take, const std::vector<Amount>* shared) const;
  // Counts `take` as this request's (after check() admitted it).
  void take(const HostTake& take);
  // The same for the request's shared amounts (rules without a hosts filter).
  Verdict checkShared(const std::vector<Amount>& shared) const;

 private:
  enum class Mode { kFirstBlocking, kAllBlocking, kEvery };
  void evaluate(const HostTake* take, const std::vector<Amount>* shared, Mode mode,
                std::vector<Verdict>& out) const;
  BucketKey key(const Rule& rule, size_t hostIndex, const std::string& host) const;

  const QuotaState& state_;
  Consumer who_;
  policy::Period period_;
  HostValues values_;
  HostText text_;
  std::vector<bool> matched_;
  int32_t ids_[kFilterKinds - 1];  // user, project, pe, queue ids in the state
  struct PendingKey {
    size_t rule;
    BucketKey key;
    bool operator==(const PendingKey& o) const { return rule == o.rule && key == o.key; }
  };
  struct PendingHash {
    size_t operator()(const PendingKey& k) const { return BucketKeyHash()(k.key) * 31 + k.rule; }
  };
  std::unordered_map<PendingKey, std::vector<int64_t>, PendingHash> pending_;
  mutable std::unordered_map<std::string, int32_t> unknownHosts_;  // hosts the state never saw
};

// A quantity in the resource's unit: memory (MB) with a unit ("4G", "512M"), else digits.
std::string formatQuantity(int64_t v, bool memory);

}  // namespace openlim::quota
