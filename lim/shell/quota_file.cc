// lsf.quotas next to the cluster configuration (see quota_file.h).
#include "quota_file.h"

#include <sys/stat.h>
#include <cerrno>

#include "config/lsf_conf.h"
#include "read_file.h"
#include "unix_user_directory.h"

namespace openlim::shell {

QuotaFileLoad loadQuotaFile(const ConfigSnapshot& cluster) {
  QuotaFileLoad out;
  // Diagnostics name the file as the configuration's others do: its path under LSF_CONFDIR.
  out.path = config::joinPath(cluster.confDir, "lsf.quotas");
  struct stat st {};
  if (::stat(out.path.c_str(), &st) != 0 && errno == ENOENT) return out;
  out.present = true;
  auto text = readFile(out.path);
  if (!text) {
    // readFile's message is "<path>: <reason>": the diagnostic names the path once.
    std::string why = text.status().message();
    if (why.rfind(out.path + ": ", 0) == 0) why.erase(0, out.path.size() + 2);
    out.load.diagnostics.push_back({out.path, 0, Severity::kError, "cannot be read: " + why});
    return out;
  }
  UnixUserDirectory users;
  out.load = quota::loadQuotas(*text, out.path, cluster, &users);
  return out;
}

}  // namespace openlim::shell
