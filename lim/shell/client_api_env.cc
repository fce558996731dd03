// Client::fromEnvironment: the lims from lsf.conf, signing admin requests with the cluster key.
// A file of its own so that a program that builds its Client over another transport (the
// commands) does not link libcrypto.
#include "client.h"
#include "hmac.h"
#include "openlim/client.h"

namespace openlim {

Result<std::unique_ptr<Client>> Client::fromEnvironment() {
  auto config = shell::clientConfigFromEnvironment();
  if (!config) return config.status();
  std::string local = config->localHost;
  auto transport = std::make_shared<shell::LimClient>(
      std::move(config.value()), [](const std::string& key) { return shell::makeMacFn(key); });
  return std::make_unique<Client>(std::move(transport), std::move(local));
}

}  // namespace openlim
