// lsf.quotas on the master candidates (docs/quotas.md): read with the configuration, at
// start and on reconfig, outside any request. Its diagnostics are its own: a bad quota file
// never stops lim or refuses the rest of the configuration; the previous quotas stay in
// force (none at the first start) and the problems are logged with file:line.
#include <strings.h>

#include "config/diag.h"
#include "node/lim_node.h"

namespace openlim::node {

QuotaReload LimNode::reloadQuotas(Effects* fx, std::vector<std::string>* diagnostics) {
  // Only a lim that may become the master admits reservations; the others never ask the
  // name service for the quota file's users and groups.
  bool candidate = false;
  for (const auto& m : config_->masterList)
    candidate = candidate || strcasecmp(m.c_str(), self_.c_str()) == 0;
  QuotaReload out;
  if (!candidate) return out;
  QuotaFile q = files_.quotas(*config_);
  out.file = q.path;
  out.errors = q.load.errors();
  out.warnings = q.load.warnings();
  for (const auto& d : q.load.diagnostics) {
    if (d.severity == Severity::kError)
      fx->error(d.toString());
    else
      fx->warn(d.toString());
    if (diagnostics) diagnostics->push_back(config::diagnosticLine(d));
  }
  if (!q.present) {
    if (reservations_.quotas()) fx->info("quotas: " + q.path + " is gone; no quotas");
    reservations_.setQuotas(nullptr);
    out.outcome = QuotaReload::Outcome::kAbsent;
    return out;
  }
  const bool usable = q.load.errors() == 0;
  out.outcome = usable ? QuotaReload::Outcome::kAdopted : QuotaReload::Outcome::kRefused;
  if (!usable) {
    ++counters_.quota_loads_refused;
    fx->error("quotas: " + std::to_string(q.load.errors()) + " error(s) in " + q.path + "; " +
              (reservations_.quotas() ? "the previous quotas stay in force"
                                      : "no quotas until it is fixed"));
    return out;
  }
  ++counters_.quota_loads;
  fx->info("quotas: " + std::to_string(q.load.config.sets.size()) + " rule set(s) from " + q.path);
  // A new usage count from every held reservation: nothing is revoked.
  reservations_.setQuotas(std::make_shared<const quota::QuotaConfig>(std::move(q.load.config)));
  return out;
}

}  // namespace openlim::node
