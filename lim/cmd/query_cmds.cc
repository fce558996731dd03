// lshosts, lsinfo, lsid and bhosts -s.

#include "commands.h"
#include "format/hosts_format.h"
#include "format/info_format.h"
#include "format/load_format.h"
#include "format/misc_format.h"
#include "format/reply_parse.h"
#include "format/text.h"
#include "openlim/version.h"
#include "shared_values.h"

namespace openlim::cmd {
namespace {

// Built when the command runs, not at start-up: openlim-cmd holds every command's
// definition, and a namespace-scope one would be built by every command it runs (a
// function-local static would take a guard's code and data pages).
CommandDef lshostsDef() {
  return CommandDef{"lshosts",
                    "lshosts [-h] [-V] [-json] [-w | -l] [-R res_req] [host_name ...]\n"
                    "       lshosts -s [-json] [resource_name ...]",
                    {{"w"}, {"l"}, {"s"}, {"json"}, {"R", true}}};
}

CommandDef lsinfoDef() {
  return CommandDef{"lsinfo",
                    "lsinfo [-h] [-V] [-json] [-l] [-r] [-m] [-M] [-w] [resource_name ...]",
                    {{"l"}, {"r"}, {"m"}, {"M"}, {"w"}, {"json"}}};
}

CommandDef lsidDef() {
  return CommandDef{"lsid", "lsid [-h] [-V] [-json]", {{"json"}}};
}

CommandDef bhostsDef() {
  return CommandDef{"bhosts", "bhosts -s [-h] [-V] [-json] [resource_name ...]", {{"s"}, {"json"}}};
}

}  // namespace

int runLshosts(const std::vector<std::string>& args, CmdIo& io) {
  int rc = kExitOk;
  auto parsed = parseCommand(lshostsDef(), args, io, &rc);
  if (!parsed) return rc;
  const ParsedArgs& a = *parsed;
  std::string why = conflict(a, "w", {"l"});
  if (why.empty()) why = conflict(a, "s", {"w", "l", "R"});
  if (!why.empty()) return usageError(lshostsDef(), io, why);
  if (a.has("s")) return printShared(a, io, false, "lshosts");
  Client api(io.lim, io.localHost);
  format::ClusterInfo info;
  if (a.has("l")) {
    auto got = api.info();
    if (!got) return fail(io, "lshosts", got.status());
    info = std::move(*got);
  }
  auto reply = api.hosts({.resreq = a.has("R") ? *a.value("R") : "", .hosts = a.operands});
  if (!reply) return fail(io, "lshosts", reply.status());
  const auto& hosts = *reply;
  if (hosts.empty())
    return fail(io, "lshosts", Status(Code::kNotFound, "Not enough host(s) currently eligible"));
  if (a.has("json"))
    io.out << format::hostsJson(hosts).dump();
  else if (a.has("l"))
    io.out << format::formatHostsLong(hosts, info);
  else
    io.out << format::formatHosts(hosts, a.has("w"));
  return kExitOk;
}

int runLsinfo(const std::vector<std::string>& args, CmdIo& io) {
  int rc = kExitOk;
  auto parsed = parseCommand(lsinfoDef(), args, io, &rc);
  if (!parsed) return rc;
  const ParsedArgs& a = *parsed;
  Client api(io.lim, io.localHost);
  auto reply = api.info();
  if (!reply) return fail(io, "lsinfo", reply.status());
  format::ClusterInfo info = std::move(*reply);
  format::InfoOptions o{a.has("l"), a.has("r"), a.has("m"), a.has("M"), a.operands};
  format::InfoText text = format::formatInfo(info, o);
  if (a.has("json")) {
    if (!a.operands.empty()) {  // only the named resources
      format::ClusterInfo named;
      for (const auto& n : a.operands)
        if (const auto* r = info.find(n)) named.resources.push_back(*r);
      info = std::move(named);
    }
    io.out << format::infoJson(info).dump();
  } else {
    io.out << text.out;
  }
  for (const auto& n : text.notFound)
    io.err << format::clipEcho(n) << ": Resource name not found\n";
  return text.notFound.empty() ? kExitOk : kExitNotFound;
}

int runLsid(const std::vector<std::string>& args, CmdIo& io) {
  int rc = kExitOk;
  auto parsed = parseCommand(lsidDef(), args, io, &rc);
  if (!parsed) return rc;
  if (!parsed->operands.empty())
    return usageError(lsidDef(), io,
                      "unexpected argument " + format::clipEcho(parsed->operands[0]));
  Client api(io.lim, io.localHost);
  auto reply = api.id(true);
  if (!reply) return fail(io, "lsid", reply.status());
  const format::IdInfo& id = *reply;
  if (parsed->has("json"))
    io.out << format::idJson(id, kVersionString).dump();
  else
    io.out << format::formatId(id, kVersionString, kBuildDate);
  return kExitOk;
}

int runBhosts(const std::vector<std::string>& args, CmdIo& io) {
  int rc = kExitOk;
  auto parsed = parseCommand(bhostsDef(), args, io, &rc);
  if (!parsed) return rc;
  const ParsedArgs& a = *parsed;
  if (!a.has("s"))
    return usageError(bhostsDef(), io, "only -s is available (openlim has no batch system)");
  format::Json req = request("shared");
  if (!a.operands.empty()) req.add("names", toArray(a.operands));
  auto reply = call(io.lim, req);
  if (!reply) return fail(io, "bhosts", reply.status());
  std::vector<format::SharedInstance> numeric;
  for (auto& in : format::parseShared(*reply))
    if (!in.isString && named(a.operands, in.resource)) numeric.push_back(std::move(in));
  for (const auto& n : a.operands) {
    bool found = false;
    for (const auto& in : numeric) found = found || in.resource == n;
    if (!found) {
      io.err << "bhosts: " << format::clipEcho(n) << ": Resource name not found\n";
      rc = kExitNotFound;
    }
  }
  if (a.has("json"))
    io.out << format::sharedJson(numeric).dump();
  else if (!numeric.empty())
    io.out << format::formatBhostsShared(numeric);
  else if (a.operands.empty())
    io.out << "No shared resources defined\n";
  return rc;
}

}  // namespace openlim::cmd
