#include "master/shared_servers.h"

#include <strings.h>

#include <algorithm>

namespace openlim::master {

std::vector<std::string> sharedServers(const ConfigSnapshot& config, const std::string& master,
                                       const AvailableFn& available) {
  std::vector<std::string> out(config.instances.size());
  for (size_t i = 0; i < config.instances.size(); ++i) {
    const ResourceInstance& inst = config.instances[i];
    const ResourceDef* def = config.findResource(inst.resource);
    if (!def || !def->dynamic || inst.staticNumber || inst.staticString) continue;
    if (inst.all) {
      out[i] = master;
      continue;
    }
    for (const auto& h : inst.hosts) {
      if (available(h)) {
        out[i] = h;
        break;
      }
    }
  }
  return out;
}

bool serversFollowAvailability(const ConfigSnapshot& config) {
  for (const ResourceInstance& inst : config.instances) {
    const ResourceDef* def = config.findResource(inst.resource);
    if (def && def->dynamic && !inst.staticNumber && !inst.staticString && !inst.all) return true;
  }
  return false;
}

std::vector<std::string> servedBy(const ConfigSnapshot& config,
                                  const std::vector<std::string>& servers,
                                  const std::string& host) {
  std::vector<std::string> out;
  for (size_t i = 0; i < servers.size() && i < config.instances.size(); ++i)
    if (!servers[i].empty() && strcasecmp(servers[i].c_str(), host.c_str()) == 0)
      out.push_back(config.instances[i].resource);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace openlim::master
