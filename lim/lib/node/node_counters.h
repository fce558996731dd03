#pragma once
// What a LimNode counts, exposed by the `status` op under these names (the JSON keys).

#include <cstdint>

namespace openlim::node {

struct NodeCounters {
  uint64_t auth_replay = 0, malformed = 0;
  uint64_t reports_sent = 0, reports_ingested = 0, report_parts_sent = 0;
  uint64_t announces_sent = 0, probes_sent = 0, queries = 0, admin_requests = 0;
  uint64_t admin_denied = 0, reconfigs = 0, reconfigs_refused = 0, melim_restarts = 0;
  uint64_t unknown_sender = 0;
  uint64_t elim_subrequests = 0;
  // Reservations: requests taken on the local socket, forwarded to the master, journals
  // found cut short at start, state files of another cluster set aside, hold messages sent,
  // holds reports sent, askholds sent by a rebuilding master and received.
  uint64_t local_requests = 0, reservations_forwarded = 0, journal_torn = 0, state_foreign = 0;
  uint64_t holds_sent = 0, holds_reports = 0, holds_reports_resent = 0, holds_asks = 0,
           holds_asked = 0;
  // Quorum mode's terms (reserve/terms.h): changes a voter refused for an earlier term,
  // rebuilds begun at a new term, voters' copies a rebuild left out (never acknowledged).
  uint64_t holds_fenced = 0, terms_begun = 0, term_copies_left_out = 0;
  // lsf.quotas loads adopted, and refused for errors (the previous quotas stayed).
  uint64_t quota_loads = 0, quota_loads_refused = 0;
};

}  // namespace openlim::node
