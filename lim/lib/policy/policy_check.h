#pragma once
// Cross-file checks of the policy configuration, for the master's reload and ckconfig.

#include <string>
#include <vector>

#include "policy/attributes_file.h"
#include "policy/policies_file.h"

namespace openlim::policy {

struct UndefinedName {
  std::string name;    // upper case
  std::string policy;  // the first policy that reads it
  int line = 0;        // the line of that expression in the policies file
};

// Names the policies read that nothing defines: not AGE, not a JOB_ name (requests bring
// those), not set for any host in the attributes file, and not in `known` (upper case: the
// load indices and resources the caller knows). First use first, each name once.
std::vector<UndefinedName> undefinedAttributes(const PolicySet& set,
                                               const AttributesLoad& attributes,
                                               const std::vector<std::string>& known);

}  // namespace openlim::policy
