#pragma once
// `lsadmin ckconfig [-v] [-json]`: checks the configuration LSF_ENVDIR points to.

#include <string>
#include <vector>

#include "openlim/config.h"
#include "out.h"

namespace openlim::cmd {

// args: what follows "ckconfig" on the command line. Prints every diagnostic as
// "file:line: error|warning: message", then "N error(s), M warning(s)" or "No errors found."
// Returns 0 clean, 1 warnings only, 2 errors or a usage error (usage on err). -json prints
// {"files": [...], "diagnostics": [{"file", "line" (null: the whole file), "severity",
// "message"}], "errors": N, "warnings": M} instead, with the same exit code.
int runCkconfig(const std::vector<std::string>& args, Out& out, Out& err);

// The same check on an already loaded configuration (for tests and lim's reconfig).
int printCheck(const ConfigLoad& load, bool verbose, Out& out);
int printCheckJson(const ConfigLoad& load, Out& out);

}  // namespace openlim::cmd
