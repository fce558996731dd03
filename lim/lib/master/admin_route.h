#pragma once
// Where an admin request (docs/protocol.md: reconfig, lock, unlock, shutdown, restart) is
// carried out: reconfig on the master (another lim redirects to it; with no master known,
// here), the others on the named host's own lim (here, or forwarded over signed UDP).
// Pure.

#include <string>

#include "master/query_request.h"
#include "openlim/config.h"

namespace openlim::master {

enum class AdminRoute {
  kRedirect,     // answer {ok:false, redirect: host}: the master does reconfig
  kReconfigure,  // check and adopt the config here, then tell every other lim
  kLocal,        // this lim is the host named
  kForward,      // send to `host`'s lim; answer {ok:true, forwarded: target}
  kUnknownHost,  // `host` is not in the cluster file: code notfound
};

struct AdminDecision {
  AdminRoute route;
  std::string host;  // redirect: the master; forward: the cluster file's name; else the target
};

AdminDecision routeAdmin(const std::string& op, const AdminRequest& req, const std::string& self,
                         bool isMaster, const std::string& master, const ConfigSnapshot& config);

}  // namespace openlim::master
