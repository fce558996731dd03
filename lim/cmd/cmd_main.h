#pragma once
// The process side of a command: builds the real client from the environment and runs the
// command function with its stdout and stderr (out.h).

#include <functional>
#include <string>
#include <vector>

#include "client.h"
#include "command.h"

namespace openlim::cmd {

using CommandFn = int (*)(const std::vector<std::string>& args, CmdIo& io);

int runMain(const char* name, int argc, char** argv, CommandFn fn);

// The same for a command that builds its own argument handling (lsadmin). Admin requests
// are signed with `macFactory` (lsadmin passes shell::makeMacFn); without one they fail.
int runWithIo(const char* name, const std::function<int(CmdIo&)>& fn,
              shell::MacFactory macFactory = nullptr);

// What lsf.conf says beside the client's settings (the remote execution commands).
struct CmdSettings {
  std::string rsh;  // LSF_RSH as written; "" = not set
  int lsgrunParallel = 64;
};
// As runWithIo, with those settings.
int runWithSettings(const char* name, const std::function<int(CmdIo&, const CmdSettings&)>& fn,
                    shell::MacFactory macFactory = nullptr);

}  // namespace openlim::cmd
