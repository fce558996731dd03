// lsadmin: administration of the load information manager. Only ckconfig so far; the
// other subcommands come with the lim.
#include <iostream>
#include <string>
#include <vector>

#include "lsadmin_ckconfig.h"
#include "openlim/version.h"

namespace {

constexpr const char* kUsage =
    "Usage: lsadmin [-h] [-V] subcommand [options]\n"
    "Subcommands:\n"
    "  ckconfig [-v]   check the configuration files LSF_ENVDIR points to\n";

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::cerr << kUsage;
    return 2;
  }
  const std::string& sub = args[0];
  if (sub == "-h" || sub == "help") {
    std::cout << kUsage;
    return 0;
  }
  if (sub == "-V") {
    std::cout << openlim::kVersionString << "\n";
    return 0;
  }
  if (sub == "ckconfig")
    return openlim::cmd::runCkconfig({args.begin() + 1, args.end()}, std::cout, std::cerr);
  if (!sub.empty() && sub[0] == '-') {
    std::cerr << "lsadmin: unknown option " << sub << "\n" << kUsage;
    return 2;
  }
  std::cerr << "lsadmin: " << sub << ": not available yet\n";
  return 2;
}
