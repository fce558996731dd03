// lsadmin's lim-control subcommands: reconfig, limstartup, limshutdown, limrestart,
// limlock, limunlock, elimstatus. Admin requests are signed by the client (LSF_AUTH_KEYFILE).

#include <algorithm>

#include "commands.h"
#include "format/misc_format.h"
#include "format/reply_parse.h"
#include "format/text.h"
#include "lim_starter.h"
#include "openlim/client.h"
#include "shared_values.h"

namespace openlim::cmd {
namespace {

int usageError(const std::string& sub, const std::string& synopsis, const std::string& why,
               CmdIo& io) {
  if (!why.empty())
    io.err << "lsadmin " << sub << ": " << format::clipEchoes(why, io.echoed) << "\n";
  io.err << "Usage: lsadmin " << synopsis << "\n";
  return kExitUsage;
}

// The answer to a confirmation was no (or end of input): say that nothing was done and exit
// 1, so a script that piped no answer does not take it for success.
int declined(CmdIo& io, const std::string& what) {
  io.out << "\n" << what << "\n";
  return kExitNotFound;
}

// -json: a failure is also an object on stdout, {"error": message}, so a script reading
// stdout learns why (the message goes to stderr as without -json).
int failJson(CmdIo& io, const Status& s) {
  format::Json doc = format::Json::object();
  doc.add("error", format::Json::string(failMessage(io, s)));
  io.out << doc.dump();
  return fail(io, "lsadmin", s);
}

// One host's outcome in a -json answer: {"host", "ok", "error" when not ok}.
format::Json hostOutcome(const std::string& host, const Status& s, CmdIo& io) {
  format::Json o = format::Json::object();
  o.add("host", format::Json::string(host));
  o.add("ok", format::Json::boolean(s.isOk()));
  if (!s.isOk()) o.add("error", format::Json::string(failMessage(io, s)));
  return o;
}

// A subcommand that asks for confirmation cannot ask it in the middle of JSON output.
bool needsForce(const ParsedArgs& a, bool asks) {
  return a.has("json") && asks && !a.has("f");
}

constexpr const char* kJsonNeedsForce = "-json needs -f: a confirmation cannot be answered there";

// Hosts named, `all` expanded through the `hosts` op, the local host when none.
Result<std::vector<std::string>> targetHosts(const std::vector<std::string>& names, CmdIo& io) {
  if (names.empty()) return std::vector<std::string>{io.localHost};
  if (names.size() == 1 && names[0] == "all") {
    auto reply = call(io.lim, request("hosts"));
    if (!reply) return reply.status();
    std::vector<std::string> out;
    for (const auto& h : format::parseHosts(*reply)) out.push_back(h.name);
    return out;
  }
  return names;
}

int hostOp(const std::string& op, const std::string& verb, const ParsedArgs& a, CmdIo& io) {
  bool all = a.operands.size() == 1 && a.operands[0] == "all";
  bool json = a.has("json");
  const std::string sub = op == "shutdown" ? "limshutdown" : "limrestart";
  if (needsForce(a, all && io.confirm))
    return usageError(sub, sub + " [-f] [-json] [host_name ... | all]", kJsonNeedsForce, io);
  auto hosts = targetHosts(a.operands, io);
  if (!hosts) return json ? failJson(io, hosts.status()) : fail(io, "lsadmin", hosts.status());
  if (all && !a.has("f") && io.confirm &&
      !io.confirm("Do you really want to " + verb + " LIMs on all hosts? [y/n] "))
    return declined(io, op == "shutdown" ? "No LIM shut down." : "No LIM restarted.");
  int rc = kExitOk;
  format::Json outcomes = format::Json::array();
  for (const auto& h : *hosts) {
    format::Json req = request(op);
    req.add("host", format::Json::string(h));
    std::string what = op == "shutdown" ? "Shut down" : "Restart";
    if (!json) io.out << what << " LIM on <" << h << "> ...... " << flush;
    auto reply = call(io.lim, req, true);
    if (json) outcomes.push(hostOutcome(h, reply.status(), io));
    if (reply) {
      if (!json) io.out << "done\n";
    } else {
      if (!json) io.out << "failed\n";
      rc = std::max(rc, fail(io, "lsadmin", reply.status()));
    }
  }
  if (json) {
    format::Json doc = format::Json::object();
    doc.add("hosts", std::move(outcomes));
    io.out << doc.dump();
  }
  return rc;
}

// reconfig -json: {"diagnostics": ["file:line: ..."], "reconfigured": bool, "error" when not}.
int reconfigJson(const Result<ReconfigResult>& r, CmdIo& io) {
  if (!r) return failJson(io, r.status());
  format::Json diags = format::Json::array();
  for (const auto& d : r->diagnostics) diags.push(format::Json::string(d));
  format::Json doc = format::Json::object();
  doc.add("diagnostics", std::move(diags));
  doc.add("reconfigured", format::Json::boolean(r->status.isOk()));
  if (!r->status.isOk()) doc.add("error", format::Json::string(failMessage(io, r->status)));
  io.out << doc.dump();
  if (r->status.isOk()) return kExitOk;
  fail(io, "lsadmin", r->status);
  return kExitNotFound;
}

int reconfig(const ParsedArgs& a, CmdIo& io) {
  if (!a.operands.empty())
    return usageError("reconfig", "reconfig [-f] [-v] [-json]",
                      "unexpected argument " + a.operands[0], io);
  if (needsForce(a, static_cast<bool>(io.confirm)))
    return usageError("reconfig", "reconfig [-f] [-v] [-json]", kJsonNeedsForce, io);
  if (!a.has("f") && io.confirm &&
      !io.confirm("Do you really want to restart LIMs on all hosts? [y/n] "))
    return declined(io, "No reconfiguration done.");
  if (a.has("json")) return reconfigJson(Client(io.lim, "").reconfig(a.has("v")), io);
  io.out << "\nChecking configuration files ...\n";
  auto r = Client(io.lim, "").reconfig(a.has("v"));
  if (!r) return fail(io, "lsadmin", r.status());
  for (const auto& d : r->diagnostics) io.out << d << "\n";
  if (!r->status.isOk()) {
    // Fatal errors: the master kept the running configuration.
    fail(io, "lsadmin", r->status);
    io.out << "\nNo reconfiguration done.\n";
    return kExitNotFound;
  }
  if (r->diagnostics.empty()) io.out << "No errors found.\n";
  io.out << "\nReconfiguring LIMs ...... done\n";
  if (r->quotas == QuotaFileOutcome::kRefused) {
    // The rest is in force, the quota file is not: the reconfig is not complete.
    io.out << flush;
    io.err << "lsadmin: " << (r->quotaFile.empty() ? "lsf.quotas" : r->quotaFile) << ": "
           << r->quotaErrors << " error(s); not adopted, the quotas in force stay\n";
    return kExitNotFound;
  }
  return kExitOk;
}

int lock(const ParsedArgs& a, CmdIo& io, bool locking) {
  // Both act on the local host only (LSF's lsadmin): a host name is a mistake worth naming.
  if (!a.operands.empty())
    return usageError(locking ? "limlock" : "limunlock",
                      locking ? "limlock [-l time_seconds] [-json]" : "limunlock [-json]",
                      "unexpected argument " + a.operands[0] + " (the local host only)", io);
  format::Json req = request(locking ? "lock" : "unlock");
  req.add("host", format::Json::string(io.localHost));
  if (a.has("l")) {
    auto secs = countOption("l", *a.value("l"), 1);
    if (!secs)
      return usageError("limlock", "limlock [-l time_seconds] [-json]", secs.status().message(),
                        io);
    req.add("seconds", format::Json::number(*secs));
  }
  auto reply = call(io.lim, req, true);
  if (a.has("json")) {
    if (!reply) return failJson(io, reply.status());
    format::Json doc = format::Json::object();
    doc.add("host", format::Json::string(io.localHost));
    doc.add("locked", format::Json::boolean(locking));
    io.out << doc.dump();
    return kExitOk;
  }
  if (!reply) return fail(io, "lsadmin", reply.status());
  io.out << (locking ? "Host is locked\n" : "Host is unlocked\n");
  return kExitOk;
}

int elimStatus(const ParsedArgs& a, CmdIo& io) {
  if (a.operands.size() > 1)
    return usageError("elimstatus", "elimstatus [-json] [host_name]", "one host at most", io);
  format::Json req = request("elimstatus");
  if (!a.operands.empty()) req.add("host", format::Json::string(a.operands[0]));
  auto reply = call(io.lim, req);
  if (!reply)
    return a.has("json") ? failJson(io, reply.status()) : fail(io, "lsadmin", reply.status());
  auto hosts = format::parseElimStatus(*reply);
  // A host whose lim could not be asked makes the answer incomplete: exit 3, as for a lim
  // that is down, after printing what the others said.
  bool someDown = std::any_of(hosts.begin(), hosts.end(),
                              [](const format::ElimHostStatus& h) { return !h.error.empty(); });
  int rc = someDown ? kExitDown : kExitOk;
  if (a.has("json")) {
    // The reply as the lim sent it, less the protocol's "ok", in every command's -json layout.
    format::Json shown = format::Json::object();
    for (const auto& [k, v] : reply->members())
      if (k != "ok") shown.add(k, v);
    io.out << shown.dump();
  } else {
    io.out << format::formatElimStatus(hosts);
  }
  return rc;
}

std::string synopsis(const std::string& sub) {
  if (sub == "reconfig") return "reconfig [-f] [-v] [-json]";
  if (sub == "limshutdown" || sub == "limrestart")
    return sub + " [-f] [-json] [host_name ... | all]";
  if (sub == "limlock") return "limlock [-l time_seconds] [-json]";
  if (sub == "elimstatus") return "elimstatus [-json] [host_name]";
  if (sub == "limstartup") return "limstartup [-f] [-json] [host_name ... | all]";
  return sub + " [-json]";
}

}  // namespace

std::string lsadminOpsUsage() {
  return "       lsadmin reconfig [-f] [-v] [-json]\n"
         "       lsadmin limstartup [-f] [-json] [host_name ... | all]\n"
         "       lsadmin limshutdown [-f] [-json] [host_name ... | all]\n"
         "       lsadmin limrestart [-f] [-json] [host_name ... | all]\n"
         "       lsadmin limlock [-l time_seconds] [-json]\n"
         "       lsadmin limunlock [-json]\n"
         "       lsadmin elimstatus [-json] [host_name]\n";
}

int runLsadminOp(const std::string& sub, const std::vector<std::string>& args, CmdIo& io) {
  std::vector<OptionSpec> specs;
  if (sub == "reconfig")
    specs = {{"f"}, {"v"}};
  else if (sub == "limshutdown" || sub == "limrestart" || sub == "limstartup")
    specs = {{"f"}};
  else if (sub == "limlock")
    specs = {{"l", true}};
  else if (sub != "limunlock" && sub != "elimstatus")
    return -1;
  specs.push_back({"json"});  // every subcommand (docs/commands.md)
  auto parsed = parseArgs(args, specs);
  if (!parsed) return usageError(sub, synopsis(sub), parsed.status().message(), io);
  const ParsedArgs& a = *parsed;
  io.echoed = a.words();
  if (sub == "reconfig") return reconfig(a, io);
  if (sub == "limshutdown") return hostOp("shutdown", "shut down", a, io);
  if (sub == "limrestart") return hostOp("restart", "restart", a, io);
  if (sub == "limlock") return lock(a, io, true);
  if (sub == "limunlock") return lock(a, io, false);
  if (sub == "limstartup") {
    bool all = a.operands.size() == 1 && a.operands[0] == "all";
    if (needsForce(a, all && io.confirm))
      return usageError(sub, synopsis(sub), kJsonNeedsForce, io);
    return startLims(a.operands, io, a.has("f"), a.has("json"));
  }
  return elimStatus(a, io);
}

}  // namespace openlim::cmd
