// Fuzzes the metrics endpoint's request head reader with any bytes, cut into pieces at the
// positions the first byte picks: it never keeps more than its limit, a complete head always
// routes to 200, 404 or 405, a refusal is 400, 431 or 505, and the answer head it leads to
// is one status line and header lines ending in an empty line.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "format/http_request.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace openlim::format;
  if (size == 0) return 0;
  const size_t step = 1 + data[0];
  std::string_view in(reinterpret_cast<const char*>(data) + 1, size - 1);
  HttpHeadReader r;
  HttpHeadReader::State st = HttpHeadReader::State::kNeedMore;
  for (size_t at = 0; at < in.size(); at += step) st = r.append(in.substr(at, step));
  int status = 0;
  if (st == HttpHeadReader::State::kComplete) {
    status = metricsRoute(r.head());
    if (status != 200 && status != 404 && status != 405) __builtin_trap();
    if (r.head().target.empty() || r.head().fields > HttpHeadReader::kMaxFields) __builtin_trap();
  } else if (st == HttpHeadReader::State::kRefused) {
    status = r.refusal();
    if (status != 400 && status != 431 && status != 505) __builtin_trap();
  } else if (in.size() > HttpHeadReader::kMaxHeadBytes) {
    __builtin_trap();  // more than the limit given and still waiting
  }
  if (status != 0) {
    std::string h = httpResponseHead(status, "text/plain", in.size());
    if (!h.starts_with("HTTP/1.1 ") || !h.ends_with("\r\n\r\n") || httpReason(status) == "Unknown")
      __builtin_trap();
  }
  return 0;
}
