#pragma once
// lsreserve --explain on the wire (docs/reservations.md): the reserve reply's `explain`
// (the placement's, as the place reply's: {host, outcome, reason}) and `quota`, every
// candidate host's quota verdict:
//   {"host", "admitted", "slots", "reason": "quota admits 2 slot(s): ...",
//    "limits": [{"set", "rule", "resource", "used", "requested", "limit", "consumer",
//                "admitted"}]}
// Pure.

#include <vector>

#include "format/json.h"
#include "openlim/resreq.h"
#include "reserve/admission.h"

namespace openlim::reserve {

format::Json placementExplainJson(const std::vector<HostExplanation>& explanations);
format::Json quotaExplainJson(const std::vector<HostQuota>& quota);

}  // namespace openlim::reserve
