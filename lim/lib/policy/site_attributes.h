#pragma once
// Site attributes: the values of lsf.attributes become static resource values of their hosts,
// read everywhere a Host-section `name=value` is (select[], policies, lshosts, snapshots).
//
// Each attribute must be a static resource declared in lsf.shared, with a value of its type:
// a Numeric takes an integer or a fixed-point float, a String a quoted string or a word, a
// Boolean 1 (the host has it) or 0. Every problem is an error at its file line, so a bad file
// refuses the whole configuration (reconfig changes nothing):
// - a host that is not in the Host section of the cluster file;
// - an attribute lsf.shared does not declare, a built-in resource, a value the lim collects
//   or the master computes (NLB_*, A_*), a dynamic resource (its elim reports it);
// - a shared resource (ResourceMap gives it to host sets: one value per instance);
// - a host whose Host-section RESOURCES already sets the resource: one source per value.

#include <string>
#include <vector>

#include "openlim/config.h"
#include "policy/attributes_file.h"

namespace openlim::policy {

// Sets the values of `load` on the hosts of `snap` (HostConfig numbers, strings, booleans,
// and siteAttributes); `file` names lsf.attributes in diagnostics, appended to `out`.
// A refused value is not set. REQUIRES: the cluster file was read (hosts, ResourceMap).
void applySiteAttributes(ConfigSnapshot& snap, const AttributesLoad& load, const std::string& file,
                         std::vector<Diagnostic>& out);

}  // namespace openlim::policy
