// lsf.quotas next to the cluster configuration (see quota_file.h).
#include "quota_file.h"

#include <sys/stat.h>
#include <cerrno>

#include "read_file.h"
#include "unix_user_directory.h"

namespace openlim::shell {

QuotaFileLoad loadQuotaFile(const ConfigSnapshot& cluster) {
  QuotaFileLoad out;
  out.path = cluster.confDir + "/lsf.quotas";
  struct stat st {};
  if (::stat(out.path.c_str(), &st) != 0 && errno == ENOENT) return out;
  out.present = true;
  auto text = readFile(out.path);
  if (!text) {
    out.load.diagnostics.push_back({"lsf.quotas", 0, Severity::kError, text.status().message()});
    return out;
  }
  UnixUserDirectory users;
  out.load = quota::loadQuotas(*text, "lsf.quotas", cluster, &users);
  return out;
}

}  // namespace openlim::shell
