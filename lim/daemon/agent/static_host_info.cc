#include "agent/static_host_info.h"

#include <cctype>

#include "util/strict_number.h"

namespace openlim::agent {
namespace {

constexpr const char* kUnknownAuto = "UNKNOWN_AUTO_DETECT";

// Lower case without '_' and '-', so "x86_64", "X86_64" and "X8664" compare equal.
std::string fold(const std::string& s) {
  std::string out;
  for (char c : s)
    if (c != '_' && c != '-') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool archMatches(const std::string& architecture, const std::string& machine) {
  std::string a = fold(architecture), m = fold(machine);
  return !m.empty() && (a == m || a.rfind(m, 0) == 0);
}

}  // namespace

std::string detectHostType(const ConfigSnapshot& config, const std::string& machine) {
  for (const auto& t : config.hostTypes)
    if (fold(t) == fold(machine)) return t;
  return config.hostTypes.empty() ? kUnknownAuto : config.hostTypes.front();
}

std::string detectHostModel(const ConfigSnapshot& config, const std::string& machine) {
  for (const auto& m : config.models)
    if (archMatches(m.architecture, machine)) return m.name;
  return config.models.empty() ? kUnknownAuto : config.models.front().name;
}

StaticHostInfo buildStaticInfo(const ConfigSnapshot& config, const std::string& hostName,
                               const DetectedHost& d) {
  StaticHostInfo info;
  info.name = hostName;
  const HostConfig* hc = config.findHost(hostName);
  std::string type = hc ? hc->type : "!";
  std::string model = hc ? hc->model : "!";
  info.type = type.empty() || type == "!" ? detectHostType(config, d.machine) : type;
  info.model = model.empty() || model == "!" ? detectHostModel(config, d.machine) : model;
  if (const HostModel* m = config.findModel(info.model)) info.cpuFactor = m->cpuFactor;
  info.ncpus = d.onlineCpus;
  if (config.lsf.ncpus > 0) info.ncpus = config.lsf.ncpus;
  info.ncores = d.cores;
  info.nthreads = d.threads;
  info.maxmem = d.memTotalMb;
  info.maxswp = d.swapTotalMb;
  info.maxtmp = d.tmpTotalMb;
  info.ndisks = d.disks;
  if (hc) {
    info.server = hc->server;
    if (hc->nd >= 0) info.ndisks = hc->nd;  // ND column overrides detection
    info.booleans = hc->booleans;
    info.strings = hc->strings;
    info.numbers = hc->numbers;
  }
  return info;
}

}  // namespace openlim::agent
