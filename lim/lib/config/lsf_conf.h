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
// accepted before the key. Unknown keys are kept. A key set twice is a warning (unless the
// later value reads the key itself: X="$X more"). `emptied`, when given, receives the keys
// whose last assignment is literally empty (KEY= or KEY=""), with its line.
std::map<std::string, ConfEntry> parseLsfConf(std::string_view text, const EnvLookup& env,
                                              DiagSink& diag,
                                              std::map<std::string, int>* emptied = nullptr);

// Makes relative LSF_CONFDIR, LSF_SERVERDIR, LSF_LOGDIR, LSF_AUTH_KEYFILE, LSF_BINDIR and
// LSF_ELIM_DIR absolute against envDir (or envDir-relative when envDir itself is relative).
void resolveConfPaths(std::map<std::string, ConfEntry>& conf, const std::string& envDir);

// dir + "/" + name, without "./" noise: joinPath(".", "x") == "x", joinPath("a", ".") == "a".
std::string joinPath(const std::string& dir, const std::string& name);

}  // namespace openlim::config
