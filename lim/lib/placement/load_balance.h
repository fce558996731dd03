#pragma once
// PBS load balancing (docs/rating.md): every host has an ideal and a maximum load; with the
// load a request would bring, hosts that stay at or below their ideal load come first, then
// hosts that stay at or below their maximum, least loaded first in each band; a host that
// would go above its maximum is not used. The load is the raw 1-minute run queue (r1m).

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace openlim::placement {

struct LoadLimits {
  double ideal = 0;
  double max = 0;
};

// A host's limits: if only one is set the other takes its value; with neither both are its
// CPU count. REQUIRES: ideal <= max when both set (the configuration makes it so).
LoadLimits loadLimits(std::optional<double> ideal, std::optional<double> max, double ncpus);

enum class LoadBand : uint8_t {
  kIdeal,    // projected load <= ideal_load: used first
  kMax,      // ideal_load < projected load <= max_load: used next
  kOver,     // projected load > max_load: not used
  kUnknown,  // load not known: not used
};
// "ideal", "max", "over max_load", "load unknown": explain's words for a band.
const char* loadBandName(LoadBand b);

// The band of a host whose projected load is `projected` (unknown: NaN).
LoadBand loadBand(double projected, const LoadLimits& limits);

struct BalanceCandidate {
  uint32_t row = 0;
  double load = 0;   // raw r1m; NaN when unknown
  double slots = 1;  // what this request would put on the host
  LoadLimits limits;
};

struct BalancedHost {
  uint32_t row = 0;
  double projected = 0;  // load + slots
  LoadBand band = LoadBand::kUnknown;
};

struct Balance {
  std::vector<BalancedHost> order;     // usable hosts: ideal band, then max; least loaded first
  std::vector<BalancedHost> excluded;  // over max_load or load unknown, in input order
};

// One candidate's projected load and band, without ordering (a policy orders only the few
// hosts it returns).
BalancedHost balanceHost(const BalanceCandidate& c);

// Orders candidates for placement. Ties keep the input order (the caller's tie-break, e.g.
// by name), so the result does not depend on the sort's implementation.
Balance balanceLoad(std::span<const BalanceCandidate> candidates);

// Explain's line for a host: "band ideal: projected load 3 <= ideal_load 4", "band max:
// projected load 5 > ideal_load 4, <= max_load 8", "over max_load: projected load 9 >
// max_load 8; not used", "load unknown; not used".
std::string formatBand(const BalancedHost& h, const LoadLimits& limits);

}  // namespace openlim::placement
