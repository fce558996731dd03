// The configuration as lim and the commands read it: the process environment expands ${VAR}
// in lsf.conf; the caller says how host names the hosts file does not map are checked.
#include <cstdlib>

#include "openlim/config.h"

namespace openlim {

namespace {

std::optional<std::string> processEnv(const std::string& name) {
  const char* v = std::getenv(name.c_str());
  return v ? std::optional<std::string>(v) : std::nullopt;
}

std::string envDirOr(const std::string& envDir) {
  if (!envDir.empty()) return envDir;
  const char* e = std::getenv("LSF_ENVDIR");
  return e && *e ? e : "/etc";
}

}  // namespace

ConfigLoad loadConfigFrom(const std::string& envDir, const HostResolver& resolves) {
  return loadConfig(envDirOr(envDir), processEnv, resolves);
}

ConfigLoad loadConfigFromEnvironment() {
  return loadConfig(envDirOr(""), processEnv);
}

}  // namespace openlim
