// lsadmin: administration of the load information manager: ckconfig (lsadmin_ckconfig.cc)
// and the lim-control subcommands (lsadmin_ops.cc, through the query client).
#include <string>
#include <vector>

#include "args.h"
#include "cmd_main.h"
#include "commands.h"
#include "format/text.h"
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
    "  elimstatus [host]\n"
    "Every subcommand takes -json: its answer as JSON on stdout.\n";

}  // namespace

int main(int argc, char** argv) {
  using namespace openlim::cmd;
  std::vector<std::string> args(argv + 1, argv + argc);
  // lsadmin's own options end at the subcommand; what follows is the subcommand's.
  auto parsed = parseArgs(args, {{"h"}, {"V"}}, ParseMode::kStopAtOperand);
  if (!parsed) {
    standardError() << "lsadmin: " << parsed.status().message() << "\n" << kUsage;
    return kExitUsage;
  }
  const std::vector<std::string>& words = parsed->operands;
  if (parsed->has("h") || (!words.empty() && words[0] == "help")) {
    standardOutput() << kUsage;
    return kExitOk;
  }
  if (parsed->has("V")) {
    standardOutput() << openlim::kVersionString << ", " << openlim::kBuildDate << "\n";
    return kExitOk;
  }
  if (words.empty()) {
    standardError() << kUsage;
    return kExitUsage;
  }
  const std::string& sub = words[0];
  std::vector<std::string> rest(words.begin() + 1, words.end());
  if (sub == "ckconfig") return runCkconfig(rest, standardOutput(), standardError());
  return runWithIo(
      "lsadmin",
      [&](CmdIo& io) {
        int rc = runLsadminOp(sub, rest, io);
        if (rc >= 0) return rc;
        io.err << "lsadmin: " << openlim::format::clipEcho(sub) << ": unknown subcommand\n"
               << kUsage;
        return kExitUsage;
      },
      openlim::shell::makeMacFn);
}
