// lsrun [-l] [-P] [-v] [-m "host_name ..."] [-R res_req] command [argument ...]
#include "format/text.h"
#include "remote_cmds.h"
#include "remote_shell.h"

namespace openlim::cmd {
namespace {

// Built when the command runs, not at start-up: openlim-cmd holds every command's
// definition, and a namespace-scope one would be built by every command it runs (a
// function-local static would take a guard's code and data pages).
CommandDef lsrunDef() {
  return CommandDef{"lsrun",
                    "lsrun [-h] [-V] [-l] [-P] [-v] [-m \"host_name ...\"] [-R res_req]\n"
                    "             command [argument ...]",
                    {{"l"}, {"P"}, {"v"}, {"m", true}, {"R", true}},
                    ParseMode::kStopAtOperand};
}

void announce(CmdIo& io, bool verbose, const std::string& host) {
  if (verbose) io.err << "<<Execute on host " << format::clipEcho(host) << ">>\n";
}

// -l: the local host, when it meets the requirement (with -m one host the requirement is
// ignored, as for the remote host).
bool localMeets(CmdIo& io, const std::string& resreq, bool requirementIgnored) {
  if (requirementIgnored) return true;
  auto local = placeOne(io, resreq, {io.localHost});
  return local.isOk() && isLocalHost(io, *local);
}

}  // namespace

int runLsrun(const std::vector<std::string>& args, CmdIo& io, RemoteIo& rio) {
  int rc = kExitOk;
  auto parsed = parseCommand(lsrunDef(), args, io, &rc);
  if (!parsed) return rc;
  const ParsedArgs& a = *parsed;
  if (a.operands.empty()) return usageError(lsrunDef(), io, "no command given");
  std::string resreq = a.value("R").value_or("");
  std::vector<std::string> hosts = splitHostList(a.value("m").value_or(""));
  if (a.has("m") && hosts.empty()) return usageError(lsrunDef(), io, "-m: no host name given");
  // -m with one host runs there and ignores the requirement (LSF's lsrun).
  bool oneHost = hosts.size() == 1;
  std::string host;
  if (oneHost) {
    host = hosts.front();
  } else {
    auto placed = placeOne(io, resreq, hosts);
    if (!placed) return fail(io, "lsrun", placed.status());
    host = *placed;
  }
  std::vector<std::string> rsh;
  if (!isLocalHost(io, host)) {
    auto words = rshWords(io, rio, "lsrun", &rc);
    if (!words) return rc;
    rsh = std::move(words).value();
  }
  announce(io, a.has("v"), host);
  io.out.flush();
  TaskResult r = rio.launcher.run(commandOn(io, rio, rsh, host, a.operands, a.has("P")));
  if (isLocalHost(io, host)) {
    if (r.started) return r.exitCode;
    io.err << "lsrun: " << r.error << "\n";
    return 127;  // as a shell says of a command it cannot execute
  }
  if (!remoteShellFailed(r)) return r.exitCode;
  io.err << "lsrun: " << unreachable(rio, format::clipEcho(host), r) << "\n";
  if (!a.has("l") || !localMeets(io, resreq, oneHost)) return kExitRemoteShell;
  announce(io, a.has("v"), io.localHost);
  r = rio.launcher.run(a.operands);
  if (r.started) return r.exitCode;
  io.err << "lsrun: " << r.error << "\n";
  return 127;
}

}  // namespace openlim::cmd
