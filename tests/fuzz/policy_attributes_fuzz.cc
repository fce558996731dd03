// Fuzz the lsf.attributes (NLB object data) reader.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "policy/attributes_file.h"

using namespace openlim::policy;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  AttributesLoad l = parseAttributes(text, "lsf.attributes");
  for (const HostAttributes& h : l.hosts) {
    if (h.host.empty() || h.values.size() > kMaxAttributesPerHost) __builtin_trap();
    for (const auto& [name, value] : h.values)
      if (name.empty() || h.find(name) == nullptr) __builtin_trap();
  }
  for (const auto& d : l.diagnostics)
    if (d.message.empty()) __builtin_trap();
  return 0;
}
