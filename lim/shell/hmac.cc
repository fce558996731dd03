#include "hmac.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>

namespace openlim::shell {

protocol::Mac hmacSha256(std::string_view key, std::string_view data) {
  protocol::Mac out{};
  unsigned int len = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(data.data()), data.size(), out.data(), &len);
  return out;
}

protocol::MacFn makeMacFn(std::string key) {
  return [k = std::move(key)](std::string_view data) { return hmacSha256(k, data); };
}

}  // namespace openlim::shell
