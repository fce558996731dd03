// melim: the master ELIM. Started by lim (or by hand) with LSF_ENVDIR, LSF_SERVERDIR and
// LSF_RESOURCES set; writes the merged vector on stdout, status JSON on fd 3 when open.
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "app.h"
#include "core/settings.h"
#include "logging.h"
#include "openlim/config.h"

using namespace openlim;
using namespace openlim::melim;

namespace {

std::optional<std::string> getEnv(const std::string& key) {
  const char* v = std::getenv(key.c_str());
  if (!v) return std::nullopt;
  return std::string(v);
}

std::string hostName() {
  if (auto h = getEnv("OPENLIM_HOST"); h && !h->empty()) return *h;
  char buf[256] = {};
  ::gethostname(buf, sizeof buf - 1);
  return buf;
}

// The cluster config when LSF_ENVDIR points at one; null otherwise (then LSF_RESOURCES and
// the environment's knobs are all melim goes by).
ConfigPtr loadClusterConfig() {
  auto envDir = getEnv("LSF_ENVDIR");
  if (!envDir || envDir->empty() || ::access((*envDir + "/lsf.conf").c_str(), R_OK) != 0)
    return nullptr;
  ConfigLoad load = loadConfigFromEnvironment();
  for (const auto& d : load.diagnostics)
    if (d.severity == Severity::kError) spdlog::warn("config: {}", d.toString());
  if (!load.snapshot) spdlog::warn("cluster config unusable; using the environment only");
  return load.snapshot;
}

// What each elim finds in its environment (docs/melim.md): melim's own, plus these.
void prepareElimEnvironment(const Settings& s) {
  ::setenv("ELIM_ABORT_VALUE", std::to_string(s.rules.abortValue).c_str(), 1);
  if (!getEnv("LSF_MASTER")) ::setenv("LSF_MASTER", "N", 1);
  if (!getEnv("LSF_RESOURCES")) {
    std::string all;
    for (const auto& n : s.names)
      if ((n.kind == NameKind::kNumeric || n.kind == NameKind::kString) && n.expected)
        all += (all.empty() ? "" : " ") + n.name;
    ::setenv("LSF_RESOURCES", all.c_str(), 1);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && (std::strcmp(argv[1], "-V") == 0 || std::strcmp(argv[1], "--version") == 0)) {
    std::printf("melim (openlim)\n");
    return 0;
  }
  ::prctl(PR_SET_PDEATHSIG, SIGTERM);  // lim gone: we go too
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);  // orphaned grandchildren come to us to be reaped
  ::signal(SIGPIPE, SIG_IGN);          // a closed pipe is an error value, not a death
  // SIGHUP (rescan) waits blocked until the loop handles it: an early one must neither kill us
  // nor be lost. lim starts us with it blocked already; this covers a start by hand.
  sigset_t hup;
  sigemptyset(&hup);
  sigaddset(&hup, SIGHUP);
  ::sigprocmask(SIG_BLOCK, &hup, nullptr);
  initLogging("melim", hostName(), getEnv("LSF_LOGDIR").value_or(""),
              getEnv("LSF_LOG_MASK").value_or("LOG_WARNING"), false);
  ConfigPtr config = loadClusterConfig();
  if (config && !getEnv("LSF_LOGDIR") && !config->lsf.logDir.empty()) {
    // Run by hand with only LSF_ENVDIR: log where lsf.conf says.
    initLogging("melim", hostName(), config->lsf.logDir,
                getEnv("LSF_LOG_MASK").value_or(config->lsf.logMask), false);
  }
  std::vector<std::string> warnings;
  Settings settings = buildSettings(config.get(), getEnv, warnings);
  for (const auto& w : warnings) spdlog::warn("{}", w);
  if (settings.debug && spdlog::default_logger()->level() > spdlog::level::info)
    spdlog::default_logger()->set_level(spdlog::level::info);
  AppOptions opts;
  opts.elimDir = getEnv("LSF_ELIM_DIR").value_or("");
  if (opts.elimDir.empty()) opts.elimDir = getEnv("LSF_SERVERDIR").value_or("");
  if (opts.elimDir.empty()) {
    spdlog::critical("neither LSF_ELIM_DIR nor LSF_SERVERDIR is set; no elim to run");
    std::fprintf(stderr, "melim: neither LSF_ELIM_DIR nor LSF_SERVERDIR is set\n");
    return 1;
  }
  opts.statusFd = ::fcntl(3, F_GETFD) != -1;
  prepareElimEnvironment(settings);
  spdlog::info("starting: elim directory {}, {} names", opts.elimDir, settings.names.size());
  App app(std::move(settings), opts);
  ::sigprocmask(SIG_UNBLOCK, &hup, nullptr);  // the loop's handler is in place
  return app.run();
}
