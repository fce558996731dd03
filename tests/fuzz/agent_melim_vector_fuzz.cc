// Fuzzes the parsers of melim's lines as the lim agent reads them: the vector on stdout and
// the value ages of the status JSON on fd 3 (the same bytes go to both).
#include <cmath>
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
  auto ages = openlim::parseMelimValueAges(line);
  if (ages.isOk())
    for (const auto& a : *ages)
      if (!std::isfinite(a.age) || a.age < 0) __builtin_trap();
  return 0;
}
