// lsadmin: administration of the load information manager: ckconfig (lsadmin_ckconfig.cc)
// and the lim-control subcommands (lsadmin_ops.cc, through the query client).
#include <string>
#include <vector>

#include "cmd_main.h"
#include "commands.h"
#include "hmac.h"
#include "lsadmin_ckconfig.h"
#include "openlim/version.h"

namespace {

constexpr const char* kUsage =
    "Usage: lsadmin [-h] [-V] subcommand [options]\n"
    "Subcommands:\n"
    "  ckconfig [-v]   check the configuration files LSF_ENVDIR points to\n"
    "  reconfig [-f] [-v] | limstartup [-f] [host ... | all]\n"
    "  limshutdown [-f] [host ... | all]\n"
    "  limrestart [-f] [host ... | all] | limlock [-l seconds] | limunlock\n"
    "  elimstatus [-json] [host]\n";

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    openlim::cmd::standardError() << kUsage;
    return 2;
  }
  const std::string& sub = args[0];
  if (sub == "-h" || sub == "help") {
    openlim::cmd::standardOutput() << kUsage;
    return 0;
  }
  if (sub == "-V") {
    openlim::cmd::standardOutput() << openlim::kVersionString << "\n";
    return 0;
  }
  if (sub == "ckconfig")
    return openlim::cmd::runCkconfig({args.begin() + 1, args.end()},
                                     openlim::cmd::standardOutput(),
                                     openlim::cmd::standardError());
  if (!sub.empty() && sub[0] == '-') {
    openlim::cmd::standardError() << "lsadmin: unknown option " << sub << "\n" << kUsage;
    return 2;
  }
  std::vector<std::string> rest(args.begin() + 1, args.end());
  return openlim::cmd::runWithIo("lsadmin", [&](openlim::cmd::CmdIo& io) {
    int rc = openlim::cmd::runLsadminOp(sub, rest, io);
    if (rc >= 0) return rc;
    io.err << "lsadmin: " << sub << ": unknown subcommand\n" << kUsage;
    return 2;
  }, openlim::shell::makeMacFn);
}
