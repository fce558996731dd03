#pragma once
// The node's view of the configuration files (node::ConfigPort): lsf.conf and the cluster
// files read again from the lim's environment directory on reconfig, and lsf.quotas next to
// them. Inside the loop a name the hosts file does not map passes only when this lim already
// has its address (looked up at start-up); a new one is an error, never a resolver call.

#include <functional>
#include <string>

#include "node/ports.h"

namespace openlim::lim {

class ConfigFiles : public node::ConfigPort {
 public:
  using Known = std::function<bool(const std::string& host)>;
  ConfigFiles(std::string envDir, Known known)
      : envDir_(std::move(envDir)), known_(std::move(known)) {}
  ConfigLoad reload() override;
  node::QuotaFile quotas(const ConfigSnapshot& config) override;

 private:
  std::string envDir_;
  Known known_;
};

}  // namespace openlim::lim
