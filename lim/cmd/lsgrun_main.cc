// lsgrun: see docs/commands.md and LSF's command reference.
#include "remote_main.h"

int main(int argc, char** argv) {
  return openlim::cmd::runRemoteMain("lsgrun", argc, argv, openlim::cmd::runLsgrun);
}
