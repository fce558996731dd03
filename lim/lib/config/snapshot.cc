// Lookups on ConfigSnapshot: map-backed when the indexes are current, else linear.
#include <strings.h>

#include <algorithm>
#include <cctype>

#include "openlim/config.h"

namespace openlim {

const ResourceDef* ConfigSnapshot::findResource(const std::string& name) const {
  int i = resourceIndex(name);
  return i < 0 ? nullptr : &resources[static_cast<size_t>(i)];
}

namespace {

std::string lowerName(const std::string& s) {
  std::string out = s;
  for (auto& c : out) c = static_cast<char>(tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

void ConfigSnapshot::buildIndexes() {
  hostIndex.clear();
  resourceIndexByName.clear();
  for (size_t i = 0; i < hosts.size(); ++i) hostIndex.emplace(lowerName(hosts[i].name), i);
  for (size_t i = 0; i < resources.size(); ++i) resourceIndexByName.emplace(resources[i].name, i);
}

int ConfigSnapshot::resourceIndex(const std::string& name) const {
  if (resourceIndexByName.size() == resources.size()) {
    auto it = resourceIndexByName.find(name);
    if (it == resourceIndexByName.end()) return -1;
    // A hit is checked, so an index left stale by hand edits falls back to the scan.
    if (it->second < resources.size() && resources[it->second].name == name)
      return static_cast<int>(it->second);
  }
  for (size_t i = 0; i < resources.size(); ++i)
    if (resources[i].name == name) return static_cast<int>(i);
  return -1;
}

const HostConfig* ConfigSnapshot::findHost(const std::string& name) const {
  if (hostIndex.size() == hosts.size()) {
    auto it = hostIndex.find(lowerName(name));
    if (it == hostIndex.end()) return nullptr;
    if (it->second < hosts.size() && strcasecmp(hosts[it->second].name.c_str(), name.c_str()) == 0)
      return &hosts[it->second];
  }
  for (const auto& h : hosts)
    if (strcasecmp(h.name.c_str(), name.c_str()) == 0) return &h;
  return nullptr;
}

const HostModel* ConfigSnapshot::findModel(const std::string& name) const {
  for (const auto& m : models)
    if (m.name == name) return &m;
  return nullptr;
}

const HostGroup* ConfigSnapshot::findHostGroup(const std::string& name) const {
  for (const auto& g : hostGroups)
    if (g.name == name) return &g;
  return nullptr;
}

const HostAddress* ConfigSnapshot::findAddress(const std::string& nameOrAlias) const {
  for (const auto& a : addresses) {
    if (strcasecmp(a.name.c_str(), nameOrAlias.c_str()) == 0) return &a;
    for (const auto& al : a.aliases)
      if (strcasecmp(al.c_str(), nameOrAlias.c_str()) == 0) return &a;
  }
  return nullptr;
}

std::optional<std::string> ConfigSnapshot::conf(const std::string& key) const {
  auto it = lsfConf.find(key);
  if (it == lsfConf.end()) return std::nullopt;
  return it->second;
}

double ConfigSnapshot::maxCpuFactor() const {
  double best = 0;
  for (const auto& h : hosts) {
    const HostModel* m = findModel(h.model);
    if (m) best = std::max(best, m->cpuFactor);
  }
  return best > 0 ? best : 1.0;
}

std::vector<std::string> ConfigSnapshot::perHostExternalResources(const std::string& host) const {
  std::vector<std::string> out;
  for (const auto& [name, holders] : perHostResources) {
    const ResourceDef* r = findResource(name);
    if (!r || r->builtin || !r->dynamic) continue;
    for (const auto& h : holders)
      if (strcasecmp(h.c_str(), host.c_str()) == 0) {
        out.push_back(name);
        break;
      }
  }
  return out;
}

int ConfigLoad::errors() const {
  return static_cast<int>(
      std::count_if(diagnostics.begin(), diagnostics.end(),
                    [](const Diagnostic& d) { return d.severity == Severity::kError; }));
}

int ConfigLoad::warnings() const {
  return static_cast<int>(diagnostics.size()) - errors();
}

}  // namespace openlim
