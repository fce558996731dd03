#pragma once
// The process entries of the commands whose main does more than call a command function
// (lsplace and lspolicy work offline too); openlim_cmd_main.cc lists them with the others.

namespace openlim::cmd {

int lsplaceMain(const char* name, int argc, char** argv);
int lspolicyMain(const char* name, int argc, char** argv);

}  // namespace openlim::cmd
