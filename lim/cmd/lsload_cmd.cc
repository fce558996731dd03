// lsload: the load table (plain, -l, -w, -I, -N/-E, -R, -n) and lsload -s.
#include <algorithm>

#include "commands.h"
#include "format/load_format.h"
#include "format/misc_format.h"
#include "format/reply_parse.h"
#include "format/values.h"
#include "index_list.h"
#include "shared_values.h"

namespace openlim::cmd {
namespace {

// Built when the command runs, not at start-up: openlim-cmd holds every command's
// definition, and a namespace-scope one would be built by every command it runs (a
// function-local static would take a guard's code and data pages).
CommandDef lsloadDef() {
  return CommandDef{
      "lsload",
      "lsload [-h] [-V] [-json] [-l | -w] [-N | -E] [-I index[:index]...] [-R res_req]\n"
      "              [-p policy] [-n num_hosts] [host_name ...]\n"
      "       lsload -s [-json] [resource_name ...]",
      {{"l"},
       {"w"},
       {"N"},
       {"E"},
       {"s"},
       {"json"},
       {"I", true},
       {"R", true},
       {"n", true},
       {"p", true}}};
}

Result<format::LoadOptions> loadOptions(const ParsedArgs& a, CmdIo& io, format::ClusterInfo* info) {
  format::LoadOptions o;
  o.longFormat = a.has("l");
  o.wide = a.has("w");
  if (a.has("N")) o.runQueues = format::RunQueueMode::kNormalised;
  if (a.has("E")) o.runQueues = format::RunQueueMode::kEffective;
  bool needInfo = o.longFormat || a.has("I") || a.has("N") || a.has("E");
  if (!needInfo) return o;
  auto reply = Client(io.lim, io.localHost).info();
  if (!reply) return reply.status();
  *info = std::move(*reply);
  o.maxCpuFactor = info->maxUsedCpuFactor();
  if (a.has("I") && !o.longFormat) {
    o.indices = splitColons(*a.value("I"));
    Status s = checkIndices(o.indices, *info);
    if (!s.isOk()) return s;
  }
  return o;
}

}  // namespace

int runLsload(const std::vector<std::string>& args, CmdIo& io) {
  int rc = kExitOk;
  auto parsed = parseCommand(lsloadDef(), args, io, &rc);
  if (!parsed) return rc;
  const ParsedArgs& a = *parsed;
  std::string why = conflict(a, "l", {"w"});
  if (why.empty()) why = conflict(a, "N", {"E"});
  if (why.empty()) why = conflict(a, "s", {"l", "w", "N", "E", "I", "R", "n", "p"});
  if (!why.empty()) return usageError(lsloadDef(), io, why);
  Result<int> n = a.has("n") ? countOption("n", *a.value("n"), 1) : Result<int>(0);
  if (!n) return usageError(lsloadDef(), io, n.status().message());
  if (a.has("s")) return printShared(a, io, true, "lsload");
  format::ClusterInfo info;
  auto opts = loadOptions(a, io, &info);
  if (!opts) return fail(io, "lsload", opts.status());
  Client api(io.lim, io.localHost);
  // The averaged indices, NLB values and ages: for a snapshot (-json) and for -I columns.
  auto reply = api.load({.resreq = a.has("R") ? *a.value("R") : "",
                         .hosts = a.operands,
                         .n = *n,
                         .policy = a.has("p") ? *a.value("p") : "",
                         .derived = a.has("json") || a.has("I")});
  if (!reply) return fail(io, "lsload", reply.status());  // no host: "Not enough host(s) ..."
  const format::LoadSnapshot& snap = *reply;
  if (a.has("json")) {
    io.out << format::loadJson(snap).dump();
  } else {
    io.out << format::formatLoad(snap, info, *opts);
  }
  return kExitOk;
}

}  // namespace openlim::cmd
