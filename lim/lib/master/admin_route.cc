#include "master/admin_route.h"

#include <strings.h>

namespace openlim::master {

AdminDecision routeAdmin(const std::string& op, const AdminRequest& req, const std::string& self,
                         bool isMaster, const std::string& master, const ConfigSnapshot& config) {
  if (op == "reconfig") {
    if (!isMaster && !master.empty()) return {AdminRoute::kRedirect, master};
    return {AdminRoute::kReconfigure, self};
  }
  std::string target = req.host.value_or(self);
  const HostConfig* h = config.findHost(target);
  if (!h) return {AdminRoute::kUnknownHost, target};
  if (strcasecmp(target.c_str(), self.c_str()) == 0) return {AdminRoute::kLocal, target};
  return {AdminRoute::kForward, h->name};
}

}  // namespace openlim::master
