#pragma once
// Blocking framed TCP I/O with timeouts (POCO StreamSocket), shared by the lim daemon and
// the commands' client. One request frame and one reply frame per connection
// (docs/protocol.md). POCO exceptions are caught here and become Status values.

#include <Poco/Net/StreamSocket.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "openlim/status.h"
#include "protocol/frame.h"

namespace openlim::shell {

// Signs admin requests. `sender` names the client in the lim's replay window and is put in
// the request JSON by signedRequest(); epoch/seq must grow across calls from one sender.
struct Signer {
  std::string key;
  std::string sender;
  uint64_t epoch = 0;
  uint64_t seq = 0;
};
// sender "<prefix>@<hostname>:<pid>", epoch = wall-clock microseconds (only as a boot id;
// receivers never compare it with their clock), seq = 0 (incremented before each use).
Signer makeClientSigner(std::string key, const std::string& prefix);

struct Timeouts {
  double connect = 5;  // seconds (LSF_API_CONNTIMEOUT)
  double recv = 5;     // seconds (LSF_API_RECVTIMEOUT), for the whole reply
};

Status sendAll(Poco::Net::StreamSocket& s, std::string_view bytes);

// Reads exactly one frame within `timeout` seconds and decodes it (MAC checked when signed
// and mac != nullptr). Errors: kUnavailable (timeout, closed), kInvalid (bad frame; the
// message starts with the DecodeError name: "malformed", "oversized", "auth_bad_mac").
Result<protocol::Frame> recvFrame(Poco::Net::StreamSocket& s, size_t maxBody,
                                  const protocol::MacFn* mac, bool requireSigned, double timeout);

// Connects to address:port, sends `json` as a kind-1 request (signed when signer != null;
// the signer's seq is incremented) and returns the reply body (JSON text).
// kUnavailable when the lim cannot be reached or does not answer in time.
Result<std::string> requestJson(const std::string& address, uint16_t port, const std::string& json,
                                Signer* signer, const Timeouts& t);

// Adds "sender" to a JSON object text: {"op":"lock"} -> {"sender":"...","op":"lock"}.
std::string withSender(const std::string& json, const std::string& sender);

}  // namespace openlim::shell
