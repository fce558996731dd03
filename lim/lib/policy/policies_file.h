#pragma once
// The lsf.policies file: named host-selection policies in the NLB syntax.
//
//   policy: NAME
//   constraint: <boolean expression>    zero or more; a host must satisfy every one, in order
//   sort: <arithmetic expression>       the host with the largest value comes first; more
//                                       sort lines break the ties of the ones before
//   count: N                            at most N hosts (a positive integer)
//   when: prime | non_prime | dedicated | all    the periods the policy may be used in
//   band: P                             percent 0-100: hosts whose primary sort value is
//                                       within P% of the best are used in turn (round-robin)
//   load_balancing: true | false        PBS load balancing on the projected r1m (docs/rating.md)
//
// count, band and load_balancing may end with a period word, prime, non_prime or all (PBS's
// sched_config third field): the value then holds in that period only; a period's own value
// wins over `all`, and dedicated time reads `all`.
//
// '#' starts a comment, a trailing '\' continues a line, keywords and policy names are
// case-insensitive, and the first policy is the default.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "openlim/config.h"
#include "policy/nlb_expr.h"

namespace openlim::policy {

// When a policy may be chosen. kAll means prime and non-prime time: dedicated time belongs
// to the policies written for it (as PBS runs only dedicated queues then).
enum class When : uint8_t { kAll, kPrime, kNonPrime, kDedicated };
const char* whenName(When w);

// The period an option line names (its trailing word); kAll without one.
enum class OptionPeriod : uint8_t { kAll, kPrime, kNonPrime };
const char* optionPeriodName(OptionPeriod p);

// An option whose value may differ by period.
template <class T>
struct PeriodOption {
  T all{};  // without a period word, or with `all`
  std::optional<T> prime, nonPrime;
  // The value in force in a period (kAll: dedicated time).
  T in(OptionPeriod p) const {
    if (p == OptionPeriod::kPrime && prime) return *prime;
    if (p == OptionPeriod::kNonPrime && nonPrime) return *nonPrime;
    return all;
  }
  // Whether any period sets a value other than `unset`.
  bool ever(const T& unset) const {
    return all != unset || (prime && *prime != unset) || (nonPrime && *nonPrime != unset);
  }
};

struct PolicyExpression {
  std::shared_ptr<const Expr> root;  // shared so that policies copy cheaply into snapshots
  std::string text;                  // as written (continuations joined)
  int line = 0;
};

struct Policy {
  std::string name;  // as written
  int line = 0;      // of the `policy:` line
  std::vector<PolicyExpression> constraints;
  // The first is the primary key, later ones break its ties (largest first each); none:
  // hosts keep the order of their names.
  std::vector<PolicyExpression> sorts;
  PeriodOption<int> count;  // 0 = no limit
  When when = When::kAll;
  PeriodOption<double> band{-1, {}, {}};  // percent 0-100; < 0 = no band
  PeriodOption<bool> loadBalancing;
};

class PolicySet {
 public:
  const std::vector<Policy>& policies() const { return policies_; }
  bool empty() const { return policies_.empty(); }
  // Case-insensitive lookup; nullptr when there is no such policy.
  const Policy* find(std::string_view name) const;
  // The first policy of the file; nullptr when there are none.
  const Policy* first() const { return policies_.empty() ? nullptr : &policies_.front(); }
  void add(Policy p) { policies_.push_back(std::move(p)); }

 private:
  std::vector<Policy> policies_;
};

struct PoliciesLoad {
  PolicySet set;                        // every policy that parsed; check errors() first
  std::vector<Diagnostic> diagnostics;  // file:line: message, in line order
  int errors() const;
};

// Limits: more policies or constraints than these are refused (the rest of the file is
// still checked, so every problem is reported).
inline constexpr size_t kMaxPolicies = 1024;
inline constexpr size_t kMaxConstraintsPerPolicy = 256;
inline constexpr size_t kMaxSortsPerPolicy = 16;
inline constexpr size_t kMaxPolicyNameBytes = 64;

// Parses the text of a policies file; `file` names it in diagnostics. Never throws.
PoliciesLoad parsePolicies(std::string_view text, const std::string& file);

// Every attribute name read by any expression of the set (upper case, first use first).
std::vector<std::string> attributesRead(const PolicySet& set);

}  // namespace openlim::policy
