// lsquota: see docs/quotas.md and lsquota(1).
#include "cmd_main.h"
#include "commands.h"

int main(int argc, char** argv) {
  return openlim::cmd::runMain("lsquota", argc, argv, openlim::cmd::runLsquota);
}
