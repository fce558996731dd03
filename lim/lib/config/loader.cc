// loadConfig(): discovery of the files, reading them in order, and the final snapshot. The
// checksum covers lsf.shared and the cluster file as read (see normalizedDigest), not
// lsf.conf or the hosts file, which may differ from host to host.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <system_error>

#include "config/builtins.h"
#include "config/derived_resources.h"
#include "config/hosts_file.h"
#include "config/lsf_cluster.h"
#include "config/lsf_conf.h"
#include "config/lsf_params.h"
#include "config/lsf_shared.h"
#include "config/params.h"
#include "config/validate.h"
#include "openlim/config.h"
#include "policy/policy_config.h"

namespace openlim {

namespace {

using config::DiagSink;

constexpr size_t kMaxFileBytes = 64 * 1024 * 1024;

// The whole file, or nullopt after reporting why it could not be read (an error).
std::optional<std::string> readFile(const std::string& path, DiagSink& diag) {
  errno = 0;
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    diag.error(0, "cannot read: " + std::generic_category().message(errno));
    return std::nullopt;
  }
  std::string data;
  char buf[65536];
  size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0 && data.size() <= kMaxFileBytes)
    data.append(buf, n);
  int err = std::ferror(f) ? errno : 0;
  std::fclose(f);
  if (err) {
    diag.error(0, "cannot read: " + std::generic_category().message(err));
    return std::nullopt;
  }
  if (data.size() > kMaxFileBytes) {
    diag.error(0, "file is larger than 64 MB; not read");
    return std::nullopt;
  }
  return data;
}

bool exists(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f) std::fclose(f);
  return f != nullptr || errno != ENOENT;
}

// Sorts diagnostics by file (in reading order) and line, keeping the order within a line.
void sortDiagnostics(ConfigLoad& load) {
  auto rank = [&](const Diagnostic& d) {
    auto it = std::find(load.files.begin(), load.files.end(), d.file);
    return it - load.files.begin();
  };
  std::stable_sort(load.diagnostics.begin(), load.diagnostics.end(),
                   [&](const Diagnostic& a, const Diagnostic& b) {
                     auto ra = rank(a), rb = rank(b);
                     return ra != rb ? ra < rb : a.line < b.line;
                   });
}

struct Loader {
  ConfigLoad load;
  config::BuildContext ctx;
  std::map<std::string, config::ConfEntry> conf;
  uint64_t hash = config::fnv1a("");

  std::optional<std::string> open(const std::string& path) {
    load.files.push_back(path);
    DiagSink diag(path, &load.diagnostics);
    return readFile(path, diag);
  }

  void readConf(const std::string& envDir, const EnvLookup& env) {
    std::string path = config::joinPath(envDir, "lsf.conf");
    DiagSink diag(path, &load.diagnostics);
    std::map<std::string, int> emptied;
    if (auto text = open(path)) conf = config::parseLsfConf(*text, env, diag, &emptied);
    config::resolveConfPaths(conf, envDir);
    config::readLsfParams(conf, emptied, &ctx.snap.lsf, &ctx.snap.params, diag);
    for (const auto& [k, v] : conf) ctx.snap.lsfConf[k] = v.value;
    ctx.snap.confDir = ctx.snap.lsf.confDir.empty() ? envDir : ctx.snap.lsf.confDir;
  }

  void readShared() {
    std::string path = config::joinPath(ctx.snap.confDir, "lsf.shared");
    DiagSink diag(path, &load.diagnostics);
    auto text = open(path);
    if (!text) return;
    hash = config::normalizedDigest(*text, hash);
    int before = load.errors();
    config::readLsfShared(*text, ctx, diag);
    // After a structure error the cluster name may be lost with it: do not say so twice.
    if (ctx.snap.clusterName.empty() && load.errors() == before)
      diag.error(0, "no ClusterName in a Cluster section");
  }

  std::string readCluster() {
    if (ctx.snap.clusterName.empty()) return "";
    std::string path = config::joinPath(ctx.snap.confDir, "lsf.cluster." + ctx.snap.clusterName);
    DiagSink diag(path, &load.diagnostics);
    auto text = open(path);
    if (!text) return "";
    hash = config::normalizedDigest(*text, hash);
    config::readLsfCluster(*text, ctx, diag);
    return path;
  }

  std::string hostsPath() const { return config::joinPath(ctx.snap.confDir, "hosts"); }

  // lsf.policies, lsf.holidays, lsf.dedicated: optional; read after the resources are known.
  void readPolicies() {
    auto read = [&](const std::string& path) -> std::optional<std::string> {
      if (!exists(path)) return std::nullopt;
      DiagSink diag(path, &load.diagnostics);
      return readFile(path, diag);
    };
    policy::loadPolicyFiles(ctx.snap, read, load.diagnostics, load.files);
  }

  // Returns whether the file exists (a missing hosts file is no problem by itself).
  bool readHosts() {
    std::string path = hostsPath();
    if (!exists(path)) return false;
    DiagSink diag(path, &load.diagnostics);
    if (auto text = open(path)) ctx.snap.addresses = config::readHostsFile(*text, diag);
    return true;
  }
};

}  // namespace

ConfigLoad loadConfig(const std::string& envDirIn, const EnvLookup& env,
                      const HostResolver& resolves) {
  std::string envDir = envDirIn.empty() ? "/etc" : envDirIn;
  Loader l;
  l.ctx.snap.envDir = envDir;
  l.ctx.snap.resources = config::builtinResources();
  l.ctx.snap.buildIndexes();
  l.readConf(envDir, env);
  l.readShared();
  std::string clusterFile = l.readCluster();
  config::AddressCheck addresses{l.hostsPath(), l.readHosts(), resolves};
  if (!clusterFile.empty()) {
    DiagSink confDiag(config::joinPath(envDir, "lsf.conf"), &l.load.diagnostics);
    DiagSink clusterDiag(clusterFile, &l.load.diagnostics);
    // "No hosts" after a broken Host section would say the same thing twice.
    bool broken =
        std::any_of(l.load.diagnostics.begin(), l.load.diagnostics.end(), [&](const Diagnostic& d) {
          return d.file == clusterFile && d.severity == Severity::kError;
        });
    // Rows that were read and refused one by one still leave "no hosts" worth saying.
    if (!broken || !l.ctx.snap.hosts.empty() || !l.ctx.rejectedHosts.empty())
      config::validateCluster(l.ctx, l.conf, addresses, confDiag, clusterDiag);
    std::map<std::string, int> confKnobs;
    for (const auto& [key, e] : l.conf)
      if (config::isElimKnob(key)) confKnobs[config::elimKnobName(key)] = e.line;
    config::checkElimKnobs(confKnobs, l.ctx.clusterElimKnobs, l.ctx.snap.params, confDiag,
                           clusterDiag);
  }
  {
    // After the cluster file: a ResourceMap or Host section naming a derived resource finds
    // no such resource (they are set by the lim and the master only).
    DiagSink sharedDiag(config::joinPath(l.ctx.snap.confDir, "lsf.shared"), &l.load.diagnostics);
    config::addDerivedResources(&l.ctx.snap, sharedDiag);
  }
  l.readPolicies();
  l.ctx.snap.checksum = config::hexDigest(l.hash);
  sortDiagnostics(l.load);
  auto snap = std::make_shared<const ConfigSnapshot>(std::move(l.ctx.snap));
  l.load.draft = snap;
  if (l.load.errors() == 0) l.load.snapshot = snap;
  return std::move(l.load);
}

}  // namespace openlim
