// Fuzz the $LSF_CONFDIR/hosts reader.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "config/hosts_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<openlim::Diagnostic> diags;
  openlim::config::DiagSink sink("hosts", &diags);
  for (const auto& a : openlim::config::readHostsFile(text, sink))
    if (a.name.empty() || a.ip.empty()) __builtin_trap();
  return 0;
}
