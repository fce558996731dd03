// Fuzzes the parser of melim's stdout lines as the lim agent reads them.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "load/procfs/melim_vector.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view line(reinterpret_cast<const char*>(data), size);
  auto v = openlim::parseMelimLine(line);
  if (v.isOk()) {
    for (const auto& [name, value] : *v) {
      if (name.empty()) __builtin_trap();
      if (!value.known && !value.text.empty()) __builtin_trap();
    }
  }
  return 0;
}
