#pragma once
// The process side of a command: builds the real client from the environment and runs the
// command function with std::cout/std::cerr.

#include <string>
#include <vector>

#include "command.h"

namespace openlim::cmd {

using CommandFn = int (*)(const std::vector<std::string>& args, CmdIo& io);

int runMain(const char* name, int argc, char** argv, CommandFn fn);

}  // namespace openlim::cmd
