// lsgrun [-i] [-p] [-P] [-v] (-m "host_name ..." | -f host_file | -R res_req [-n num] | -n num)
//        [command ...]
#include "format/text.h"
#include "remote_cmds.h"
#include "remote_shell.h"

namespace openlim::cmd {
namespace {

// Built when the command runs, not at start-up: openlim-cmd holds every command's
// definition, and a namespace-scope one would be built by every command it runs (a
// function-local static would take a guard's code and data pages).
CommandDef lsgrunDef() {
  return CommandDef{
      "lsgrun",
      "lsgrun [-h] [-V] [-i] [-p] [-P] [-v]\n"
      "              (-m \"host_name ...\" | -f host_file | -R res_req [-n num] | -n num)\n"
      "              [command [argument ...]]",
      {{"i"}, {"p"}, {"P"}, {"v"}, {"m", true}, {"f", true}, {"R", true}, {"n", true}},
      ParseMode::kStopAtOperand};
}

// Bounds of -f's file: its size and the hosts it may name.
constexpr size_t kMaxHostFile = 4 << 20;
constexpr size_t kMaxHosts = 100000;
// The failed hosts the summary names before "and N more".
constexpr size_t kSummaryHosts = 20;

// host_file: names separated by blanks or newlines; '#' starts a comment to the line's end.
Result<std::vector<std::string>> hostsOfFile(const std::string& text) {
  if (text.size() > kMaxHostFile) return Status(Code::kInvalid, "larger than 4 MiB");
  std::vector<std::string> hosts;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(pos, end - pos);
    line = line.substr(0, line.find('#'));
    for (auto& h : splitHostList(line)) hosts.push_back(std::move(h));
    if (hosts.size() > kMaxHosts)
      return Status(Code::kInvalid, "names more than " + std::to_string(kMaxHosts) + " hosts");
    pos = end + 1;
  }
  if (hosts.empty()) return Status(Code::kInvalid, "names no host");
  return hosts;
}

// -R/-n: the hosts lsload -R lists (best first), less the unavailable ones; at most n.
Result<std::vector<std::string>> hostsByLoad(CmdIo& io, const std::string& resreq, int n) {
  auto snap = Client(io.lim, io.localHost).load({.resreq = resreq});
  if (!snap) return snap.status();
  std::vector<std::string> hosts;
  for (const auto& h : snap->hosts) {
    if (h.status == "unavail") continue;
    if (n > 0 && static_cast<int>(hosts.size()) == n) break;
    hosts.push_back(h.name);
  }
  if (hosts.empty() || (n > 0 && static_cast<int>(hosts.size()) < n))
    return Status(Code::kNotFound, "Not enough host(s) currently eligible");
  return hosts;
}

// The hosts the options name, or the exit code (the error printed).
Result<std::vector<std::string>> targetHosts(const ParsedArgs& a, CmdIo& io, RemoteIo& rio,
                                             int* rc) {
  auto usage = [&](const std::string& why) -> Status {
    *rc = usageError(lsgrunDef(), io, why);
    return Status(Code::kInvalid, why);
  };
  std::string why = conflict(a, "m", {"f", "R", "n"});
  if (why.empty()) why = conflict(a, "f", {"R", "n"});
  if (!why.empty()) return usage(why);
  if (a.has("m")) {
    auto hosts = splitHostList(*a.value("m"));
    if (hosts.empty()) return usage("-m: no host name given");
    return hosts;
  }
  if (a.has("f")) {
    std::string path = *a.value("f");
    auto text = rio.readFile(path);
    Result<std::vector<std::string>> hosts =
        text ? hostsOfFile(*text) : Result<std::vector<std::string>>(text.status());
    if (!hosts) {
      io.err << "lsgrun: " << format::clipEcho(path) << ": "
             << (text ? hosts.status().message() : std::string("cannot open")) << "\n";
      *rc = text ? kExitUsage : kExitNotFound;
    }
    return hosts;
  }
  if (!a.has("R") && !a.has("n")) return usage("one of -m, -f, -R or -n is needed");
  int n = 0;
  if (a.has("n")) {
    auto count = countOption("n", *a.value("n"), 1);
    if (!count) return usage(count.status().message());
    n = *count;
  }
  auto hosts = hostsByLoad(io, a.value("R").value_or(""), n);
  if (!hosts) *rc = fail(io, "lsgrun", hosts.status());
  return hosts;
}

struct Outcome {
  std::string host;
  TaskResult result;
};

// "lsgrun: failed on 2 of 5 hosts: hostB (exit 1), hostC (...)" and the first failure's
// exit code; 0 when none failed.
int summarize(CmdIo& io, const std::vector<Outcome>& outcomes) {
  int first = kExitOk;
  size_t failed = 0;
  std::string list;
  for (const auto& o : outcomes) {
    bool ok = o.result.started && o.result.exitCode == 0;
    if (ok) continue;
    int code = o.result.started ? o.result.exitCode : kExitRemoteShell;
    if (failed == 0) first = code;
    if (++failed > kSummaryHosts) continue;
    list += (failed > 1 ? ", " : "") + format::clipEcho(o.host) + " (";
    if (!o.result.started)
      list += "cannot start: " + o.result.error + ")";
    else if (code == kExitRemoteShell)
      list += "exit 255: unreachable, or the command exited 255)";
    else
      list += "exit " + std::to_string(code) + ")";
  }
  if (failed == 0) return kExitOk;
  io.err << "lsgrun: failed on " << failed << " of " << outcomes.size() << " hosts: " << list;
  if (failed > kSummaryHosts) io.err << " and " << (failed - kSummaryHosts) << " more";
  io.err << "\n";
  return first;
}

// Runs one command line on every host (sequentially, or at once with -p).
int runOnHosts(const ParsedArgs& a, CmdIo& io, RemoteIo& rio, const std::vector<std::string>& rsh,
               const std::vector<std::string>& hosts, const std::vector<std::string>& argv) {
  std::vector<std::string> chosen;
  for (const auto& h : hosts) {
    if (a.has("i") && io.confirm &&
        !io.confirm("Do you really want to execute command on host <" + format::clipEcho(h) +
                    ">? [y/n] "))
      continue;
    chosen.push_back(h);
  }
  std::vector<Outcome> outcomes;
  io.out.flush();
  if (a.has("p") && chosen.size() > 1) {
    std::vector<Task> tasks;
    for (const auto& h : chosen) {
      if (a.has("v")) io.err << "<<Execute on host " << format::clipEcho(h) << ">>\n";
      tasks.push_back({h, commandOn(io, rio, rsh, h, argv, a.has("P"))});
    }
    auto results = rio.launcher.runAll(tasks, rio.maxParallel, true);
    for (size_t i = 0; i < chosen.size(); ++i) outcomes.push_back({chosen[i], results[i]});
  } else {
    for (const auto& h : chosen) {
      if (a.has("v")) io.err << "<<Execute on host " << format::clipEcho(h) << ">>\n";
      outcomes.push_back({h, rio.launcher.run(commandOn(io, rio, rsh, h, argv, a.has("P")))});
    }
  }
  return summarize(io, outcomes);
}

}  // namespace

