// Fuzz the lsf.cluster.<name> reader (Parameters, ClusterAdmins, Host, ResourceMap) and the
// whole-cluster validation, against a fixed lsf.shared.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "config/builtins.h"
#include "config/lsf_cluster.h"
#include "config/lsf_shared.h"
#include "config/validate.h"

namespace {

constexpr const char* kShared = R"(Begin Cluster
ClusterName
fuzz
End Cluster
Begin HostType
TYPENAME
LINUX86
End HostType
Begin HostModel
MODELNAME CPUFACTOR ARCHITECTURE
Generic 100 (x86_64)
End HostModel
Begin Resource
RESOURCENAME TYPE INTERVAL INCREASING CONSUMABLE DESCRIPTION
usr_tmp Numeric 30 N N (tmp)
licenses Numeric 60 N Y (licenses)
fluent Numeric () N Y (static)
cs Boolean () () () (bool)
osrel String () () () (string)
End Resource
)";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace openlim::config;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<openlim::Diagnostic> diags;
  DiagSink shared("lsf.shared", &diags), cluster("lsf.cluster.fuzz", &diags);
  BuildContext ctx;
  ctx.snap.resources = builtinResources();
  ctx.snap.buildIndexes();
  readLsfShared(kShared, ctx, shared);
  if (!diags.empty()) __builtin_trap();
  readLsfCluster(text, ctx, cluster);
  validateCluster(ctx, {}, AddressCheck{}, shared, cluster);
  for (const auto& i : ctx.snap.instances)
    for (const auto& h : i.hosts)
      if (!ctx.snap.findHost(h)) __builtin_trap();  // instances only name known hosts
  return 0;
}
