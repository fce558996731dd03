// Cluster parameters: a table of keys with type and range.
#include "config/params.h"

#include <cstdio>
#include <functional>

#include "config/lines.h"
#include "util/strict_number.h"

namespace openlim::config {

namespace {

constexpr int kBigInt = 1 << 30;

std::string num(double d) {
  char buf[32];
  snprintf(buf, sizeof buf, "%g", d);
  return buf;
}

struct Spec {
  const char* key;
  bool elimKnob;
  // Parses and stores; returns "" or a reason for the diagnostic.
  std::function<std::string(const std::string&, ClusterParams*)> apply;
};

std::function<std::string(const std::string&, ClusterParams*)> real(double ClusterParams::*m,
                                                                    double lo, double hi) {
  return [=](const std::string& v, ClusterParams* p) -> std::string {
    auto d = parseDouble(v);
    if (!d) return d.status().message();
    if (*d < lo || *d > hi)
      return hi > 1e17 ? "must be at least " + num(lo)
                       : "out of range (" + num(lo) + " to " + num(hi) + ")";
    p->*m = *d;
    return "";
  };
}

std::function<std::string(const std::string&, ClusterParams*)> integer(int ClusterParams::*m,
                                                                       int lo, int hi) {
  return [=](const std::string& v, ClusterParams* p) -> std::string {
    auto i = parseInt(v);
    if (!i) return i.status().message();
    if (*i < lo || *i > hi)
      return hi >= kBigInt
                 ? "must be at least " + std::to_string(lo)
                 : "out of range (" + std::to_string(lo) + " to " + std::to_string(hi) + ")";
    p->*m = *i;
    return "";
  };
}

// RULE: flag := y | yes | 1 | true | n | no | 0 | false (any case).
std::function<std::string(const std::string&, ClusterParams*)> flag(bool ClusterParams::*m) {
  return [=](const std::string& v, ClusterParams* p) -> std::string {
    std::string l = lower(v);
    if (l == "y" || l == "yes" || l == "1" || l == "true")
      p->*m = true;
    else if (l == "n" || l == "no" || l == "0" || l == "false")
      p->*m = false;
    else
      return "want y or n";
    return "";
  };
}

// RULE: consistency := available | quorum (any case).
std::function<std::string(const std::string&, ClusterParams*)> consistency() {
  return [](const std::string& v, ClusterParams* p) -> std::string {
    std::string l = lower(v);
    if (l == "available")
      p->reservationConsistency = ReservationConsistency::kAvailable;
    else if (l == "quorum")
      p->reservationConsistency = ReservationConsistency::kQuorum;
    else
      return "want available or quorum";
    return "";
  };
}

constexpr double kBig = 1e18;
constexpr double kMaxLease = 365.0 * 24 * 3600;  // a year

const std::vector<Spec>& specs() {
  static const std::vector<Spec> kSpecs = {
      {"EXINTERVAL", false, real(&ClusterParams::exInterval, 1, 3600)},
      {"ELIM_POLL_INTERVAL", false, real(&ClusterParams::elimPollInterval, 0.001, 5)},
      {"PROBE_TIMEOUT", false, real(&ClusterParams::probeTimeout, 0.001, 3600)},
      {"HOST_INACTIVITY_LIMIT", false, integer(&ClusterParams::hostInactivityLimit, 2, kBigInt)},
      {"MASTER_INACTIVITY_LIMIT", false,
       integer(&ClusterParams::masterInactivityLimit, 1, kBigInt)},
      {"RETRY_LIMIT", false, integer(&ClusterParams::retryLimit, 0, kBigInt)},
      {"ADJUST_DURATION", false, integer(&ClusterParams::adjustDuration, 0, kBigInt)},
      {"RATING_SMP_FACTOR", false, real(&ClusterParams::ratingSmpFactor, 0, 1)},
      {"RATING_CPU_WEIGHT", false, real(&ClusterParams::ratingCpuWeight, 0, 1)},
      {"RATING_MEM_WEIGHT", false, real(&ClusterParams::ratingMemWeight, 0, 1)},
      {"RATING_DISPATCH_DROP", false, flag(&ClusterParams::ratingDispatchDrop)},
      {"RESERVATION_LEASE", false, real(&ClusterParams::reservationLease, 1, kMaxLease)},
      {"RESERVATION_CONSISTENCY", false, consistency()},
      {"POLICY_AVERAGE_WINDOW", false, real(&ClusterParams::policyAverageWindow, 1, 86400)},
      {"ELIMARGS", false,
       [](const std::string& v, ClusterParams* p) {
         p->elimArgs = v;
         return std::string();
       }},
      {"LSF_ELIM_BLOCKTIME", true, real(&ClusterParams::elimBlockTime, 0, kBig)},
      {"LSF_ELIM_DEBUG", true, flag(&ClusterParams::elimDebug)},
      {"LSF_ELIM_RESTARTS", true, integer(&ClusterParams::elimRestarts, -1, kBigInt)},
      {"ELIM_ABORT_VALUE", true, integer(&ClusterParams::elimAbortValue, 0, 255)},
      {"LSF_ELIM_RESTART_INTERVAL", true, real(&ClusterParams::elimRestartInterval, 0, kBig)},
      {"LSF_ELIM_STALE_FACTOR", true, real(&ClusterParams::elimStaleFactor, 1, kBig)},
      {"LSF_ELIM_WATCHDOG", true, real(&ClusterParams::elimWatchdog, 0, kBig)},
      {"LSF_ELIM_KILL_GRACE", true, real(&ClusterParams::elimKillGrace, 0, kBig)},
  };
  return kSpecs;
}

}  // namespace

bool applyParam(const std::string& key, const std::string& value, int line, ClusterParams* params,
                DiagSink& diag) {
  for (const auto& s : specs()) {
    if (!iequals(key, s.key)) continue;
    std::string why = s.apply(value, params);
    // A bad interval, count or flag is an error: running with a value other than the one
    // written (a default, a wrapped number) would be a silent surprise.
    if (!why.empty()) diag.error(line, "bad value " + q(value) + " for " + s.key + ": " + why);
    return true;
  }
  return false;
}

bool isElimKnob(const std::string& key) {
  return !elimKnobName(key).empty();
}

std::string elimKnobName(const std::string& key) {
  for (const auto& s : specs())
    if (s.elimKnob && iequals(key, s.key)) return s.key;
  return "";
}

void checkElimKnobs(const std::map<std::string, int>& confLines,
                    const std::map<std::string, int>& clusterLines, const ClusterParams& params,
                    DiagSink& confDiag, DiagSink& clusterDiag) {
  auto sets = [&](const char* key) { return confLines.count(key) || clusterLines.count(key); };
  if (sets("LSF_ELIM_BLOCKTIME") || (sets("LSF_ELIM_DEBUG") && params.elimDebug)) return;
  const std::string msg =
      "LSF_ELIM_RESTARTS is set without LSF_ELIM_BLOCKTIME or LSF_ELIM_DEBUG=y (LSF requires "
      "one of them); the restart cap is applied anyway";
  if (auto it = confLines.find("LSF_ELIM_RESTARTS"); it != confLines.end())
    confDiag.warn(it->second, msg);
  if (auto it = clusterLines.find("LSF_ELIM_RESTARTS"); it != clusterLines.end())
    clusterDiag.warn(it->second, msg);
}

}  // namespace openlim::config
