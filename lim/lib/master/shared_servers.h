#pragma once
// Which host serves each shared resource instance (LSF's LIM behaviour "Shared resources"):
// [all] -> the master; [h1 h2 h3] -> the first available host of the set (so the role moves
// down the set when a host goes away and back when it returns). Static instances need no
// server (""), nor do instances with no available host.

#include <functional>
#include <string>
#include <vector>

#include "openlim/config.h"

namespace openlim::master {

using AvailableFn = std::function<bool(const std::string& host)>;

// One entry per config.instances, same order.
std::vector<std::string> sharedServers(const ConfigSnapshot& config, const std::string& master,
                                       const AvailableFn& available);

// Whether sharedServers()' answer can change with a host's availability alone (an instance
// of a dynamic resource measured by one of its hosts): the master then checks it every tick.
bool serversFollowAvailability(const ConfigSnapshot& config);

// The dynamic shared resources `host` serves, given sharedServers()' answer (names, sorted,
// unique) — what goes into that host's LSF_RESOURCES besides its [default] ones.
std::vector<std::string> servedBy(const ConfigSnapshot& config,
                                  const std::vector<std::string>& servers, const std::string& host);

}  // namespace openlim::master
