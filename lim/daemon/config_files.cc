#include "config_files.h"

#include "quota_file.h"

namespace openlim::lim {

ConfigLoad ConfigFiles::reload() {
  return loadConfigFrom(envDir_, known_);
}

node::QuotaFile ConfigFiles::quotas(const ConfigSnapshot& config) {
  shell::QuotaFileLoad q = shell::loadQuotaFile(config);
  return {std::move(q.path), q.present, std::move(q.load)};
}

}  // namespace openlim::lim
