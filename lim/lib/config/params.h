#pragma once
// The cluster Parameters (and their lsf.conf spellings for the elim knobs).

#include <map>
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
// The knob's name as the table spells it (keys are read case-insensitively), "" when `key`
// is no elim knob.
std::string elimKnobName(const std::string& key);

// Checks on the elim knobs as a whole, once both files are read. `confLines` and
// `clusterLines` give the line of each knob each file sets (elimKnobName spelling); `params` holds
// the values in force. LSF documents LSF_ELIM_RESTARTS as valid only together with
// LSF_ELIM_BLOCKTIME or LSF_ELIM_DEBUG=y: without either, a warning at each line that sets
// it (the cap is still applied: dropping a written value silently would surprise more).
void checkElimKnobs(const std::map<std::string, int>& confLines,
                    const std::map<std::string, int>& clusterLines, const ClusterParams& params,
                    DiagSink& confDiag, DiagSink& clusterDiag);

}  // namespace openlim::config
