// lspolicy's offline mode (in openlim-policy): `--from SNAPSHOT` evaluates on a host
// snapshot JSON with the configuration LSF_ENVDIR names (its lsf.policies, lsf.holidays,
// lsf.dedicated). lspolicy_main.cc has the rest of lspolicy (online, the master evaluates);
// both run policy::evaluatePolicy and print the same reply model.
#include <ctime>
#include <string>
#include <vector>

#include "command_mains.h"
#include "format/snapshot_json.h"
#include "format/text.h"
#include "lspolicy_options.h"
#include "openlim/config.h"
#include "policy/policy_config.h"
#include "policy/policy_reply.h"
#include "read_file.h"

namespace {

using namespace openlim;
using format::Json;

// The calendar's wall-clock time (--at, else now) and the epoch time that goes with it.
policy::PolicyTime timeOf(const cmd::LspolicyOptions& o) {
  std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  policy::PolicyTime t{policy::fromTm(local), 0, static_cast<double>(now)};
  if (o.at) {
    std::tm at{};
    at.tm_year = o.at->year - 1900;
    at.tm_mon = o.at->month - 1;
    at.tm_mday = o.at->day;
    at.tm_hour = o.at->hour;
    at.tm_min = o.at->minute;
    at.tm_isdst = -1;
    t.local = *o.at;
    t.wallNow = static_cast<double>(std::mktime(&at));
  }
  return t;
}

int offline(const cmd::LspolicyOptions& o) {
  auto& err = cmd::standardError();
  ConfigLoad load = loadConfigFromEnvironment();
  if (!load.snapshot) {
    for (const auto& d : load.diagnostics)
      if (d.severity == Severity::kError) err << d.toString() << '\n';
    err << "lspolicy: cannot read the configuration (LSF_ENVDIR)\n";
    return cmd::kExitUsage;
  }
  const auto& pc = load.snapshot->policies;
  if (!pc || pc->engine->policies().empty()) {
    err << "lspolicy: no policies are defined (" << policy::kPoliciesFile << ")\n";
    return cmd::kExitUsage;
  }
  auto text = shell::readFile(o.from);
  if (!text) {
    err << "lspolicy: " << format::clipEcho(o.from) << ": cannot open\n";
    return cmd::kExitUsage;
  }
  auto table = format::readSnapshotJson(*text, load.snapshot);
  if (!table) {
    err << "lspolicy: " << format::clipEcho(o.from) << ": " << table.status().message() << '\n';
    return cmd::kExitUsage;
  }
  policy::PolicyRequest req;
  req.policy = o.policy;
  req.strict = o.strict;
  req.job = o.job;
  req.count = o.count;
  req.slots = o.slots;
  req.hosts = o.hosts;
  req.explain = o.explain;
  req.ratingTerms = o.dump;
  policy::PolicyTime at = timeOf(o);
  auto r = policy::evaluatePolicy(*pc->engine, pc->calendar, *table, req, at);
  if (!r) {
    err << "lspolicy: " << format::clipEchoes(r.status().message(), o.hosts) << '\n';
    bool unknown = o.strict && !pc->engine->set().find(o.policy);
    return unknown ? cmd::kExitNotFound : cmd::kExitUsage;
  }
  Json reply = policy::policyReplyJson(*pc->engine, *r, *table, at, o.dump, o.explain);
  return cmd::printPolicyReply(o, reply, cmd::standardOutput(), err);
}

}  // namespace

int openlim::cmd::lspolicyOffline(const LspolicyOptions& o, char**) {
  return offline(o);
}
