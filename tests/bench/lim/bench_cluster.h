#pragma once
// The simulated cluster of the master benchmarks: N hosts "host<i>" of one model, the
// built-in indices plus 9 external ones, and each host's load report (20 values).

#include <memory>
#include <string>

#include "config/builtins.h"
#include "config/derived_resources.h"
#include "openlim/config.h"
#include "protocol/messages.h"

namespace openlim::bench {

// Every configuration has the derived resources (the collected NLB values and an averaged
// index for each dynamic one: the 20 indices and the NLB values). withAverages = false drops
// the averaged ones only, so a comparison shows what the averages themselves cost.
inline ConfigPtr benchConfig(int hosts, bool withThresholds, bool withAverages = true) {
  auto c = std::make_shared<ConfigSnapshot>();
  c->clusterName = "bench";
  c->resources = config::builtinResources();
  for (int i = 0; i < 9; ++i)
    c->resources.push_back({.name = "ext" + std::to_string(i),
                            .type = ResourceType::kNumeric,
                            .direction = Direction::kIncreasing,
                            .interval = 15,
                            .dynamic = true});
  for (size_t i = 0; i < c->resources.size(); ++i) c->resourceIndexByName[c->resources[i].name] = i;
  c->models.push_back({.name = "Generic", .cpuFactor = 100});
  c->hostTypes.push_back("LINUX86");
  c->hosts.reserve(static_cast<size_t>(hosts));
  for (int i = 0; i < hosts; ++i) {
    HostConfig h{.name = "host" + std::to_string(i), .model = "Generic", .type = "LINUX86"};
    if (withThresholds) h.thresholds = {{"r1m", 3.5}, {"pg", 20}};
    c->hosts.push_back(std::move(h));
  }
  for (size_t i = 0; i < c->hosts.size(); ++i) c->hostIndex[c->hosts[i].name] = i;
  c->params.exInterval = 15;
  std::vector<Diagnostic> diags;
  config::DiagSink sink("lsf.shared", &diags);
  config::addDerivedResources(c.get(), sink);
  if (!withAverages) {
    std::erase_if(c->resources, [](const ResourceDef& r) { return !r.averageOf.empty(); });
    c->resourceIndexByName.clear();
    for (size_t i = 0; i < c->resources.size(); ++i)
      c->resourceIndexByName[c->resources[i].name] = i;
  }
  return c;
}

inline protocol::LoadReport benchReport(int i, const std::string& checksum) {
  protocol::LoadReport r{.host = "host" + std::to_string(i), .checksum = checksum};
  for (const char* n : {"r15s", "r1m", "r15m", "ut", "pg", "io", "ls", "it", "tmp", "swp", "mem"})
    r.numbers.push_back({n, 0.5 + i % 7, 0});
  for (int k = 0; k < 9; ++k) r.numbers.push_back({"ext" + std::to_string(k), 1.0 * k, 0});
  return r;
}

}  // namespace openlim::bench
