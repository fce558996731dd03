#pragma once
// Lowers an NLB policy expression (policy/nlb_expr.h) onto the resource-requirement engine's
// bound tree (resreq/bound.h), which resreq::compileTerm turns into the same register program
// `select[]` runs: one evaluator for both languages.
//
// How names read (case-insensitive; the first rule that applies):
//   AGE                 seconds since the master last received the host's report
//   JOB_*               the request's job attribute (-a); unknown when the request lacks it
//   a resource          any resource of the configuration, as in select[] (run queues
//                       normalised): built-ins, lsf.shared, averaged A_<index>, collected NLB_*
//   NLB name on an index  NLB_IDLECPU = (1 - ut) * 100, NLB_FREEMEM = mem KB, NLB_PHYSMEM =
//                       maxmem KB, NLB_SWAPFREE = swp, NLB_SWAPSIZE = maxswp, NLB_FREETMP = tmp
//                       (MB), NLB_NCPUS = ncpus, NLB_RUNQLEN = raw r15s, NLB_IOTOTAL = io,
//                       NLB_KEYIDLE = it, NLB_HOST = the host name, NLB_TIMESTAMP = when its
//                       last report arrived; NLB_A_<X> is the same over A_<index> (unknown when
//                       the configuration has no such average)
//   NLB name without a Linux source  (NLB_SYSCALLS, NLB_SWAPPING, NLB_RUNQOCC ...): unknown
// Anything else is an error (kNotFound "unknown attribute <X>").
//
// Semantics: three-valued as select[] (ops.h); `^` is a logical exclusive or (unknown when a
// side is), `a => b` is `!a || b`; string == and != ignore case; `[a == "re"]` is a
// case-insensitive, unanchored POSIX extended match; exists() is never unknown.

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "openlim/config.h"
#include "openlim/status.h"
#include "policy/nlb_expr.h"
#include "resreq/bound.h"

namespace openlim::policy {

// Resource names of a configuration in upper case, for case-insensitive lookup.
class AttributeIndex {
 public:
  explicit AttributeIndex(const ConfigSnapshot& config);
  int find(const std::string& upperName) const;  // resource slot, -1 when none
  const ConfigSnapshot& config() const { return config_; }

 private:
  const ConfigSnapshot& config_;
  std::unordered_map<std::string, int> slots_;
};

// Job attribute names (upper case, JOB_ prefixed) to slots of a request's value vector.
class JobSlots {
 public:
  int slot(const std::string& upperName);  // adds the name on first use
  const std::vector<std::string>& names() const { return names_; }

 private:
  std::vector<std::string> names_;
};

struct LowerContext {
  const AttributeIndex& names;
  JobSlots& jobs;
  std::map<std::string, resreq::StringMatchPtr>* regexCache = nullptr;  // pattern -> compiled
};

// A constraint: a truth (a number reads as true when non-zero).
Result<resreq::BNodePtr> lowerCondition(const Expr& e, LowerContext& ctx);
// A sort: a number (a truth reads as 0 or 1).
Result<resreq::BNodePtr> lowerNumber(const Expr& e, LowerContext& ctx);
// One attribute as it reads (a number or a string leaf), for explain.
Result<resreq::BNodePtr> lowerAttribute(const std::string& upperName, LowerContext& ctx);

// The NLB names openlim computes (NLB_HOST, NLB_IDLECPU ..., NLB_A_IDLECPU ..., NLB_TIMESTAMP),
// in the order `lspolicy -d` prints them.
std::vector<std::string> computedNlbNames();

// True for the NLB names Linux has no source for (always unknown unless a resource).
bool isUnavailableNlbName(const std::string& upperName);

}  // namespace openlim::policy
