#pragma once
// The one thing a command needs from the cluster (the real client, or a fake in tests).

#include <string>

#include "openlim/client.h"

namespace openlim::cmd {

// Sends one request to the cluster and returns the reply body: the client library's
// transport (the real lims, or a golden test's fake).
using Querier = LimTransport;

// Reservation and quota requests go to the local lim's socket, which verifies who asks: a
// Querier whose every request takes that way.
class LocalQuerier : public Querier {
 public:
  explicit LocalQuerier(Querier& lim) : lim_(lim) {}
  Result<std::string> ask(const std::string& request, bool) override {
    return lim_.askLocal(request);
  }

 private:
  Querier& lim_;
};

}  // namespace openlim::cmd
