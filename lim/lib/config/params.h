#pragma once
// The cluster Parameters (and their lsf.conf spellings for the elim knobs).

#include <string>

#include "config/diag.h"
#include "openlim/config.h"

namespace openlim::config {

// Applies KEY = value to params. Returns false when key is not a parameter we know (the
// caller decides whether that deserves a warning). A bad or out-of-range value is an error
// at `line` (the configuration is refused) and the previous value kept.
bool applyParam(const std::string& key, const std::string& value, int line, ClusterParams* params,
                DiagSink& diag);

// True for the keys also read from lsf.conf (LSF_ELIM_*, ELIM_ABORT_VALUE).
bool isElimKnob(const std::string& key);

}  // namespace openlim::config
