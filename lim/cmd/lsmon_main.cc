// lsmon: see LSF's command reference.
#include "cmd_main.h"
#include "commands.h"
#include "lsmon_curses.h"

namespace {
int runWithScreen(const std::vector<std::string>& args, openlim::cmd::CmdIo& io) {
  return openlim::cmd::runLsmon(args, io, openlim::cmd::makeCursesScreen);
}
}  // namespace

int main(int argc, char** argv) {
  return openlim::cmd::runMain("lsmon", argc, argv, runWithScreen);
}
