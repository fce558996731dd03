#pragma once
// Load sharing commands (docs/commands.md "Remote execution"; LSF's synopses): lsrun,
// lsgrun and lslogin place through the master as lsplace does and start the command through
// the remote shell LSF_RSH (remote_shell.h), or directly on the local host; lsloadadj adds
// the load of tasks placed outside openlim. Each returns its exit code.

#include <string>
#include <vector>

#include "command.h"
#include "remote_launcher.h"

namespace openlim::cmd {

// The remote command's exit code (128+N when it died of signal N); 1 when no host is
// eligible (nothing ran); 2 for a usage error; 255 when the remote shell cannot reach the
// host (unless -l ran it here).
int runLsrun(const std::vector<std::string>& args, CmdIo& io, RemoteIo& rio);
// 0 when the command succeeded on every host, else the first failure's exit code (a
// summary of the failed hosts on stderr).
int runLsgrun(const std::vector<std::string>& args, CmdIo& io, RemoteIo& rio);
// Replaces itself with the remote shell's login on the chosen host; returns on failure.
int runLslogin(const std::vector<std::string>& args, CmdIo& io, RemoteIo& rio);
int runLsloadadj(const std::vector<std::string>& args, CmdIo& io);
// lsloadadj's operands as one host name per task; none = the local host, one task.
// kInvalid for a bad num_task, an empty name or more than 100,000 tasks.
Result<std::vector<std::string>> loadAdjustSlots(const std::vector<std::string>& operands,
                                                 const std::string& localHost);

// Shared pieces (remote_common.cc).
// "hostA hostB" (-m) as names; blanks separate.
std::vector<std::string> splitHostList(const std::string& text);
// One host for one task, as lsplace does (the implicit type==local, the master's placement
// adjustment); `candidates` empty = any host.
Result<std::string> placeOne(CmdIo& io, const std::string& resreq,
                             const std::vector<std::string>& candidates);
bool isLocalHost(const CmdIo& io, const std::string& host);
// The argv that runs `argv` on `host`: itself on the local host, else through the remote
// shell in the current directory.
std::vector<std::string> commandOn(const CmdIo& io, const RemoteIo& rio,
                                   const std::vector<std::string>& rsh, const std::string& host,
                                   const std::vector<std::string>& argv, bool pty);
// LSF_RSH's words; on an error, prints "<cmd>: LSF_RSH: ..." and sets *exitCode (2).
Result<std::vector<std::string>> rshWords(CmdIo& io, const RemoteIo& rio, const char* cmd,
                                          int* exitCode);
// "the remote shell (LSF_RSH 'ssh') could not reach hostB (exit 255)" and its kin.
std::string unreachable(const RemoteIo& rio, const std::string& host, const TaskResult& r);
// Whether `r` is the remote shell's own failure (not started, or ssh's 255).
bool remoteShellFailed(const TaskResult& r);

}  // namespace openlim::cmd
