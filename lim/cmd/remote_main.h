#pragma once
// The process side of lsrun, lsgrun and lslogin: the real launcher, LSF_RSH (environment,
// else lsf.conf, else kDefaultRsh), LSF_LSGRUN_PARALLEL (the same), the current directory,
// stdin lines and files.

#include "cmd_main.h"
#include "remote_cmds.h"

namespace openlim::cmd {

using RemoteCommandFn = int (*)(const std::vector<std::string>& args, CmdIo& io, RemoteIo& rio);

int runRemoteMain(const char* name, int argc, char** argv, RemoteCommandFn fn);

}  // namespace openlim::cmd
