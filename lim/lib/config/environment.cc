// The configuration as lim and lsadmin ckconfig read it: the process environment expands
// ${VAR} in lsf.conf, and the system resolver checks host names the hosts file does not map.
#include <netdb.h>
#include <sys/socket.h>

#include <cstdlib>

#include "openlim/config.h"

namespace openlim {

namespace {

bool systemResolves(const std::string& host) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_DGRAM;
  addrinfo* ai = nullptr;
  if (::getaddrinfo(host.c_str(), nullptr, &hints, &ai) != 0) return false;
  ::freeaddrinfo(ai);
  return true;
}

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

ConfigLoad loadConfigFrom(const std::string& envDir) {
  return loadConfig(envDirOr(envDir), processEnv, systemResolves);
}

ConfigLoad loadConfigFrom(const std::string& envDir, const HostResolver& resolves) {
  return loadConfig(envDirOr(envDir), processEnv, resolves);
}

ConfigLoad loadConfigFromEnvironment() {
  return loadConfig(envDirOr(""), processEnv);
}

}  // namespace openlim
