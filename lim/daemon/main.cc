// lim [-d env_dir] [--host NAME] [-2]   (LSF's LIM behaviour "Ports, names, command line")
#include <netdb.h>
#include <signal.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "key_file.h"
#include "lim_server.h"
#include "logging.h"
#include "openlim/version.h"
#include "system_resolver.h"

namespace {

struct Args {
  std::string envDir, host;
  bool foreground = false;
};

void usage(FILE* out) {
  std::fprintf(out, "Usage: lim [-h] [-V] [-d env_dir] [--host host_name] [-2]\n");
}

bool parseArgs(int argc, char** argv, Args& a) {
  for (int i = 1; i < argc; ++i) {
    std::string s = argv[i];
    if (s == "-h") {
      usage(stdout);
      std::exit(0);
    }
    if (s == "-V") {
      std::fprintf(stderr, "%s, %s\n", openlim::kVersionString, openlim::kBuildDate);
      std::exit(0);
    }
    if (s == "-2")
      a.foreground = true;
    else if (s == "-d" && i + 1 < argc)
      a.envDir = argv[++i];
    else if (s == "--host" && i + 1 < argc)
      a.host = argv[++i];
    else if (s.rfind("--host=", 0) == 0)
      a.host = s.substr(7);
    else
      return false;
  }
  return true;
}

// The name this lim plays: --host, else the system name (short, then FQDN) in the cluster.
std::string localHost(const Args& a, const openlim::ConfigSnapshot& c, std::string* tried) {
  if (!a.host.empty()) {
    *tried = a.host;
    const openlim::HostConfig* h = c.findHost(a.host);
    return h ? h->name : "";
  }
  char buf[256] = {0};
  ::gethostname(buf, sizeof buf - 1);
  std::string full = buf, shortName = full.substr(0, full.find('.'));
  std::vector<std::string> names{shortName, full};
  if (addrinfo* ai = nullptr; ::getaddrinfo(buf, nullptr, nullptr, &ai) == 0) {
    addrinfo hints{};
    hints.ai_flags = AI_CANONNAME;
    ::freeaddrinfo(ai);
    if (::getaddrinfo(buf, nullptr, &hints, &ai) == 0) {
      if (ai && ai->ai_canonname) names.push_back(ai->ai_canonname);
      ::freeaddrinfo(ai);
    }
  }
  for (const auto& n : names) {
    *tried += (tried->empty() ? "" : ", ") + n;
    if (const openlim::HostConfig* h = c.findHost(n)) return h->name;
  }
  return "";
}

void setupLogging(const openlim::ConfigSnapshot& c, const std::string& host, bool fg) {
  std::string path = openlim::initLogging("lim", host, c.lsf.logDir, c.lsf.logMask, fg);
  if (path.empty() && !c.lsf.logDir.empty())
    std::fprintf(stderr, "lim: cannot write a log in %s; logging to stderr\n",
                 c.lsf.logDir.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  Args args;
  if (!parseArgs(argc, argv, args)) {
    usage(stderr);
    return 2;
  }
  // Block the signals the loop reads through signalfd, before any thread starts.
  sigset_t set;
  sigemptyset(&set);
  for (int s : {SIGHUP, SIGTERM, SIGINT}) sigaddset(&set, s);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  ::signal(SIGPIPE, SIG_IGN);
  if (args.envDir.empty())
    args.envDir = std::getenv("LSF_ENVDIR") ? std::getenv("LSF_ENVDIR") : "/etc";
  ::setenv("LSF_ENVDIR", args.envDir.c_str(), 1);
  // The same reading and checks as lsadmin ckconfig: what it passes, lim accepts.
  openlim::ConfigLoad load =
      openlim::loadConfigFrom(args.envDir, openlim::shell::systemHostResolver());
  for (const auto& d : load.diagnostics) std::fprintf(stderr, "lim: %s\n", d.toString().c_str());
  if (!load.snapshot || load.errors() > 0) {
    std::fprintf(stderr, "lim: configuration has errors; not starting\n");
    return 1;
  }
  std::string tried;
  std::string host = localHost(args, *load.snapshot, &tried);
  if (host.empty()) {
    std::fprintf(stderr, "lim: Local host not defined in cluster file (tried: %s)\n",
                 tried.c_str());
    return 1;
  }
  // Already resolved against LSF_ENVDIR by the config reader.
  const std::string& keyPath = load.snapshot->lsf.authKeyFile;
  auto key = openlim::shell::readKeyFile(keyPath);
  if (!key) {
    std::fprintf(stderr, "lim: LSF_AUTH_KEYFILE: %s\n",
                 keyPath.empty() ? "not set in lsf.conf" : key.status().message().c_str());
    return 1;
  }
  setupLogging(*load.snapshot, host, args.foreground);
  ::setenv("OPENLIM_HOST", host.c_str(), 1);
  int rc = 0;
  bool restart = false;
  {  // the sockets close before a restart execs the new image
    openlim::lim::LimServer server(
        load.snapshot, *key, {.envDir = args.envDir, .host = host, .foreground = args.foreground});
    openlim::Status st = server.bind();
    if (!st) {
      spdlog::error("lim: {}", st.message());
      std::fprintf(stderr, "lim: %s\n", st.message().c_str());
      return 1;
    }
    // Detach only now: whoever started lim (lsadmin limstartup, a remote shell) gets a
    // non-zero exit for every refusal, up to a port that cannot be bound or a second lim for
    // the same host.
    if (!args.foreground && ::daemon(1, 0) != 0) std::perror("lim: daemon");
    rc = server.run();
    restart = server.restartRequested();
  }
  if (restart) {
    ::execv("/proc/self/exe", argv);
    std::perror("lim: restart");
  }
  return rc;
}
