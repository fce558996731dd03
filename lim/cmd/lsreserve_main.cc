// lsreserve: see docs/reservations.md and lsreserve(1).
#include "cmd_main.h"
#include "commands.h"

int main(int argc, char** argv) {
  return openlim::cmd::runMain("lsreserve", argc, argv, openlim::cmd::runLsreserve);
}
