// bhosts: see LSF's command reference.
#include "cmd_main.h"
#include "commands.h"

int main(int argc, char** argv) {
  return openlim::cmd::runMain("bhosts", argc, argv, openlim::cmd::runBhosts);
}
