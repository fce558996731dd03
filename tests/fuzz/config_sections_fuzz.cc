// Fuzz the generic section reader: logical lines, Begin/End structure, tables, parameters.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "config/sections.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<openlim::Diagnostic> diags;
  openlim::config::DiagSink sink("fuzz", &diags);
  for (const auto& s : openlim::config::readSections(text, sink)) {
    auto t = openlim::config::readTable(s, sink);
    for (const auto& r : t.rows)
      for (const auto& v : r.values) (void)openlim::config::listItems(v);
    (void)openlim::config::readParams(s, sink);
  }
  for (const auto& d : diags)
    if (d.line < 0) __builtin_trap();
  return 0;
}
