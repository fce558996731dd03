#pragma once
// The resources openlim adds to every configuration without a site declaring them
// (docs/policies.md, "NLB attributes"): the values the lim collects under their NLB names
// (NLB_SYSCPU, NLB_NUMPROC, NLB_PSWCH, NLB_IOREQS, NLB_SWAPPING, NLB_RUNQOCC, NLB_CLOCK,
// NLB_HARDWARE, NLB_OSNAME, NLB_RELEASE, NLB_VERSION) and the averaged indices: A_<index> for every
// numeric dynamic index (built-in or external) and NLB_A_<X> for the dynamic NLB values. They are
// ordinary resources (the binder, select[], order[] and policies read them by name) marked
// `derived`.

#include <string>
#include <vector>

#include "config/diag.h"
#include "openlim/config.h"

namespace openlim::config {

// The NLB values the lim collects, in report order (docs/policies.md has their units).
std::vector<ResourceDef> collectedNlbResources();

// The averaged form's name: A_<name>, or NLB_A_<X> for NLB_<X>.
std::string averageName(const std::string& resource);

// Appends the collected NLB resources, then an averaged index for every numeric dynamic
// resource (site ones included), to snap->resources. A site resource that takes one of
// these names is an error at its lsf.shared line (reported to `shared`) and the derived one
// is not added. REQUIRES: called once, after lsf.shared and the cluster file were read.
void addDerivedResources(ConfigSnapshot* snap, DiagSink& shared);

}  // namespace openlim::config
