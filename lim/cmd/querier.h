#pragma once
// The one thing a command needs from the cluster (the real client, or a fake in tests).

#include <string>

#include "openlim/client.h"

namespace openlim::cmd {

// Sends one request to the cluster and returns the reply body: the client library's
// transport (the real lims, or a golden test's fake).
using Querier = LimTransport;

}  // namespace openlim::cmd
