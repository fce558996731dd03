#pragma once
// What the rebuild window's tests share: short timings and a configuration of named hosts.

#include <memory>
#include <string>
#include <vector>

#include "openlim/config.h"
#include "reserve/rebuild.h"

namespace openlim::reserve::testing {

inline const RebuildTiming kTiming{.settle = 5, .limit = 15, .askEvery = 1};

inline ConfigPtr hostsConfig(const std::vector<std::string>& names) {
  auto c = std::make_shared<ConfigSnapshot>();
  for (const auto& n : names) c->hosts.push_back({.name = n});
  c->buildIndexes();
  return c;
}

}  // namespace openlim::reserve::testing
