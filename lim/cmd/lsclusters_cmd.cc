// lsclusters: the cluster, its status, master, administrators and host counts (LSF's command
// reference). openlim runs one cluster: the one the local lim belongs to.
#include "commands.h"
#include "format/cluster_format.h"
#include "format/text.h"

namespace openlim::cmd {
namespace {

// Built when the command runs, not at start-up: openlim-cmd holds every command's
// definition, and a namespace-scope one would be built by every command it runs (a
// function-local static would take a guard's code and data pages).
CommandDef lsclustersDef() {
  return CommandDef{"lsclusters",
                    "lsclusters [-h] [-V] [-json] [-l | -w] [cluster_name ...]",
                    {{"l"}, {"w"}, {"json"}}};
}

}  // namespace

int runLsclusters(const std::vector<std::string>& args, CmdIo& io) {
  int rc = kExitOk;
  auto parsed = parseCommand(lsclustersDef(), args, io, &rc);
  if (!parsed) return rc;
  const ParsedArgs& a = *parsed;
  std::string why = conflict(a, "l", {"w"});
  if (!why.empty()) return usageError(lsclustersDef(), io, why);
  Client api(io.lim, io.localHost);
  auto id = api.id();
  if (!id) return fail(io, "lsclusters", id.status());
  // A name that is not this cluster is reported and skipped, as LSF does for a cluster it
  // does not know; the command fails when none is left.
  bool ours = a.operands.empty();
  for (const auto& n : a.operands) {
    if (n == id->cluster) {
      ours = true;
    } else {
      io.err << "lsclusters: " << format::clipEcho(n) << ": No such cluster\n";
      rc = kExitNotFound;
    }
  }
  if (!ours) return rc;
  auto hosts = api.hosts();
  if (!hosts) return fail(io, "lsclusters", hosts.status());
  format::ClusterInfo info;
  if (a.has("l")) {
    auto got = api.info();
    if (!got) return fail(io, "lsclusters", got.status());
    info = std::move(*got);
  }
  std::vector<format::ClusterSummary> cs{
      format::summarizeCluster(*id, *hosts, a.has("l") ? &info : nullptr)};
  if (a.has("json"))
    io.out << format::clustersJson(cs, a.has("l")).dump();
  else if (a.has("l"))
    io.out << format::formatClustersLong(cs);
  else
    io.out << format::formatClusters(cs);
  return rc;
}

}  // namespace openlim::cmd
