// lsplace: choose hosts for a task (LSF's command reference). Without --from the request goes
// to the master lim (online mode); --from FILE is the offline mode (lsplace.cc), which
// openlim-cmd leaves to openlim-policy.
#include <string>
#include <vector>

#include "command_mains.h"
#include "lsplace_online.h"
#include "openlim/version.h"

namespace openlim::cmd {

int lsplaceMain(int argc, char** argv, LsplaceOfflineFn offline) {
  std::vector<std::string> args(argv + 1, argv + argc);
  auto o = parseLsplaceArgs(args);
  if (!o) {
    standardError() << o.status().message() << '\n' << lsplaceUsage();
    return kExitUsage;
  }
  if (o->help) {
    standardOutput() << lsplaceUsage();
    return kExitOk;
  }
  if (o->version) {
    standardError() << kVersionString << ", " << kBuildDate << '\n';
    return kExitOk;
  }
  if (!o->from.empty()) return offline(*o, argv);
  return placeOnlineMain(*o);
}

}  // namespace openlim::cmd
