#pragma once
// One reservation (docs/reservations.md): a placement that holds its slots and rusage amounts
// on its hosts until it is released or its lease ends. Plain data; the ledger
// (reserve/ledger.h) keeps them, reserve/reservation_json.h writes and reads them.
//
// Times are wall-clock seconds since the epoch (not a lim's monotonic clock): a lease must
// end at the same moment whichever master, or whichever host's lim, looks at it.

#include <cstdint>
#include <string>
#include <vector>

namespace openlim::reserve {

// Who consumes: the verified Unix user, and the labels a calling scheduler passes (there are
// no queues here). "" = not given.
struct Labels {
  std::string user;
  std::string project;
  std::string queue;
  std::string pe;
};

struct Amount {
  std::string resource;  // a consumable numeric resource of lsf.shared
  double amount = 0;     // in the resource's unit, always positive (what is taken)
  bool shared = false;   // a shared resource: taken from the instance the host belongs to
};

// What a reservation holds on one host: its slots there and the rusage amounts taken with
// them (per slot amount x slots).
struct HostHold {
  std::string host;
  int slots = 0;
  std::vector<Amount> amounts;
};

struct Reservation {
  std::string id;
  Labels labels;
  std::vector<std::string> slots;  // one host name per slot, in placement order
  std::vector<HostHold> hosts;     // one per distinct host, in first-slot order
  double created = 0;              // wall-clock seconds
  double expires = 0;              // created or renewed + lease
  std::string master;              // the master that created it
  // Grows with every change the master makes (1 at creation, +1 per renew): a keeper's
  // "journalled" acknowledgement names the version it holds (reserve/journal_quorum.h).
  uint64_t version = 1;
  // RESERVATION_CONSISTENCY = quorum: the term of the master that wrote this copy (created,
  // renewed, or restamped by a rebuild; reserve/terms.h). 0 in available mode.
  uint64_t term = 0;

  bool holdsHost(const std::string& host) const;
};

}  // namespace openlim::reserve
