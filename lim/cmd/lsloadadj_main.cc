// lsloadadj: see docs/commands.md and LSF's command reference.
#include "cmd_main.h"
#include "remote_cmds.h"

int main(int argc, char** argv) {
  return openlim::cmd::runMain("lsloadadj", argc, argv, openlim::cmd::runLsloadadj);
}
