#include "lim_starter.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <strings.h>
#include <cerrno>
#include <cstdlib>

#include "format/text.h"

namespace openlim::cmd {
namespace {

std::string envOr(const char* name, const std::string& fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v ? v : fallback;
}

std::string orDefault(const std::string& value, const std::string& fallback) {
  return value.empty() ? fallback : value;
}

// Runs `command` with /bin/sh; its exit code (128 + signal when killed, -1 if no fork).
int runShell(const std::string& command) {
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    // No terminal input for the remote shell; its own words (ssh: connect to host ...) and
    // lim's configuration errors go to our stderr.
    int null = open("/dev/null", O_RDONLY);
    if (null >= 0) dup2(null, 0);
    dup2(2, 1);
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
}

struct StartContext {
  std::string lim;     // $LSF_SERVERDIR/lim
  std::string envDir;  // passed to remote lims as -d
  std::string rsh;     // LSF_RSH
};

// Runs lim in the foreground of a shell, here or on `host` through the remote shell: lim
// checks its configuration, then detaches, so the exit code is its start-up verdict.
// Returns the problem, empty when lim started.
std::string startOne(const StartContext& ctx, const std::string& host, bool local) {
  std::string cmd = local ? localStartCommand(host, ctx.lim, ctx.envDir)
                          : remoteStartCommand(ctx.rsh, host, ctx.lim, ctx.envDir);
  int rc = runShell(cmd);
  if (rc == 0) return "";
  std::string why =
      local ? "cannot start " + ctx.lim : "remote start through LSF_RSH '" + ctx.rsh + "' failed";
  why += " (exit " + std::to_string(rc) + ")";
  if (rc == 127) why += local ? ": not found" : ": remote shell or lim not found";
  return why;
}

}  // namespace

std::string localStartCommand(const std::string& host, const std::string& lim,
                              const std::string& envDir) {
  return shellQuote(lim) + " -d " + shellQuote(envDir) + " --host " + shellQuote(host) +
         " </dev/null";
}

std::string remoteStartCommand(const std::string& rsh, const std::string& host,
                               const std::string& lim, const std::string& envDir) {
  return rsh + " " + shellQuote(host) + " " + shellQuote(localStartCommand(host, lim, envDir));
}

Result<std::vector<std::string>> startTargets(const std::vector<std::string>& names,
                                              const ConfigSnapshot* cluster,
                                              const std::string& localHost) {
  if (names.empty()) return std::vector<std::string>{localHost};
  std::vector<std::string> out;
  if (names.size() == 1 && names[0] == "all") {
    if (cluster == nullptr) return Status(Code::kNotFound, "cannot read the cluster file");
    for (const auto& h : cluster->hosts)
      if (h.server) out.push_back(h.name);
    return out;
  }
  for (const auto& n : names) {
    const HostConfig* h = cluster ? cluster->findHost(n) : nullptr;
    if (cluster != nullptr && h == nullptr)
      return Status(Code::kNotFound, n + ": not a host in the cluster");
    out.push_back(h ? h->name : n);
  }
  return out;
}

int startLims(const std::vector<std::string>& hosts, CmdIo& io, bool force, bool json) {
  ConfigLoad load = loadConfigFromEnvironment();
  const ConfigSnapshot* cfg = load.snapshot ? load.snapshot.get() : load.draft.get();
  auto targets = startTargets(hosts, cfg, io.localHost);
  if (!targets) {
    if (json) {
      format::Json doc = format::Json::object();
      doc.add("error", format::Json::string(failMessage(io, targets.status())));
      io.out << doc.dump();
    }
    return fail(io, "lsadmin", targets.status());
  }
  bool all = hosts.size() == 1 && hosts[0] == "all";
  if (all && !force && io.confirm &&
      !io.confirm("Do you really want to start up LIM on all hosts? [y/n] "))
    return kExitOk;
  StartContext ctx;
  ctx.lim = envOr("LSF_SERVERDIR", orDefault(cfg ? cfg->lsf.serverDir : "", "/usr/sbin")) + "/lim";
  ctx.envDir = envOr("LSF_ENVDIR", "/etc");
  // A relative LSF_ENVDIR means nothing in the remote shell's home directory.
  if (char cwd[4096]; ctx.envDir[0] != '/' && getcwd(cwd, sizeof cwd) != nullptr)
    ctx.envDir = std::string(cwd) + "/" + ctx.envDir;
  ctx.rsh = envOr("LSF_RSH", orDefault(cfg ? cfg->lsf.rsh : "", "rsh"));
  int rc = kExitOk;
  format::Json outcomes = format::Json::array();
  for (const auto& h : *targets) {
    if (!json) io.out << "Starting up LIM on <" << h << "> ...... " << flush;
    bool local = strcasecmp(h.c_str(), io.localHost.c_str()) == 0;
    std::string why = startOne(ctx, h, local);
    if (json) {
      format::Json o = format::Json::object();
      o.add("host", format::Json::string(h));
      o.add("ok", format::Json::boolean(why.empty()));
      if (!why.empty()) o.add("error", format::Json::string(why));
      outcomes.push(std::move(o));
    } else {
      io.out << (why.empty() ? "done\n" : "failed\n") << flush;
    }
    if (why.empty()) continue;
    io.err << "lsadmin: " << format::clipEcho(h) << ": " << why << "\n";
    rc = kExitNotFound;
  }
  if (json) {
    format::Json doc = format::Json::object();
    doc.add("hosts", std::move(outcomes));
    io.out << doc.dump();
  }
  return rc;
}

}  // namespace openlim::cmd
