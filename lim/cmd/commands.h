#pragma once
// The query commands as functions of their arguments and a CmdIo, so golden tests run them
// against a fake lim. Each returns the exit code (LSF's command reference).

#include <string>
#include <vector>

#include "command.h"
#include "monitor_screen.h"

namespace openlim::cmd {

int runLsload(const std::vector<std::string>& args, CmdIo& io);
int runLshosts(const std::vector<std::string>& args, CmdIo& io);
int runLsinfo(const std::vector<std::string>& args, CmdIo& io);
int runLsid(const std::vector<std::string>& args, CmdIo& io);
int runBhosts(const std::vector<std::string>& args, CmdIo& io);
// lsclusters (one cluster: the local lim's).
int runLsclusters(const std::vector<std::string>& args, CmdIo& io);
// lsmon: the full screen from makeScreen (nullptr, or a factory that returns none: plain
// output, one table per refresh on stdout unless -L records them).
int runLsmon(const std::vector<std::string>& args, CmdIo& io, MakeScreen makeScreen = nullptr);

// lsreserve and lsrelease (docs/reservations.md): requests go to the local lim's socket.
int runLsreserve(const std::vector<std::string>& args, CmdIo& io);
int runLsrelease(const std::vector<std::string>& args, CmdIo& io);
// lsquota (docs/quotas.md): the quota report, asked through the local lim's socket.
int runLsquota(const std::vector<std::string>& args, CmdIo& io);

// lsadmin's lim-control subcommands (everything but ckconfig). Returns -1 when `sub` is not
// one of them. `args` are the arguments after the subcommand.
int runLsadminOp(const std::string& sub, const std::vector<std::string>& args, CmdIo& io);
// The usage lines of those subcommands, for lsadmin -h.
std::string lsadminOpsUsage();

}  // namespace openlim::cmd
