// lsplace's offline mode (in openlim-policy): `--from FILE` places on a host snapshot
// JSON with the resource definitions of the config LSF_ENVDIR points to; no daemon is
// needed. lsplace_main.cc has the rest of lsplace (the online mode asks the master lim).
#include <ctime>
#include <string>
#include <vector>

#include "command_mains.h"
#include "format/snapshot_json.h"
#include "format/text.h"
#include "lsplace_options.h"
#include "openlim/config.h"
#include "policy/policy_config.h"
#include "policy/policy_eval.h"
#include "read_file.h"

namespace {

using namespace openlim;

// Compiles the request (syntax errors to err, exit 2), places on `table` and prints the
// slots on one line (or, with --explain, one "host: reason" line per host); "Not enough
// host(s) currently eligible" to err with exit 1.
int placeAndPrint(const cmd::LsplaceOptions& o, const ConfigSnapshot& config,
                  const HostTable& table, const CompileOptions& compile, cmd::Out& out,
                  cmd::Out& err) {
  auto req = compileRequest(o.resreq, config, compile);
  if (!req) {
    err << cmd::clipEchoes(o, req.status().message()) << '\n';
    return cmd::kExitUsage;
  }
  return cmd::printPlacement(o, place(**req, table, o.place), out, err);
}

// -p: the policy's hosts, order and count (the calendar at the local time now).
int byPolicy(const cmd::LsplaceOptions& o, const ConfigSnapshot& config, const HostTable& table) {
  auto& err = cmd::standardError();
  const auto& pc = config.policies;
  if (!pc || pc->engine->policies().empty()) {
    err << "lsplace: no policies are defined (lsf.policies)\n";
    return cmd::kExitUsage;
  }
  auto req = compileRequest(o.resreq, config, CompileOptions{});
  if (!req) {
    err << cmd::clipEchoes(o, req.status().message()) << '\n';
    return cmd::kExitUsage;
  }
  std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  policy::PolicyRequest preq;
  preq.policy = o.policy;
  preq.strict = true;
  preq.job = o.job;
  preq.hosts = o.place.candidates;
  auto r = policy::placeByPolicy(*pc->engine, pc->calendar, table, preq, **req, o.place,
                                 {policy::fromTm(local), 0, static_cast<double>(now)});
  if (!r) {
    err << "lsplace: " << cmd::clipEchoes(o, r.status().message()) << '\n';
    // An unknown policy (or -h host) is "not found", exit 1, as online and as lsreserve;
    // one outside its period is an error of the request, exit 2 (lsplace(1)).
    return r.status().code() == Code::kNotFound ? cmd::kExitNotFound : cmd::kExitUsage;
  }
  return cmd::printPlacement(o, *r, cmd::standardOutput(), err);
}

int offline(const cmd::LsplaceOptions& o) {
  ConfigLoad load = loadConfigFromEnvironment();
  if (!load.snapshot) {
    for (const auto& d : load.diagnostics)
      if (d.severity == Severity::kError)
        cmd::standardError() << format::printable(d.toString()) << '\n';
    cmd::standardError() << "lsplace: cannot read the configuration (LSF_ENVDIR)\n";
    return cmd::kExitUsage;
  }
  auto text = shell::readFile(o.from);
  if (!text) {
    cmd::standardError() << "lsplace: " << format::clipEcho(o.from) << ": cannot open\n";
    return cmd::kExitUsage;
  }
  auto table = format::readSnapshotJson(*text, load.snapshot);
  if (!table) {
    // The snapshot's own words (a host name) are echoed: cut and made printable.
    cmd::standardError() << "lsplace: " << format::clipEcho(o.from) << ": "
                         << format::clipEchoes(table.status().message(), {}) << '\n';
    return cmd::kExitUsage;
  }
  if (!o.policy.empty()) return byPolicy(o, *load.snapshot, table.value());
  // Offline placement uses type==any (LSF's resource requirement rules "Implicit type").
  return placeAndPrint(o, *load.snapshot, table.value(), CompileOptions{}, cmd::standardOutput(),
                       cmd::standardError());
}

}  // namespace

int openlim::cmd::lsplaceOffline(const LsplaceOptions& o, char**) {
  return offline(o);
}
