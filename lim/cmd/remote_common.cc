// Pieces shared by lsrun, lsgrun and lslogin.
#include <strings.h>

#include "remote_cmds.h"
#include "remote_shell.h"

namespace openlim::cmd {

std::vector<std::string> splitHostList(const std::string& text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    size_t start = text.find_first_not_of(" \t\n", i);
    if (start == std::string::npos) break;
    size_t end = text.find_first_of(" \t\n", start);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(start, end - start));
    i = end;
  }
  return out;
}

Result<std::string> placeOne(CmdIo& io, const std::string& resreq,
                             const std::vector<std::string>& candidates) {
  Client api(io.lim, io.localHost);
  auto r = api.place({.resreq = resreq, .n = 1, .hosts = candidates, .local = io.localHost});
  if (!r) return r.status();
  if (r->slots.empty()) return Status(Code::kNotFound, "Not enough host(s) currently eligible");
  return r->slots.front();
}

bool isLocalHost(const CmdIo& io, const std::string& host) {
  return strcasecmp(host.c_str(), io.localHost.c_str()) == 0;
}

std::vector<std::string> commandOn(const CmdIo& io, const RemoteIo& rio,
                                   const std::vector<std::string>& rsh, const std::string& host,
                                   const std::vector<std::string>& argv, bool pty) {
  if (isLocalHost(io, host)) return argv;
  return remoteArgv(rsh, host, remoteCommandLine(rio.cwd, argv), pty);
}

Result<std::vector<std::string>> rshWords(CmdIo& io, const RemoteIo& rio, const char* cmd,
                                          int* exitCode) {
  auto words = splitShellWords(rio.rsh);
  if (!words) {
    io.err << cmd << ": " << words.status().message() << "\n";
    *exitCode = kExitUsage;
  }
  return words;
}

bool remoteShellFailed(const TaskResult& r) {
  return !r.started || r.exitCode == kExitRemoteShell;
}

std::string unreachable(const RemoteIo& rio, const std::string& host, const TaskResult& r) {
  std::string why = "cannot run on host " + host + " through LSF_RSH '" + rio.rsh + "': ";
  if (!r.started) return why + r.error;
  return why + "the remote shell exited with " + std::to_string(kExitRemoteShell) +
         " (the host cannot be reached, or the command itself exited " +
         std::to_string(kExitRemoteShell) + ")";
}

}  // namespace openlim::cmd
