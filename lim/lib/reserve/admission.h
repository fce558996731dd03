#pragma once
// The admission hook of a reservation (docs/reservations.md): for each host a placement
// chose, the master asks "may this reservation take these amounts on this host?". The quota
// evaluator (resource quota sets) plugs in here; AdmitAll, the default, admits everything.
// Pure: an implementation reads what it was built with (a ledger's usage, a config) and `now`.

#include <cstdint>
#include <string>
#include <vector>

#include "reserve/reservation.h"

namespace openlim::reserve {

// What a reservation would take on one host.
struct Claim {
  const Labels* labels = nullptr;
  std::string host;
  int slots = 0;
  std::vector<Amount> amounts;  // rusage amounts for those slots (per-slot amount x slots)
};

struct Verdict {
  bool admitted = true;
  // Why not (a refusal names what blocked, e.g. a limit and its usage); may be empty when
  // admitted.
  std::string message;
};

// One limit a check applied to a claim (--explain): what it counts, admitting or blocking.
struct LimitUse {
  bool admitted = true;
  std::string set;
  std::string rule;                            // the rule's name or 1-based position in the set
  std::string resource;                        // "slots" or a resource of lsf.shared
  int64_t used = 0, requested = 0, limit = 0;  // in the resource's unit; limit 0 when unknown
  std::string consumer;  // "user alice", "users roland,andre", "" when unfiltered
  std::string text;      // "max_slots_per_user/2 slots 17+2/20 for user alice"
  // A limit on a string or boolean resource (the counts are then 0): the value it wants and
  // the host's ("" when not reported). Both empty for the counted limits.
  std::string wanted, found;
};

// Every limit on one host for a claim (--explain).
struct HostQuota {
  std::string host;
  int slots = 0;  // the slots the claim asked for there
  bool admitted = true;
  std::vector<LimitUse> limits;
  // "quota admits 2 slot(s): max_slots_per_user/2 slots 17+2/20 for user alice", "quota
  // blocks 1 slot(s): ...", "quota admits 1 slot(s): no limit applies".
  std::string reason() const;
};

class AdmissionCheck {
 public:
  virtual ~AdmissionCheck() = default;
  // `earlier`: what the same reservation already takes on the hosts admitted before this
  // one (a limit on a consumer's total counts them too).
  virtual Verdict mayTake(const Claim& claim, const std::vector<Claim>& earlier,
                          double now) const = 0;
  // Every limit that counts the claim, as mayTake would apply them (--explain); none by
  // default (a check without limits).
  virtual std::vector<LimitUse> explain(const Claim& /*claim*/,
                                        const std::vector<Claim>& /*earlier*/,
                                        double /*now*/) const {
    return {};
  }
};

class AdmitAll final : public AdmissionCheck {
 public:
  Verdict mayTake(const Claim&, const std::vector<Claim>&, double) const override { return {}; }
};

}  // namespace openlim::reserve
