// Fuzz the lsf.conf reader (quotes, ${VAR} expansion, continuation lines) and the typed
// reading of its keys (ports, intervals, counts, the typo check).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "config/lsf_conf.h"
#include "config/lsf_params.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<openlim::Diagnostic> diags;
  openlim::config::DiagSink sink("lsf.conf", &diags);
  auto env = [](const std::string& k) -> std::optional<std::string> {
    if (k == "HOME") return std::string("/root");
    return std::nullopt;
  };
  std::map<std::string, int> emptied;
  auto conf = openlim::config::parseLsfConf(text, env, sink, &emptied);
  openlim::config::resolveConfPaths(conf, "/etc");
  openlim::LsfParams lsf;
  openlim::ClusterParams elim;
  openlim::config::readLsfParams(conf, emptied, &lsf, &elim, sink);
  if (lsf.limPort == 0) __builtin_trap();  // a port is 1-65535 or the default, never 0
  for (const auto& [k, v] : conf)
    if (v.value.empty()) __builtin_trap();  // empty values mean "not set" and are dropped
  return 0;
}
