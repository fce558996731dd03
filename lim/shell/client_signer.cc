// makeClientSigner: the Signer with an HMAC-SHA256 MAC. Apart from request_client.cc so the
// query commands, which never sign, do not link libcrypto.
#include "hmac.h"
#include "request_client.h"

namespace openlim::shell {

Signer makeClientSigner(std::string key, const std::string& prefix) {
  protocol::MacFn mac = makeMacFn(key);
  return makeSigner(std::move(key), prefix, std::move(mac));
}

}  // namespace openlim::shell
