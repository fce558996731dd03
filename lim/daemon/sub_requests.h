#pragma once
// The lim's requests to other lims (an elimstatus gather's entries, a reservation request
// forwarded to the master), over non-blocking connections polled by the lim's own loop
// (shell::AsyncRequest). Finished ones are handed back by drain(), never from inside
// start(), so an answer never re-enters whoever started the request.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "async_request.h"
#include "openlim/status.h"
#include "poller.h"

namespace openlim::lim {

class SubRequests {
 public:
  using OnDone = std::function<void(uint64_t id, const Result<std::string>& reply)>;

  // `frameBytes`: the encoded request frame. An empty address: finished at once with
  // "cannot resolve address".
  void start(uint64_t id, const std::string& numericAddress, uint16_t port, std::string frameBytes,
             double deadline);
  void registerWith(shell::Poller& poller);
  // Ends the ones past their deadline, then hands every finished one to `done` (which may
  // start more: they are handed over in a later drain).
  void drain(double now, const OnDone& done);
  double nextDeadline() const;

 private:
  struct Live {
    uint64_t id;
    std::unique_ptr<shell::AsyncRequest> req;
    Result<std::string> unsent = Status(Code::kUnavailable, "cannot resolve address");
  };
  std::vector<Live> live_;
};

}  // namespace openlim::lim
