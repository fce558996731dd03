#pragma once
// Reading $LSF_CONFDIR/lsf.quotas next to a loaded cluster configuration (lim at start and
// on reconfig, lsadmin ckconfig). The file is optional: without it there are no quotas. Its
// diagnostics are its own: a bad quota file never refuses the rest of the configuration.
// Asks the name service (UnixUserDirectory) for users and groups: call it while a
// configuration is loaded, never inside an event loop's turn.

#include <string>

#include "openlim/config.h"
#include "quota/quotas_file.h"

namespace openlim::shell {

struct QuotaFileLoad {
  std::string path;      // $LSF_CONFDIR/lsf.quotas
  bool present = false;  // the file exists (absent: no quotas, no diagnostics)
  quota::QuotasLoad load;
  bool usable() const { return load.errors() == 0; }
};

QuotaFileLoad loadQuotaFile(const ConfigSnapshot& cluster);

}  // namespace openlim::shell
