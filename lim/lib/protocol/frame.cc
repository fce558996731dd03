#include "protocol/frame.h"

#include "protocol/wire.h"

namespace openlim::protocol {

bool isKnownKind(uint8_t k) {
  return k >= 1 && k <= 7;
}

const char* decodeErrorName(DecodeError e) {
  switch (e) {
    case DecodeError::kNone:
      return "none";
    case DecodeError::kMalformed:
      return "malformed";
    case DecodeError::kOversized:
      return "oversized";
    case DecodeError::kBadMac:
      return "auth_bad_mac";
    case DecodeError::kUnsigned:
      return "auth_unsigned";
  }
  return "malformed";
}

bool constantTimeEqual(const uint8_t* a, const uint8_t* b, size_t n) {
  uint8_t diff = 0;
  for (size_t i = 0; i < n; ++i) diff = static_cast<uint8_t>(diff | (a[i] ^ b[i]));
  return diff == 0;
}

std::string encodeFrame(const Frame& f, const MacFn* mac) {
  Writer w;
  w.raw(kMagic);
  w.u8(kVersion);
  w.u8(static_cast<uint8_t>(f.kind));
  w.u8(f.isSigned ? 1 : 0);
  w.u8(0);
  w.u32(static_cast<uint32_t>(f.body.size()));
  if (f.isSigned) {
    w.u64(f.epoch);
    w.u64(f.seq);
  }
  w.raw(f.body);
  if (f.isSigned) {
    Mac m = (*mac)(w.data());
    w.raw(std::string_view(reinterpret_cast<const char*>(m.data()), m.size()));
  }
  return w.take();
}

std::string encodeUnsignedHeader(Kind kind, size_t bodySize) {
  Writer w;
  w.raw(kMagic);
  w.u8(kVersion);
  w.u8(static_cast<uint8_t>(kind));
  w.u8(0);
  w.u8(0);
  w.u32(static_cast<uint32_t>(bodySize));
  return w.take();
}

size_t frameSize(std::string_view header, size_t maxBody, DecodeError* error) {
  *error = DecodeError::kMalformed;
  if (header.size() < kHeaderSize || header.substr(0, 4) != kMagic) return 0;
  Reader r(header.substr(4, kHeaderSize - 4));
  uint8_t version = r.u8(), kind = r.u8(), flags = r.u8(), reserved = r.u8();
  uint32_t len = r.u32();
  if (version != kVersion || !isKnownKind(kind) || (flags & ~1u) != 0 || reserved != 0) return 0;
  if (len > maxBody) {
    *error = DecodeError::kOversized;
    return 0;
  }
  *error = DecodeError::kNone;
  bool isSigned = (flags & 1u) != 0;
  return kHeaderSize + len + (isSigned ? kAuthSize + kMacSize : 0);
}

Decoded decodeFrame(std::string_view bytes, size_t maxBody, const MacFn* mac, bool requireSigned) {
  Decoded d;
  size_t total = frameSize(bytes, maxBody, &d.error);
  if (total == 0) return d;
  if (bytes.size() != total) {
    d.error = bytes.size() > total && bytes.size() > kMaxUdpDatagram ? DecodeError::kOversized
                                                                     : DecodeError::kMalformed;
    return d;
  }
  Reader r(bytes.substr(5));
  d.frame.kind = static_cast<Kind>(r.u8());
  d.frame.isSigned = (r.u8() & 1u) != 0;
  r.u8();
  uint32_t len = r.u32();
  if (d.frame.isSigned) {
    d.frame.epoch = r.u64();
    d.frame.seq = r.u64();
  }
  d.frame.body = std::string(r.bytes(len));
  if (!d.frame.isSigned) {
    if (requireSigned) d.error = DecodeError::kUnsigned;
    return d;
  }
  std::string_view signedPart = bytes.substr(0, total - kMacSize);
  if (mac == nullptr) {
    d.error = DecodeError::kBadMac;
    return d;
  }
  Mac expect = (*mac)(signedPart);
  auto got = reinterpret_cast<const uint8_t*>(bytes.data() + total - kMacSize);
  if (!constantTimeEqual(expect.data(), got, kMacSize)) d.error = DecodeError::kBadMac;
  return d;
}

}  // namespace openlim::protocol
