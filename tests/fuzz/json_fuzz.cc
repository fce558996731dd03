// libFuzzer target for the core's JSON reader (requests, replies, snapshot files): any text
// either parses or gives an error; a parsed value written compactly parses back to the same
// text (so the writer never emits what the reader refuses), and that text is valid UTF-8
// whatever bytes the input's strings held.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "format/json.h"
#include "format/utf8.h"

using openlim::format::parseJson;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view in(reinterpret_cast<const char*>(data), size);
  auto parsed = parseJson(in, 32);
  if (!parsed) return 0;
  std::string once = parsed->compact();
  auto again = parseJson(once, 32);
  if (!again || again->compact() != once) __builtin_trap();
  for (size_t i = 0; i < once.size(); ++i) {
    if (static_cast<unsigned char>(once[i]) < 0x80) continue;
    size_t len = openlim::format::utf8SequenceAt(once, i);
    if (len == 0) __builtin_trap();
    i += len - 1;
  }
  auto pretty = parseJson(parsed->dump(), 32);
  if (!pretty || pretty->compact() != once) __builtin_trap();
  return 0;
}
