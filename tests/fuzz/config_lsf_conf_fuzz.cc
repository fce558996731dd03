// Fuzz the lsf.conf reader (quotes, ${VAR} expansion, continuation lines).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "config/lsf_conf.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<openlim::Diagnostic> diags;
  openlim::config::DiagSink sink("lsf.conf", &diags);
  auto env = [](const std::string& k) -> std::optional<std::string> {
    if (k == "HOME") return std::string("/root");
    return std::nullopt;
  };
  auto conf = openlim::config::parseLsfConf(text, env, sink);
  openlim::config::resolveConfPaths(conf, "/etc");
  openlim::config::checkLsfConf(conf, sink);
  for (const auto& [k, v] : conf)
    if (v.value.empty()) __builtin_trap();  // empty values mean "not set" and are dropped
  return 0;
}
