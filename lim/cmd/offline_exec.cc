#include <limits.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "command_mains.h"
#include "multicall.h"

namespace openlim::cmd {
namespace {

// The folder of the running program (the link's target, as the kernel resolved it).
std::string ownFolder() {
  char buf[PATH_MAX];
  ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return ".";
  std::string path(buf, static_cast<size_t>(n));
  auto slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

}  // namespace

int execOffline(char** argv) {
  std::string path = ownFolder() + "/" + kPolicyProgram;
  ::execv(path.c_str(), argv);
  int e = errno;
  standardError() << commandName(argv[0]) << ": --from needs " << path << ": " << std::strerror(e)
                  << '\n';
  return kExitUsage;
}

}  // namespace openlim::cmd
