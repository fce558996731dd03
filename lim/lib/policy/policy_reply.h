#pragma once
// The answer to a policy request as JSON, the same for the master's `policy` reply and
// `lspolicy -json`, so the command prints one model whichever way it evaluated:
//
//   {"policy": "day", "period": "prime", "sorted": true,
//    "hosts": [{"host": "hostA", "value": 12.5,                 value null: unknown/no sort
//               "attributes": [["NLB_IDLECPU", "87.5"], ...]},  with attributes (-d) only
//              ...],
//    "warnings": ["..."], "explain": "..."}                      explain with --explain only

#include <string>
#include <utility>
#include <vector>

#include "format/json.h"
#include "policy/policy_eval.h"

namespace openlim::policy {

// Every attribute of a host as NLB's object data format writes it (fixed-point numbers,
// quoted strings), unknown ones left out: the computed NLB names, AGE, then each resource.
std::vector<std::pair<std::string, std::string>> hostAttributes(const PolicyEngine& engine,
                                                                const HostTable& table,
                                                                uint32_t row, const PolicyTime& at);

format::Json policyReplyJson(const PolicyEngine& engine, const PolicyResult& result,
                             const HostTable& table, const PolicyTime& at, bool attributes,
                             bool explain);

// "YYYY-MM-DD HH:MM" (lspolicy --at); kInvalid when malformed or not a real time.
Result<LocalTime> parseAtTime(std::string_view text);

}  // namespace openlim::policy
