#pragma once
// One framed request and its reply over a plain POSIX TCP socket (docs/protocol.md), for the
// commands and for lim-to-lim sub-requests. Deliberately free of POCO.Net: a command's
// latency is mostly the dynamic loader, and PocoNet alone costs it about 6 ms per start.

#include <cstdint>
#include <string>

#include "openlim/status.h"
#include "protocol/frame.h"

namespace openlim::shell {

// Signs admin requests. `sender` names the client in the lim's replay window and is put in
// the request JSON by withSender(); epoch/seq must grow across calls from one sender. `mac`
// computes the frame MAC (shell::makeMacFn(key) in hmac.h); this file does not link a crypto
// library, so a Signer without `mac` cannot sign (requestJson answers kDenied).
struct Signer {
  std::string key;
  std::string sender;
  uint64_t epoch = 0;
  uint64_t seq = 0;
  protocol::MacFn mac;
};
// sender "<prefix>@<hostname>:<pid>", epoch = wall-clock microseconds (only as a boot id;
// receivers never compare it with their clock), seq = 0 (incremented before each use).
Signer makeSigner(std::string key, const std::string& prefix, protocol::MacFn mac);
// makeSigner with shell::makeMacFn(key): defined in client_signer.cc, which links libcrypto
// (library openlim_hmac; openlim_shell brings it).
Signer makeClientSigner(std::string key, const std::string& prefix);

// A request body past protocol::kMaxRequestBody is refused before any connection: the lim
// would close the connection on it, and the caller would take that for a lim that is down.
// kInvalid, subcode kRequestTooLarge (liblsf maps it to LSE_BAD_ARGS).
Status checkRequestSize(size_t bodyBytes);

struct Timeouts {
  double connect = 5;  // seconds (LSF_API_CONNTIMEOUT)
  double recv = 5;     // seconds (LSF_API_RECVTIMEOUT), for the whole reply
};

// Connects to address:port (numeric IPv4/IPv6 or a resolvable name), sends `json` as a
// kind-1 request (signed when signer != null; the signer's seq is incremented) and returns
// the reply body (JSON text). kUnavailable when the lim cannot be reached or does not answer
// in time; kInvalid for a reply that is not a well-formed reply frame.
Result<std::string> requestJson(const std::string& address, uint16_t port, const std::string& json,
                                Signer* signer, const Timeouts& t);

// The same over the local lim's Unix socket (reservation requests: the lim reads who is
// calling from the socket, docs/reservations.md). Never signed. kUnavailable when the socket
// is not there or nobody listens.
Result<std::string> requestJsonLocal(const std::string& socketPath, const std::string& json,
                                     const Timeouts& t);

// Adds "sender" to a JSON object text: {"op":"lock"} -> {"sender":"...","op":"lock"}.
std::string withSender(const std::string& json, const std::string& sender);

}  // namespace openlim::shell
