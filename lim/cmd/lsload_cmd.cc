// lsload: the load table (plain, -l, -w, -I, -N/-E, -R, -n) and lsload -s.
#include <algorithm>

#include "commands.h"
#include "format/load_format.h"
#include "format/misc_format.h"
#include "format/values.h"
#include "reply_parse.h"
#include "shared_values.h"

namespace openlim::cmd {
namespace {

const CommandDef kLsload{
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

// -I list: built-in indices and external per-host numeric indices only (LSF's rule).
Status checkIndices(const std::vector<std::string>& names, const format::ClusterInfo& info) {
  if (names.empty()) return Status(Code::kNotFound, "Bad index name list");
  for (const auto& n : names) {
    if (format::isBuiltinIndex(n)) continue;
    const format::ResourceInfo* r = info.find(n);
    if (r == nullptr || r->type != ResourceType::kNumeric || !r->dynamic || r->shared)
      return Status(Code::kNotFound, "Bad index name list");
  }
  return Status::ok();
}

std::vector<std::string> splitColons(const std::string& s) {
  std::vector<std::string> out;
  for (size_t at = 0; at <= s.size();) {
    size_t end = std::min(s.find(':', at), s.size());
    if (end > at) out.push_back(s.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

Result<format::LoadOptions> loadOptions(const ParsedArgs& a, CmdIo& io, format::ClusterInfo* info) {
  format::LoadOptions o;
  o.longFormat = a.has("l");
  o.wide = a.has("w");
  if (a.has("N")) o.runQueues = format::RunQueueMode::kNormalised;
  if (a.has("E")) o.runQueues = format::RunQueueMode::kEffective;
  bool needInfo = o.longFormat || a.has("I") || a.has("N") || a.has("E");
  if (!needInfo) return o;
  auto reply = call(io.lim, request("info"));
  if (!reply) return reply.status();
  *info = parseInfo(*reply);
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
  auto parsed = parseCommand(kLsload, args, io, &rc);
  if (!parsed) return rc;
  const ParsedArgs& a = *parsed;
  std::string why = conflict(a, "l", {"w"});
  if (why.empty()) why = conflict(a, "N", {"E"});
  if (why.empty()) why = conflict(a, "s", {"l", "w", "N", "E", "I", "R", "n", "p"});
  if (!why.empty()) return usageError(kLsload, io, why);
  Result<int> n = a.has("n") ? countOption("n", *a.value("n"), 1) : Result<int>(0);
  if (!n) return usageError(kLsload, io, n.status().message());
  if (a.has("s")) return printShared(a, io, true, "lsload");
  format::ClusterInfo info;
  auto opts = loadOptions(a, io, &info);
  if (!opts) return fail(io, "lsload", opts.status());
  format::Json req = request("load");
  if (a.has("R")) req.add("resreq", format::Json::string(*a.value("R")));
  if (a.has("p")) req.add("policy", format::Json::string(*a.value("p")));
  if (!a.operands.empty()) req.add("hosts", toArray(a.operands));
  if (*n > 0) req.add("n", format::Json::number(*n));
  auto text = io.lim.ask(requestText(req), false);
  if (!text) return fail(io, "lsload", text.status());
  auto reply = parseLoadReply(*text);
  if (!reply) return fail(io, "lsload", malformedReply(reply.status()));
  if (Status s = replyStatus(reply->head); !s.isOk()) return fail(io, "lsload", s);
  *text = std::string();  // the reply text (~6 MB at 10,000 hosts) is read
  const format::LoadSnapshot& snap = reply->snapshot;
  if (snap.hosts.empty())
    return fail(io, "lsload", Status(Code::kNotFound, "Not enough host(s) currently eligible"));
  if (a.has("json")) {
    io.out << format::loadJson(snap).dump();
  } else {
    io.out << format::formatLoad(snap, info, *opts);
  }
  return kExitOk;
}

}  // namespace openlim::cmd
