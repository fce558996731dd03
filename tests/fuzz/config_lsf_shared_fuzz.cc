// Fuzz the lsf.shared reader (Cluster, HostType, HostModel, Resource sections).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "config/builtins.h"
#include "config/lsf_shared.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<openlim::Diagnostic> diags;
  openlim::config::DiagSink sink("lsf.shared", &diags);
  openlim::config::BuildContext ctx;
  ctx.snap.resources = openlim::config::builtinResources();
  ctx.snap.buildIndexes();
  openlim::config::readLsfShared(text, ctx, sink);
  // Built-ins stay first and unchanged, whatever the file says.
  if (ctx.snap.resources.size() < 28 || ctx.snap.resources[0].name != "r15s") __builtin_trap();
  if (ctx.snap.resourceIndexByName.size() != ctx.snap.resources.size()) __builtin_trap();
  return 0;
}
