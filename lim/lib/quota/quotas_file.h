#pragma once
// The lsf.quotas reader: Grid Engine's resource quota set syntax, checked against one
// cluster configuration (resources of lsf.shared, hosts and host groups of lsf.cluster) and
// the Unix users and groups (through UserDirectory).
//
//   {
//      name         max_slots_per_user
//      description  "each user at most 20 slots, 5 per CPU on the linux hosts"
//      enabled      true | false | prime | non_prime
//      limit        users {*} hosts {@linux} to slots=$ncpus*5
//      limit        users {*} to slots=20
//   }
//
// '#' starts a comment and a trailing '\' continues a line; `{` and `}` stand alone on
// their lines. Every problem is a file:line diagnostic. Errors: malformed sets or rules,
// unknown resources, a resource that cannot be reserved, a dynamic limit outside a rule
// whose hosts are in braces, duplicate set or rule names, negative or non-numeric limits,
// unknown host groups. Warnings: unknown users, user groups and hosts.

#include <string>
#include <string_view>
#include <vector>

#include "openlim/config.h"
#include "quota/quota_model.h"
#include "quota/user_directory.h"

namespace openlim::quota {

struct QuotasLoad {
  QuotaConfig config;                   // what parsed; use it only when errors() == 0
  std::vector<Diagnostic> diagnostics;  // file:line: message, in line order
  int errors() const;
  int warnings() const;
};

// REQUIRES: cluster is a loaded snapshot (hosts, resources, hostGroups). users may be null:
// then user names are not checked and @groups match only through a request's own groups.
QuotasLoad loadQuotas(std::string_view text, const std::string& file, const ConfigSnapshot& cluster,
                      const UserDirectory* users);

}  // namespace openlim::quota
