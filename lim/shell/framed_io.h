#pragma once
// Blocking framed TCP I/O with timeouts on a POCO StreamSocket, for the lim daemon's side of a
// connection. One request frame and one reply frame per connection (docs/protocol.md). POCO
// exceptions are caught here and become Status values. The client side is request_client.h.

#include <Poco/Net/StreamSocket.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "openlim/status.h"
#include "protocol/frame.h"
#include "request_client.h"  // Signer, Timeouts, requestJson (POSIX)

namespace openlim::shell {

Status sendAll(Poco::Net::StreamSocket& s, std::string_view bytes);

// Reads exactly one frame within `timeout` seconds and decodes it (MAC checked when signed
// and mac != nullptr). Errors: kUnavailable (timeout, closed), kInvalid (bad frame; the
// message starts with the DecodeError name: "malformed", "oversized", "auth_bad_mac").
Result<protocol::Frame> recvFrame(Poco::Net::StreamSocket& s, size_t maxBody,
                                  const protocol::MacFn* mac, bool requireSigned, double timeout);

}  // namespace openlim::shell