int runLsgrun(const std::vector<std::string>& args, CmdIo& io, RemoteIo& rio) {
  int rc = kExitOk;
  auto parsed = parseCommand(lsgrunDef(), args, io, &rc);
  if (!parsed) return rc;
  const ParsedArgs& a = *parsed;
  auto hosts = targetHosts(a, io, rio, &rc);
  if (!hosts) return rc;
  std::vector<std::string> rsh;
  bool anyRemote = false;
  for (const auto& h : *hosts) anyRemote = anyRemote || !isLocalHost(io, h);
  if (anyRemote) {
    auto words = rshWords(io, rio, "lsgrun", &rc);
    if (!words) return rc;
    rsh = std::move(words).value();
  }
  if (!a.operands.empty()) return runOnHosts(a, io, rio, rsh, *hosts, a.operands);
  // No command: LSF's prompt, one command line at a time, each run by /bin/sh on every host.
  rc = kExitOk;
  while (rio.readLine) {
    auto line = rio.readLine("Command> ");
    if (!line) break;
    if (splitHostList(*line).empty()) continue;
    int one = runOnHosts(a, io, rio, rsh, *hosts, {"/bin/sh", "-c", *line});
    if (rc == kExitOk) rc = one;
  }
  return rc;
}

}  // namespace openlim::cmd
