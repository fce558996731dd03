#pragma once
// Evaluating a policy request: which policy applies now (calendar), which status-ok hosts
// pass its constraints (and a -R select), in the order of its sorts (then the -R order keys,
// then host names), cut to its count. Pure: the caller passes the snapshot and the time. The
// master, `lspolicy --from`, `lsplace -p` and `lsload -p` all come through here.

#include <string>
#include <vector>

#include "openlim/host_table.h"
#include "openlim/resreq.h"
#include "openlim/status.h"
#include "placement/rating_table.h"
#include "placement/sort_band.h"
#include "policy/calendar.h"
#include "policy/job_attributes.h"
#include "policy/policy_engine.h"

namespace openlim::policy {

struct PolicyRequest {
  std::string policy;   // "" = the default policy of the period
  bool strict = false;  // an unknown policy is an error instead of the default with a warning
  std::vector<JobAttribute> job;            // -a
  const CompiledRequest* resreq = nullptr;  // -R: its select is ANDed, its order keys break ties
  int count = 0;                            // -c: at most this many (0 = no limit); the policy's
                                            // count, when smaller, wins
  int slots = 1;                            // -n: slots a request would place
  std::vector<std::string> hosts;           // -h: only these hosts; empty = all
  bool explain = false;
  bool ratingTerms = false;  // with a rating sort: each returned host's terms (lspolicy -d)
  // The caller's state. rating: the rating setup of the table's layout (a RatingSetupCache's;
  // null: built for this request). reservedSlots, per table row: each host's current jobs
  // for the rating's MAX_JOBS (null: the table's reservations). bands: each policy's turn in its
  // band, moved by this evaluation (pass a copy to look without moving it; null: every band starts
  // at its first host by name).
  const placement::RatingSetup* rating = nullptr;
  const double* reservedSlots = nullptr;
  placement::BandCursors* bands = nullptr;
};

// When the request is evaluated: the calendar's wall-clock time, `now` on the clock of
// HostTable::reportedAt (for `age`), and the wall-clock time in epoch seconds.
struct PolicyTime {
  LocalTime local;
  double now = 0;
  double wallNow = 0;
};

struct PolicyResult {
  std::string policy;  // the policy used, as written
  PeriodInfo period;
  bool sorted = false;         // the policy has a sort: values are meaningful
  std::vector<uint32_t> rows;  // the hosts that pass, best first
  std::vector<double> values;  // per row: the primary sort value (NaN = unknown / no sort)
  double band = -1;            // the band in force (percent; < 0: none)
  size_t bandSize = 0;         // how many hosts the band held (the first row is its pick)
  bool loadBalancing = false;  // PBS load balancing was in force
  bool readsRating = false;    // a sort reads the rating: hosts rated 0 are left out
  std::vector<placement::RatingTerms> ratingTerms;  // per row, with request.ratingTerms
  std::vector<std::string> warnings;
  std::string explain;  // with explain: every host, constraint by constraint
};

// Errors: kNotFound for an unknown policy with strict (or no policies at all) and for an
// unknown -h host; kUnavailable for a named policy outside its period.
Result<PolicyResult> evaluatePolicy(const PolicyEngine& engine, const Calendar& calendar,
                                    const HostTable& table, const PolicyRequest& request,
                                    const PolicyTime& at);

// lsplace -p: places `options` slots on the hosts the policy passes (its count caps them),
// with its constraints ANDed to the -R select and its sorts ahead of the -R order keys, the
// rest (rusage, span, same, load between picks) as lsplace. `resreq` is the compiled -R
// (an empty one without -R). Errors as evaluatePolicy.
Result<PlacementResult> placeByPolicy(const PolicyEngine& engine, const Calendar& calendar,
                                      const HostTable& table, const PolicyRequest& request,
                                      const CompiledRequest& resreq, PlaceOptions options,
                                      const PolicyTime& at);

// "%f" of a value, "unknown" for NaN (lspolicy's VALUE column and NLB_POLICY).
std::string formatPolicyValue(double v);

}  // namespace openlim::policy
