// lsrelease: see docs/reservations.md and lsrelease(1).
#include "cmd_main.h"
#include "commands.h"

int main(int argc, char** argv) {
  return openlim::cmd::runMain("lsrelease", argc, argv, openlim::cmd::runLsrelease);
}
