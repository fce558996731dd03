#pragma once
// The process side of a command: builds the real client from the environment and runs the
// command function with std::cout/std::cerr.

#include <functional>
#include <string>
#include <vector>

#include "command.h"

namespace openlim::cmd {

using CommandFn = int (*)(const std::vector<std::string>& args, CmdIo& io);

int runMain(const char* name, int argc, char** argv, CommandFn fn);

// The same for a command that builds its own argument handling (lsadmin).
int runWithIo(const char* name, const std::function<int(CmdIo&)>& fn);

}  // namespace openlim::cmd
