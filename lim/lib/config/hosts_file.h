#pragma once
// $LSF_CONFDIR/hosts: "IP official_name [alias...]" lines, like /etc/hosts.

#include <string_view>
#include <vector>

#include "config/diag.h"
#include "openlim/config.h"

namespace openlim::config {

// Hosts not in the cluster are fine. A bad address, a line with no name, or a name mapped
// twice is reported and that line (or name) ignored; the first mapping of a name wins.
std::vector<HostAddress> readHostsFile(std::string_view text, DiagSink& diag);

}  // namespace openlim::config
