#pragma once
// lsf.conf: shell-like KEY=value lines.

#include <map>
#include <string>
#include <string_view>

#include "config/diag.h"
#include "openlim/config.h"

namespace openlim::config {

struct ConfEntry {
  std::string value;
  int line = 0;
};

// Every key with a non-empty value (an empty value, e.g. from an unset ${VAR}, means "not
// set"); the last assignment wins. `${VAR}` and `$VAR` expand from earlier keys of the file,
// then from `env`; unset expands to "". Values may be quoted with " or '; `export ` is
// accepted before the key. Unknown keys are kept.
std::map<std::string, ConfEntry> parseLsfConf(std::string_view text, const EnvLookup& env,
                                              DiagSink& diag);

// Makes relative LSF_CONFDIR, LSF_SERVERDIR, LSF_LOGDIR, LSF_AUTH_KEYFILE, LSF_BINDIR and
// LSF_ELIM_DIR absolute against envDir (or envDir-relative when envDir itself is relative).
void resolveConfPaths(std::map<std::string, ConfEntry>& conf, const std::string& envDir);

// dir + "/" + name, without "./" noise: joinPath(".", "x") == "x", joinPath("a", ".") == "a".
std::string joinPath(const std::string& dir, const std::string& name);

// Checks the lsf.conf keys whose format we know (LSF_LIM_PORT, LSF_LOG_MASK, ...).
void checkLsfConf(const std::map<std::string, ConfEntry>& conf, DiagSink& diag);

}  // namespace openlim::config
