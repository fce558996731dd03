#pragma once
// lsf.conf typed once: the keys openlim uses, each parsed and range-checked into LsfParams
// (or, for the elim knobs, into ClusterParams), and the table of keys we know, so a typo in
// an LSF_ key is reported rather than silently ignored.

#include <map>
#include <string>
#include <string_view>

#include "config/diag.h"
#include "config/lsf_conf.h"
#include "openlim/config.h"

namespace openlim::config {

// Reads every key of `conf` (already path-resolved) into `out`; the elim knobs go through
// applyParam into `elim`. A bad port, interval or count is an error at its line; a bad
// LSF_LOG_MASK a warning (the default is used). An unknown key that starts with LSF_ is a
// warning (likely a typo; the nearest known key is suggested); other keys are site
// variables and stay silent. `emptied`: keys set to a literally empty value (see
// parseLsfConf); a numeric one is a warning (its default is used).
void readLsfParams(const std::map<std::string, ConfEntry>& conf,
                   const std::map<std::string, int>& emptied, LsfParams* out, ClusterParams* elim,
                   DiagSink& diag);

// True when `key` is an lsf.conf key openlim reads or LSF defines (no typo warning).
bool isKnownLsfKey(std::string_view key);

// The known key closest to `key` by edit distance (at most 2), or "" when none is.
std::string nearestLsfKey(std::string_view key);

}  // namespace openlim::config
