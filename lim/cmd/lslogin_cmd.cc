// lslogin [-v] [-m "host_name ..."] [-R res_req] [ssh options]: a login, through the remote
// shell, on the least loaded eligible host.
#include "format/text.h"
#include "remote_cmds.h"
#include "remote_shell.h"

namespace openlim::cmd {
namespace {

// Built when the command runs, not at start-up: openlim-cmd holds every command's
// definition, and a namespace-scope one would be built by every command it runs (a
// function-local static would take a guard's code and data pages).
CommandDef lsloginDef() {
  return CommandDef{"lslogin",
                    "lslogin [-h] [-V] [-v] [-m \"host_name ...\"] [-R res_req]"
                    " [ssh_options ...]",
                    {{"v"}, {"m", true}, {"R", true}},
                    ParseMode::kStopAtOperand};
}

// The words up to the first one that is not lslogin's own option (-v -h -V, -m and -R with
// their value attached or next): the rest are the remote shell's options.
size_t ownOptionsEnd(const std::vector<std::string>& args) {
  size_t i = 0;
  while (i < args.size()) {
    const std::string& w = args[i];
    if (w == "--") return i + 1;
    if (w == "-v" || w == "-h" || w == "-V") {
      ++i;
    } else if (w == "-m" || w == "-R") {
      i += 2;
    } else if (w.size() > 2 && (w.rfind("-m", 0) == 0 || w.rfind("-R", 0) == 0)) {
      ++i;
    } else {
      break;
    }
  }
  return std::min(i, args.size());
}

}  // namespace

int runLslogin(const std::vector<std::string>& args, CmdIo& io, RemoteIo& rio) {
  size_t own = ownOptionsEnd(args);
  std::vector<std::string> mine(args.begin(), args.begin() + static_cast<long>(own));
  std::vector<std::string> sshOptions(args.begin() + static_cast<long>(own), args.end());
  int rc = kExitOk;
  auto parsed = parseCommand(lsloginDef(), mine, io, &rc);
  if (!parsed) return rc;
  const ParsedArgs& a = *parsed;
  std::vector<std::string> hosts = splitHostList(a.value("m").value_or(""));
  if (a.has("m") && hosts.empty()) return usageError(lsloginDef(), io, "-m: no host name given");
  auto placed = placeOne(io, a.value("R").value_or(""), hosts);
  if (!placed) return fail(io, "lslogin", placed.status());
  auto words = rshWords(io, rio, "lslogin", &rc);
  if (!words) return rc;
  std::vector<std::string> argv = std::move(words).value();
  argv.insert(argv.end(), sshOptions.begin(), sshOptions.end());
  argv.push_back(*placed);
  if (a.has("v")) io.err << "<<Remote login to host " << format::clipEcho(*placed) << ">>\n";
  io.out.flush();
  TaskResult r = rio.launcher.replace(argv);
  io.err << "lslogin: " << unreachable(rio, format::clipEcho(*placed), r) << "\n";
  return kExitRemoteShell;
}

}  // namespace openlim::cmd
