#pragma once
// LSF's built-in resources and the names a site may not use (docs/config.md).

#include <string>
#include <string_view>
#include <vector>

#include "openlim/config.h"

namespace openlim::config {

// The 11 built-in load indices (r15s r1m r15m ut pg io ls it tmp swp mem) then the built-in
// static resources, in the order ConfigSnapshot::resources starts with.
std::vector<ResourceDef> builtinResources();

// Why `name` cannot name a site resource, or "" when it can: must start with a letter, hold
// only letters, digits and '_', be at most 39 characters, and not be reserved (aliases
// swap idle login cpu; any local defined; a word that reads as a number).
std::string badResourceName(std::string_view name);

// Host names: letters, digits, '.', '-', '_' (a hosts-file style name). "" when fine.
std::string badHostName(std::string_view name);

// Model and type names: like resource names but may start with a digit and hold '-' '.'.
std::string badModelName(std::string_view name);

}  // namespace openlim::config
