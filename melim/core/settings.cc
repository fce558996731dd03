#include "core/settings.h"

#include <algorithm>
#include <array>
#include <set>

#include "util/strict_number.h"

namespace openlim::melim {
namespace {

constexpr double kDefaultInterval = 60;
constexpr std::array<const char*, 11> kBuiltinIndices = {"r15s", "r1m", "r15m", "ut",  "pg", "io",
                                                         "ls",   "it",  "tmp",  "swp", "mem"};

void applyParams(const ClusterParams& p, Settings& s) {
  s.pollInterval = p.elimPollInterval;
  s.blockTime = p.elimBlockTime;
  s.staleFactor = p.elimStaleFactor;
  s.watchdog = p.elimWatchdog;
  s.killGrace = p.elimKillGrace;
  s.rules.restartInterval = p.elimRestartInterval;
  s.rules.maxRestarts = p.elimRestarts;
  s.rules.abortValue = p.elimAbortValue;
  s.debug = p.elimDebug;
  s.elimArgs = splitWords(p.elimArgs);
}

void envNumber(const EnvFn& env, const char* key, double& out, double min,
               std::vector<std::string>& warnings) {
  auto v = env(key);
  if (!v || v->empty()) return;
  auto d = toDouble(*v);
  if (!d || *d < min) {
    warnings.push_back(std::string(key) + "=" + *v +
                       ": not a number >= " + std::to_string(static_cast<int>(min)) + "; ignored");
    return;
  }
  out = *d;
}

void envInt(const EnvFn& env, const char* key, int& out, std::vector<std::string>& warnings) {
  auto v = env(key);
  if (!v || v->empty()) return;
  auto d = toInt64(*v);
  if (!d || *d < -1 || *d > 1000000) {
    warnings.push_back(std::string(key) + "=" + *v + ": not an integer; ignored");
    return;
  }
  out = static_cast<int>(*d);
}

void applyEnv(const EnvFn& env, Settings& s, std::vector<std::string>& w) {
  envNumber(env, "ELIM_POLL_INTERVAL", s.pollInterval, 0.001, w);
  envNumber(env, "LSF_ELIM_BLOCKTIME", s.blockTime, 0, w);
  envNumber(env, "LSF_ELIM_STALE_FACTOR", s.staleFactor, 0, w);
  envNumber(env, "LSF_ELIM_WATCHDOG", s.watchdog, 0, w);
  envNumber(env, "LSF_ELIM_KILL_GRACE", s.killGrace, 0, w);
  envNumber(env, "LSF_ELIM_RESTART_INTERVAL", s.rules.restartInterval, 0, w);
  envInt(env, "LSF_ELIM_RESTARTS", s.rules.maxRestarts, w);
  envInt(env, "ELIM_ABORT_VALUE", s.rules.abortValue, w);
  if (auto d = env("LSF_ELIM_DEBUG"); d && !d->empty()) {
    char c = (*d)[0];
    s.debug = c == 'y' || c == 'Y' || c == '1';
  }
  if (auto a = env("ELIMARGS")) s.elimArgs = splitWords(*a);
  if (auto r = env("LSF_RESOURCES")) s.lsfResources = splitWords(*r);
}

NameKind kindOf(const ResourceDef& r) {
  if (r.builtinIndex) return NameKind::kBuiltin;        // every formal name, r1m it ls swp included
  if (isBatchSlots(r.name)) return NameKind::kBuiltin;  // a host's jobs (docs/rating.md)
  if (isBuiltinAlias(r.name)) return NameKind::kAlias;
  if (r.builtin) return NameKind::kNotOverridable;
  if (r.type == ResourceType::kBoolean) return NameKind::kBoolean;
  if (!r.dynamic) return NameKind::kNotOverridable;
  return r.type == ResourceType::kString ? NameKind::kString : NameKind::kNumeric;
}

void addName(std::vector<NameSpec>& names, std::set<std::string>& have, NameSpec spec) {
  if (!have.insert(spec.name).second) return;
  if (spec.kind == NameKind::kBuiltin) {
    if (auto r = builtinRange(spec.name)) {
      spec.min = r->min;
      spec.max = r->max;
    }
  }
  names.push_back(std::move(spec));
}

void buildNames(const ConfigSnapshot* config, Settings& s) {
  std::set<std::string> expected;
  if (s.lsfResources) expected.insert(s.lsfResources->begin(), s.lsfResources->end());
  auto isExpected = [&](const std::string& n) { return !s.lsfResources || expected.count(n); };
  std::set<std::string> have;
  if (config) {
    for (const ResourceDef& r : config->resources) {
      NameKind k = kindOf(r);
      double interval = r.interval > 0 ? r.interval : kDefaultInterval;
      bool exp = k == NameKind::kBuiltin || isExpected(r.name);
      addName(s.names, have, {r.name, k, interval, exp});
    }
  }
  for (const char* b : kBuiltinIndices)
    addName(s.names, have, {b, NameKind::kBuiltin, kDefaultInterval, true});
  for (const char* a : {"login", "idle", "cpu", "swap"})
    addName(s.names, have, {a, NameKind::kAlias, kDefaultInterval, true});
  for (const char* b : {"slots", "maxslots"})
    addName(s.names, have, {b, NameKind::kBuiltin, kDefaultInterval, true});
  addName(s.names, have, {"status", NameKind::kNotOverridable, kDefaultInterval, true});
  if (s.lsfResources)
    for (const std::string& n : *s.lsfResources)
      addName(s.names, have, {n, NameKind::kNumeric, kDefaultInterval, true});
}

}  // namespace

std::vector<std::string> splitWords(const std::string& s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

Settings buildSettings(const ConfigSnapshot* config, const EnvFn& env,
                       std::vector<std::string>& warnings) {
  Settings s;
  if (config) applyParams(config->params, s);
  applyEnv(env, s, warnings);
  if (s.pollInterval <= 0) s.pollInterval = 5;
  buildNames(config, s);
  return s;
}

}  // namespace openlim::melim
