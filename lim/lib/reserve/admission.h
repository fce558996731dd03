#pragma once
// The admission hook of a reservation (docs/reservations.md): for each host a placement
// chose, the master asks "may this reservation take these amounts on this host?". The quota
// evaluator (resource quota sets) plugs in here; AdmitAll, the default, admits everything.
// Pure: an implementation reads what it was built with (a ledger's usage, a config) and `now`.

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

class AdmissionCheck {
 public:
  virtual ~AdmissionCheck() = default;
  // `earlier`: what the same reservation already takes on the hosts admitted before this
  // one (a limit on a consumer's total counts them too).
  virtual Verdict mayTake(const Claim& claim, const std::vector<Claim>& earlier,
                          double now) const = 0;
};

class AdmitAll final : public AdmissionCheck {
 public:
  Verdict mayTake(const Claim&, const std::vector<Claim>&, double) const override { return {}; }
};

}  // namespace openlim::reserve
