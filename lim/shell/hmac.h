#pragma once
// HMAC-SHA256 through OpenSSL's libcrypto, and the MacFn the frame codec takes.

#include <string>
#include <string_view>

#include "protocol/frame.h"

namespace openlim::shell {

protocol::Mac hmacSha256(std::string_view key, std::string_view data);

// A MacFn bound to a copy of the key.
protocol::MacFn makeMacFn(std::string key);

}  // namespace openlim::shell
