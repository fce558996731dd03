#pragma once
// The openlim frame codec (docs/protocol.md, version 1). Pure: no sockets, no clock, no
// crypto library; the MAC is computed by a function the shell passes in (HMAC-SHA256).

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace openlim::protocol {

inline constexpr uint8_t kVersion = 1;
inline constexpr std::string_view kMagic = "OLIM";
inline constexpr size_t kHeaderSize = 12;
inline constexpr size_t kAuthSize = 16;  // boot epoch + sequence, signed frames only
inline constexpr size_t kMacSize = 32;
inline constexpr size_t kMaxUdpBody = 60000;
// A reply's body (lim -> client). A full `load` of a 100,000-host cluster is about 36 MB
// (more with many external indices); the limit bounds what a client will allocate for one.
inline constexpr size_t kMaxTcpBody = 128u << 20;
// A request's body (client -> lim). The largest a command builds is a host list from its
// command line, which ARG_MAX (2 MiB on Linux) bounds; JSON quoting at most doubles short
// names. 4 MiB leaves room for a program that lists every host of a 100k-host cluster, and
// bounds what one client can make the lim buffer before it answers.
inline constexpr size_t kMaxRequestBody = 4u << 20;
inline constexpr size_t kMaxUdpDatagram = kHeaderSize + kAuthSize + kMaxUdpBody + kMacSize;

enum class Kind : uint8_t {
  kRequest = 1,         // JSON, client -> lim (TCP)
  kReply = 2,           // JSON, lim -> client (TCP)
  kLoadReport = 3,      // binary, lim -> master (UDP)
  kMasterAnnounce = 4,  // binary heartbeat (UDP)
  kMasterProbe = 5,     // binary (UDP)
  kProbeReply = 6,      // binary (UDP)
  kAdmin = 7,           // JSON, lim -> lim (UDP, signed)
};
bool isKnownKind(uint8_t k);

using Mac = std::array<uint8_t, kMacSize>;
// Computes the MAC of `data` with the cluster key (the shell binds the key).
using MacFn = std::function<Mac(std::string_view data)>;

struct Frame {
  Kind kind = Kind::kRequest;
  bool isSigned = false;
  uint64_t epoch = 0;  // sender boot epoch (signed only)
  uint64_t seq = 0;    // per-sender increasing sequence (signed only)
  std::string body;
};

// Why a frame was refused; each maps to one counter.
enum class DecodeError : uint8_t { kNone, kMalformed, kOversized, kBadMac, kUnsigned };
const char* decodeErrorName(DecodeError e);

struct Decoded {
  DecodeError error = DecodeError::kNone;
  Frame frame;
  bool ok() const { return error == DecodeError::kNone; }
};

// REQUIRES: mac != nullptr when f.isSigned. Body size is not checked here (callers split).
std::string encodeFrame(const Frame& f, const MacFn* mac);
// The kHeaderSize bytes of an unsigned frame of `kind` whose body is `bodySize` bytes: the
// header and the body, sent one after the other, are encodeFrame's bytes without a copy of
// the body (a full load reply at 100k hosts is tens of MB).
std::string encodeUnsignedHeader(Kind kind, size_t bodySize);

// Checks magic, version, kind, length bounds, exact size, and the MAC when signed (a signed
// frame with mac == nullptr is kBadMac; requireSigned refuses unsigned frames as kUnsigned).
Decoded decodeFrame(std::string_view bytes, size_t maxBody, const MacFn* mac, bool requireSigned);

// For stream reads: from the first kHeaderSize bytes, the total frame size to read.
// Returns 0 on a bad header (and sets *error).
size_t frameSize(std::string_view header, size_t maxBody, DecodeError* error);

bool constantTimeEqual(const uint8_t* a, const uint8_t* b, size_t n);

}  // namespace openlim::protocol
