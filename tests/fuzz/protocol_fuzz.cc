// libFuzzer target for the lim wire codec: frame header/MAC check, load report and announce
// bodies. The MAC function is a cheap stand-in (the core takes it as a parameter).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "protocol/frame.h"
#include "protocol/messages.h"

using namespace openlim::protocol;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view in(reinterpret_cast<const char*>(data), size);
  MacFn mac = [](std::string_view d) {
    Mac m{};
    for (size_t i = 0; i < d.size(); ++i) m[i % m.size()] ^= static_cast<uint8_t>(d[i]);
    return m;
  };
  Decoded d = decodeFrame(in, kMaxUdpBody, &mac, false);
  DecodeError e;
  (void)frameSize(in, kMaxTcpBody, &e);
  std::string_view body = d.ok() ? std::string_view(d.frame.body) : in;
  auto r = decodeLoadReport(body);
  if (r.isOk()) {
    // Re-encoding a decoded report must decode to the same number of values.
    auto parts = encodeLoadReport(*r, kMaxUdpBody);
    size_t n = 0;
    for (const auto& p : parts) n += decodeLoadReport(p)->numbers.size();
    if (n != r->numbers.size()) __builtin_trap();
  }
  auto a = decodeAnnounce(body);
  if (a.isOk() && !decodeAnnounce(encodeAnnounce(*a)).isOk()) __builtin_trap();
  return 0;
}
