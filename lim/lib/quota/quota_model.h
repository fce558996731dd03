#pragma once
// Resource quota sets (Grid Engine's RQS) as read from $LSF_CONFDIR/lsf.quotas: plain,
// immutable data, bound to one cluster configuration (host groups resolved, resources
// checked, user groups expanded once). See docs/quotas.md for the file and its meaning.
//
// The quota API, in four steps (all pure: no I/O, no clock; `period` comes from the caller's
// calendar):
//   1. quotas_file.h   loadQuotas(text, file, cluster, users)  -> QuotasLoad
//                      (a QuotaConfig plus file:line diagnostics; use it only with no errors)
//   2. quota_state.h   QuotaState state(config); state.add(c) / state.remove(c)
//                      (usage per rule and per expanded member, fed by reservations)
//   3. quota_state.h   Admission a(state, who, period, hostValues, hostText);
//                      a.check(host, take) -> Verdict; a.take(host, take) once placed there;
//                      a.checkShared(amounts) for amounts taken on no host
//   4. quota_report.h  quotaReport(state, query, period, hostValues) -> report (rows);
//                      formatQuotaText / formatQuotaJson / formatQuotaXml
// On reconfiguration build a new QuotaState from the new config and add every held
// reservation again: usage is never revoked, and a lowered limit shows usage above it.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace openlim::quota {

// The five filters of a rule, in the order the file and the report write them.
enum class FilterKind : uint8_t { kUsers, kProjects, kPes, kQueues, kHosts };
inline constexpr int kFilterKinds = 5;
const char* filterKeyword(FilterKind k);  // "users", "projects", "pes", "queues", "hosts"

// One filter of a rule: `users a,@g,!b`, `{...}` for one limit per member, `*`, `!*`.
struct Filter {
  bool present = false;                     // the rule names this filter; absent = no restriction
  bool expand = false;                      // written in braces: each member has its own limit
  bool all = false;                         // `*` (for projects, pes and queues: any given)
  bool noneGiven = false;                   // `!*`: the request names none (projects/pes/queues)
  std::vector<std::string> names;           // positive members as written (no '@' groups)
  std::vector<std::string> groups;          // positive @groups, without '@'
  std::vector<std::string> excluded;        // !name
  std::vector<std::string> excludedGroups;  // !@group, without '@'
  std::string text;                         // as written, for reports ("@staff,!roland")

  // Bound by the reader. Users: members of the named Unix groups (a request's own group
  // list is also consulted). Hosts: the membership of every configured host, by index into
  // ConfigSnapshot::hosts (groups and exclusions applied); hosts outside the configuration
  // match only `*` (othersMatch).
  std::vector<std::vector<std::string>> groupMembers;          // parallel to groups
  std::vector<std::vector<std::string>> excludedGroupMembers;  // parallel to excludedGroups
  std::vector<bool> hostMember;                                // hosts filter only
  bool othersMatch = false;                                    // hosts filter only
};

// `$res*w+…` of a dynamic limit: the sum of terms, each a constant or a host value times a
// weight. Evaluated per host; the result is rounded down and never below 0.
struct DynamicTerm {
  std::string resource;  // empty: a constant term
  double weight = 1;     // signed (a '-' term has a negative weight)
};

// What a limit counts. kSlots, kPerHost and kShared count amounts: slots, a per-host
// consumable, a shared (cluster-wide) consumable. A shared amount is taken with the slots of
// a host, so a rule that names hosts counts it on the host where those slots are. kString
// and kBoolean count nothing: they are conditions on the host's value of the resource
// (`arch=lx24-amd64`, `fs=true`), and a host whose value differs is refused by the rule.
enum class LimitKind : uint8_t { kSlots, kPerHost, kShared, kString, kBoolean };

inline bool isCounted(LimitKind k) {
  return k != LimitKind::kString && k != LimitKind::kBoolean;
}

struct Limit {
  std::string resource;  // "slots" or a resource of lsf.shared
  LimitKind kind = LimitKind::kSlots;
  bool memory = false;               // counted in MB, printed with units
  std::optional<int64_t> value;      // a static limit (in the resource's unit; MB for memory)
  std::vector<DynamicTerm> dynamic;  // a dynamic limit when not empty
  // kString: the value the host must have; kBoolean: "true" or "false". Empty otherwise.
  std::string match;
  std::string text;  // as written ("$num_proc*5", "4G", "lx24-amd64")
};

struct Rule {
  std::string name;  // empty when the rule has none
  int position = 0;  // 1-based within its set
  int line = 0;
  Filter filters[kFilterKinds];
  std::vector<Limit> limits;

  const Filter& filter(FilterKind k) const { return filters[static_cast<int>(k)]; }
  Filter& filter(FilterKind k) { return filters[static_cast<int>(k)]; }
  // The rule's name, else its position ("2"): the RULE of "SET/RULE".
  std::string label() const { return name.empty() ? std::to_string(position) : name; }
};

enum class Enabled : uint8_t { kTrue, kFalse, kPrime, kNonPrime };

struct RuleSet {
  std::string name;
  std::string description;
  Enabled enabled = Enabled::kTrue;
  int line = 0;
  std::vector<Rule> rules;
};

struct QuotaConfig {
  std::vector<RuleSet> sets;       // file order
  std::vector<std::string> hosts;  // the cluster's hosts, as ConfigSnapshot::hosts
};

using QuotaConfigPtr = std::shared_ptr<const QuotaConfig>;

// Bounds: a file past them is refused at the first line over (and reported).
inline constexpr size_t kMaxRuleSets = 1024;
inline constexpr size_t kMaxRulesPerSet = 1024;
inline constexpr size_t kMaxRules = 16384;
inline constexpr size_t kMaxFilterItems = 4096;
inline constexpr size_t kMaxLimitsPerRule = 64;
inline constexpr size_t kMaxDynamicTerms = 16;
inline constexpr size_t kMaxNameBytes = 128;

}  // namespace openlim::quota
