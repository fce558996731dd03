#pragma once
// Binding one parsed rule to the cluster: hosts and host groups to host membership, user
// groups to their members, limits to resources of lsf.shared (units, dynamic terms).

#include "config/diag.h"
#include "openlim/config.h"
#include "quota/quota_model.h"
#include "quota/rqs_syntax.h"
#include "quota/user_directory.h"

namespace openlim::quota {

// Fills rule.filters and rule.limits from words. Reports every problem at rule.line;
// returns false when an error was reported (warnings keep the rule).
bool bindRule(const RuleWords& words, const ConfigSnapshot& cluster, const UserDirectory* users,
              Rule& rule, config::DiagSink& diag);

}  // namespace openlim::quota
