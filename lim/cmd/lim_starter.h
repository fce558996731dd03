#pragma once
// lsadmin limstartup: starts the local lim ($LSF_SERVERDIR/lim --host NAME) detached from
// the terminal. Remote hosts need a remote shell, which openlim does not assume.

#include <string>
#include <vector>

#include "command.h"

namespace openlim::cmd {

int startLims(const std::vector<std::string>& hosts, CmdIo& io);

}  // namespace openlim::cmd
