#pragma once
// melim's settings: the names it may accept (from the cluster config and LSF_RESOURCES) and
// the knobs of docs/melim.md. Built from a ConfigSnapshot (may be absent) and the environment
// lim passes (which overrides the config). Pure: the environment is a lookup function.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/catalog.h"
#include "core/elim_line.h"
#include "openlim/config.h"
#include "util/restart_policy.h"

namespace openlim::melim {

struct Settings {
  std::vector<NameSpec> names;
  double pollInterval = 5;  // ELIM_POLL_INTERVAL: report at least this often
  double blockTime = 4;     // LSF_ELIM_BLOCKTIME: max age of an unfinished line
  double staleFactor = 3;   // LSF_ELIM_STALE_FACTOR; <= 0 = values never go stale
  double watchdog = 0;      // LSF_ELIM_WATCHDOG; 0 = off
  double killGrace = 2;     // LSF_ELIM_KILL_GRACE: TERM -> KILL
  RestartRules rules;       // LSF_ELIM_RESTART_INTERVAL, LSF_ELIM_RESTARTS, ELIM_ABORT_VALUE
  bool debug = false;       // LSF_ELIM_DEBUG: log every line
  size_t maxLine = kDefaultMaxLine;
  std::vector<std::string> elimArgs;                     // ELIMARGS, split on blanks
  std::optional<std::vector<std::string>> lsfResources;  // LSF_RESOURCES when set
};

using EnvFn = std::function<std::optional<std::string>(const std::string&)>;

// config may be null (no cluster config: names in LSF_RESOURCES become numeric externals
// with a 60 s interval). Every bad environment value is reported in warnings and ignored.
Settings buildSettings(const ConfigSnapshot* config, const EnvFn& env,
                       std::vector<std::string>& warnings);

// Splits on blanks (ELIMARGS, LSF_RESOURCES).
std::vector<std::string> splitWords(const std::string& s);

}  // namespace openlim::melim
