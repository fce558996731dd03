#pragma once
// The one thing a command needs from the cluster (the real client, or a fake in tests).

#include <string>

#include "openlim/status.h"

namespace openlim::cmd {

// Sends one request to the cluster and returns the reply body. kUnavailable when no lim
// answered within the connect timeout.
class Querier {
 public:
  virtual ~Querier() = default;
  virtual Result<std::string> ask(const std::string& request, bool admin) = 0;
  // A reservation request, to the local host's lim over its socket (the lim verifies who
  // asks). By default the same as ask() (the tests' fake lim).
  virtual Result<std::string> askLocal(const std::string& request) { return ask(request, false); }
};

}  // namespace openlim::cmd
