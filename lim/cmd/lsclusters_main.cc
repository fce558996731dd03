// lsclusters: see LSF's command reference.
#include "cmd_main.h"
#include "commands.h"

int main(int argc, char** argv) {
  return openlim::cmd::runMain("lsclusters", argc, argv, openlim::cmd::runLsclusters);
}
