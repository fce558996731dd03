// lsf.quotas on the master candidates (docs/quotas.md): read with the configuration, at
// start and on reconfig, outside any request. Its diagnostics are its own: a bad quota file
// never stops lim or refuses the rest of the configuration; the previous quotas stay in
// force (none at the first start) and the problems are logged with file:line.
#include <spdlog/spdlog.h>
#include <strings.h>

#include "config/diag.h"
#include "lim_server.h"
#include "quota_file.h"

namespace openlim::lim {

QuotaReload LimServer::reloadQuotas(std::vector<std::string>* diagnostics) {
  // Only a lim that may become the master admits reservations; the others never ask the
  // name service for the quota file's users and groups.
  bool candidate = false;
  for (const auto& m : config_->masterList)
    candidate = candidate || strcasecmp(m.c_str(), opts_.host.c_str()) == 0;
  QuotaReload out;
  if (!candidate) return out;
  shell::QuotaFileLoad q = shell::loadQuotaFile(*config_);
  out.file = q.path;
  out.errors = q.load.errors();
  out.warnings = q.load.warnings();
  for (const auto& d : q.load.diagnostics) {
    if (d.severity == Severity::kError)
      spdlog::error("{}", d.toString());
    else
      spdlog::warn("{}", d.toString());
    if (diagnostics) diagnostics->push_back(config::diagnosticLine(d));
  }
  if (!q.present) {
    if (reservations_.quotas()) spdlog::info("quotas: {} is gone; no quotas", q.path);
    reservations_.setQuotas(nullptr);
    out.outcome = QuotaReload::Outcome::kAbsent;
    return out;
  }
  out.outcome = q.usable() ? QuotaReload::Outcome::kAdopted : QuotaReload::Outcome::kRefused;
  if (!q.usable()) {
    ++counters_.quota_loads_refused;
    spdlog::error("quotas: {} error(s) in {}; {}", q.load.errors(), q.path,
                  reservations_.quotas() ? "the previous quotas stay in force"
                                         : "no quotas until it is fixed");
    return out;
  }
  ++counters_.quota_loads;
  spdlog::info("quotas: {} rule set(s) from {}", q.load.config.sets.size(), q.path);
  // A new usage count from every held reservation: nothing is revoked.
  reservations_.setQuotas(std::make_shared<const quota::QuotaConfig>(std::move(q.load.config)));
  return out;
}

}  // namespace openlim::lim
