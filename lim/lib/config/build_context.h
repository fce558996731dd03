#pragma once
// State shared by the format readers while one snapshot is being built.

#include <map>
#include <set>
#include <string>

#include "openlim/config.h"

namespace openlim::config {

struct BuildContext {
  ConfigSnapshot snap;
  // Names already reported and ignored. Later references to them stay silent, so one bad
  // line does not cascade into "undefined" warnings elsewhere.
  std::set<std::string> rejectedResources;
  std::set<std::string> rejectedHosts;  // lower case
  std::set<std::string> rejectedModels;
  std::set<std::string> rejectedTypes;
  // The elim knobs the cluster file's Parameters section sets: key as the table spells it -> line
  // (checked together with lsf.conf's: checkElimKnobs).
  std::map<std::string, int> clusterElimKnobs;
};

}  // namespace openlim::config
