// lsplace: choose hosts for a task (LSF's command reference). `--from FILE` places on a host
// snapshot JSON with the resource definitions of the config LSF_ENVDIR points to; no
// daemon is needed. Without --from the request goes to the master lim (online mode).
#include <string>
#include <vector>

#include "format/snapshot_json.h"
#include "format/text.h"
#include "lsplace_online.h"
#include "lsplace_options.h"
#include "openlim/config.h"
#include "openlim/version.h"
#include "read_file.h"

namespace {

using namespace openlim;

int offline(const cmd::LsplaceOptions& o) {
  ConfigLoad load = loadConfigFromEnvironment();
  if (!load.snapshot) {
    for (const auto& d : load.diagnostics)
      if (d.severity == Severity::kError) cmd::standardError() << d.toString() << '\n';
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
    cmd::standardError() << "lsplace: " << format::clipEcho(o.from) << ": "
                         << table.status().message() << '\n';
    return cmd::kExitUsage;
  }
  // Offline placement uses type==any (LSF's resource requirement rules "Implicit type").
  return cmd::placeAndPrint(o, *load.snapshot, table.value(), CompileOptions{},
                            cmd::standardOutput(), cmd::standardError());
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  auto o = cmd::parseLsplaceArgs(args);
  if (!o) {
    cmd::standardError() << o.status().message() << '\n' << cmd::lsplaceUsage();
    return cmd::kExitUsage;
  }
  if (o->help) {
    cmd::standardOutput() << cmd::lsplaceUsage();
    return cmd::kExitOk;
  }
  if (o->version) {
    cmd::standardError() << kVersionString << ", " << kBuildDate << '\n';
    return cmd::kExitOk;
  }
  if (!o->from.empty()) return offline(*o);
  return cmd::placeOnlineMain(*o);
}
