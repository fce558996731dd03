#pragma once
// The system resolver (getaddrinfo: /etc/hosts, DNS, whatever nsswitch says). It blocks on the
// name service, so it is called only outside an event loop: at lim's start-up and by
// lsadmin ckconfig, for the names $LSF_CONFDIR/hosts does not map.

#include <optional>
#include <string>

#include "openlim/config.h"

namespace openlim::shell {

// The first IPv4 address of `name`, else its first IPv6 one; nullopt when it has none.
std::optional<std::string> resolveWithSystem(const std::string& name);

// The same as a config check's HostResolver (loadConfigFrom).
HostResolver systemHostResolver();

}  // namespace openlim::shell
