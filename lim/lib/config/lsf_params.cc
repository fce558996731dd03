// lsf.conf typed once (see lsf_params.h).
#include "config/lsf_params.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <vector>

#include "config/lines.h"
#include "config/params.h"
#include "config/validate.h"
#include "util/strict_number.h"

namespace openlim::config {

namespace {

// Parses and stores one value; returns "" or why the value cannot be used.
using Apply = std::string (*)(const std::string& value, LsfParams* p);

struct KeySpec {
  const char* key;
  Apply apply;
  bool numeric;   // an empty value deserves a word: its default is used
  bool warnOnly;  // a bad value is a warning (the default is harmless), not an error
};

std::string num(double d) {
  char buf[32];
  snprintf(buf, sizeof buf, "%g", d);
  return buf;
}

// RULE: seconds := decimal number in [lo, hi].
std::string seconds(const std::string& v, double lo, double hi, double* out) {
  auto d = parseDouble(v);
  if (!d) return d.status().message() + " (want seconds, " + num(lo) + " to " + num(hi) + ")";
  if (*d < lo || *d > hi) return "out of range (" + num(lo) + " to " + num(hi) + " seconds)";
  *out = *d;
  return "";
}

// RULE: addr := [host] ":" port | "[" ipv6 "]" ":" port; host has no blank, '[' or ']'.
std::string metricsAddr(const std::string& v, LsfParams* p) {
  const char* want = " (want host:port, :port or [ipv6]:port, port 1-65535)";
  size_t colon = v.rfind(':');
  if (colon == std::string::npos) return "no port" + std::string(want);
  std::string host = v.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']')
    host = host.substr(1, host.size() - 2);
  else if (host.find(':') != std::string::npos)
    return "an IPv6 address needs brackets" + std::string(want);
  for (char c : host)
    if (std::isspace(static_cast<unsigned char>(c)) || c == '[' || c == ']' || c == '/')
      return "bad host \"" + host + "\"" + want;
  if (host.size() > 255) return "host name too long" + std::string(want);
  auto port = parseInt(v.substr(colon + 1));
  if (!port || *port < 1 || *port > 65535) return "bad port" + std::string(want);
  p->metricsHost = host;
  p->metricsPort = static_cast<uint16_t>(*port);
  return "";
}

std::vector<std::string> colonOrBlankWords(std::string v) {
  std::replace(v.begin(), v.end(), ':', ' ');
  return tokenizeWords(v);
}

const std::vector<KeySpec>& keySpecs() {
  static const std::vector<KeySpec> kSpecs = {
      {"LSF_LIM_PORT",
       [](const std::string& v, LsfParams* p) -> std::string {
         auto i = parseInt(v);
         if (!i || *i < 1 || *i > 65535) return "want a port number 1-65535";
         p->limPort = static_cast<uint16_t>(*i);
         return "";
       },
       true, false},
      {"LSF_CONFDIR",
       [](const std::string& v, LsfParams* p) -> std::string { return p->confDir = v, ""; }, false,
       false},
      {"LSF_SERVERDIR",
       [](const std::string& v, LsfParams* p) -> std::string { return p->serverDir = v, ""; },
       false, false},
      {"LSF_BINDIR",
       [](const std::string& v, LsfParams* p) -> std::string { return p->binDir = v, ""; }, false,
       false},
      {"LSF_LOGDIR",
       [](const std::string& v, LsfParams* p) -> std::string { return p->logDir = v, ""; }, false,
       false},
      {"LSF_STATEDIR",
       [](const std::string& v, LsfParams* p) -> std::string { return p->stateDir = v, ""; }, false,
       false},
      {"LSF_ELIM_DIR",
       [](const std::string& v, LsfParams* p) -> std::string { return p->elimDir = v, ""; }, false,
       false},
      {"LSF_AUTH_KEYFILE",
       [](const std::string& v, LsfParams* p) -> std::string { return p->authKeyFile = v, ""; },
       false, false},
      {"LSF_LOG_MASK",
       [](const std::string& v, LsfParams* p) -> std::string {
         for (const char* m :
              {"LOG_EMERG", "LOG_ALERT", "LOG_CRIT", "LOG_ERR", "LOG_WARNING", "LOG_NOTICE",
               "LOG_INFO", "LOG_DEBUG", "LOG_DEBUG1", "LOG_DEBUG2", "LOG_DEBUG3"})
           if (iequals(v, m)) return p->logMask = m, "";
         return "want a syslog level name; default LOG_WARNING used";
       },
       false, true},
      {"LSF_MASTER_LIST",
       [](const std::string& v, LsfParams* p) -> std::string {
         return p->masterList = tokenizeWords(v), "";
       },
       false, false},
      {"LSF_SERVER_HOSTS",
       [](const std::string& v, LsfParams* p) -> std::string {
         return p->serverHosts = colonOrBlankWords(v), "";
       },
       false, false},
      {"LSF_STRIP_DOMAIN",
       [](const std::string& v, LsfParams* p) -> std::string {
         return p->stripDomain = colonOrBlankWords(v), "";
       },
       false, false},
      {"LSF_API_CONNTIMEOUT",
       [](const std::string& v, LsfParams* p) -> std::string {
         return seconds(v, 0.001, 3600, &p->apiConnTimeout);
       },
       true, false},
      {"LSF_API_RECVTIMEOUT",
       [](const std::string& v, LsfParams* p) -> std::string {
         return seconds(v, 0.001, 3600, &p->apiRecvTimeout);
       },
       true, false},
      {"LSF_RSH", [](const std::string& v, LsfParams* p) -> std::string { return p->rsh = v, ""; },
       false, false},
      {"LSF_LSGRUN_PARALLEL",
       [](const std::string& v, LsfParams* p) -> std::string {
         auto i = parseInt(v);
         if (!i || *i < 1 || *i > 4096) return "want a count 1-4096; default 64 used";
         p->lsgrunParallel = *i;
         return "";
       },
       true, true},
      {"LSF_METRICS_ADDR", metricsAddr, false, false},
      {"LSF_NCPUS",
       [](const std::string& v, LsfParams* p) -> std::string {
         auto i = parseInt(v);
         if (!i || *i < 1 || *i > (1 << 20)) return "want a CPU count 1-1048576";
         p->ncpus = *i;
         return "";
       },
       true, false},
  };
  return kSpecs;
}

// Keys LSF defines that openlim does not use: a real lsf.conf carries them; no typo warning.
constexpr const char* kLsfOnlyKeys[] = {"LSF_ENVDIR",
                                        "LSF_TOP",
                                        "LSF_VERSION",
                                        "LSF_LIBDIR",
                                        "LSF_INCLUDEDIR",
                                        "LSF_MANDIR",
                                        "LSF_MISC",
                                        "LSF_SHAREDIR",
                                        "LSF_INDEP",
                                        "LSF_MACHDEP",
                                        "LSF_LICENSE_FILE",
                                        "LSF_RES_PORT",
                                        "LSF_LOCAL_RESOURCES",
                                        "LSF_UNIT_FOR_LIMITS",
                                        "LSF_RES_DEBUG",
                                        "LSF_LIM_DEBUG",
                                        "LSF_CMD_LOGDIR",
                                        "LSF_TIME_LIM",
                                        "LSF_DEBUG_LIM",
                                        "LSF_LOGFILE_OWNER",
                                        "LSF_AUTH",
                                        "LSF_USE_HOSTEQUIV",
                                        "LSF_ROOT_REX",
                                        "LSF_ENABLE_EGO",
                                        "LSF_EGO_ENVDIR",
                                        "LSF_TMPDIR",
                                        "LSF_LIM_API_NTRIES",
                                        "LSF_HOST_ADDR_RANGE",
                                        "LSF_DYNAMIC_HOST_WAIT_TIME",
                                        "LSF_DYNAMIC_HOST_TIMEOUT",
                                        "LSF_LIM_IGNORE_CHECKSUM",
                                        "LSF_STRICT_CHECKING",
                                        "LSF_STRICT_RESREQ",
                                        "LSF_PROCESS_TRACKING",
                                        "LSF_LINUX_CGROUP_ACCT",
                                        "LSF_HPC_EXTENSIONS",
                                        "LSF_DISABLE_LSRUN",
                                        "LSF_RES_ACCT",
                                        "LSF_MASTER_NSLOOKUP_TIMEOUT",
                                        "LSF_LOG_MASK_LIM",
                                        "LSF_INTERACTIVE_STDERR"};

// Every key that earns no typo warning, for the suggestion search.
std::vector<std::string> knownKeys() {
  std::vector<std::string> out;
  for (const auto& s : keySpecs()) out.emplace_back(s.key);
  for (const char* k : {"LSF_ELIM_BLOCKTIME", "LSF_ELIM_DEBUG", "LSF_ELIM_RESTARTS",
                        "ELIM_ABORT_VALUE", "LSF_ELIM_RESTART_INTERVAL", "LSF_ELIM_STALE_FACTOR",
                        "LSF_ELIM_WATCHDOG", "LSF_ELIM_KILL_GRACE"})
    out.emplace_back(k);
  return out;
}

// Damerau-Levenshtein (optimal string alignment) distance; inputs are short key names.
size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

bool isKnownLsfKey(std::string_view key) {
  for (const auto& s : keySpecs())
    if (key == s.key) return true;
  for (const char* k : kLsfOnlyKeys)
    if (key == k) return true;
  return isElimKnob(std::string(key));
}

std::string nearestLsfKey(std::string_view key) {
  constexpr size_t kMaxKey = 64;  // longer words are no typo of ours; keeps the table small
  if (key.size() > kMaxKey) return "";
  std::string best;
  size_t bestDist = 3;
  for (const auto& k : knownKeys()) {
    size_t dist = editDistance(key, k);
    if (dist < bestDist) bestDist = dist, best = k;
  }
  return best;
}

void readLsfParams(const std::map<std::string, ConfEntry>& conf,
                   const std::map<std::string, int>& emptied, LsfParams* out, ClusterParams* elim,
                   DiagSink& diag) {
  for (const auto& [key, e] : conf) {
    if (isElimKnob(key)) {
      applyParam(key, e.value, e.line, elim, diag);
      continue;
    }
    auto spec = std::find_if(keySpecs().begin(), keySpecs().end(),
                             [&k = key](const KeySpec& s) { return k == s.key; });
    if (spec != keySpecs().end()) {
      std::string why = spec->apply(e.value, out);
      if (why.empty()) continue;
      std::string msg = "bad value " + q(e.value) + " for " + key + ": " + why;
      spec->warnOnly ? diag.warn(e.line, msg) : diag.error(e.line, msg);
    } else if (key.rfind("LSF_", 0) == 0 && !isKnownLsfKey(key)) {
      std::string near = nearestLsfKey(key);
      diag.warn(e.line, "unknown key " + key +
                            (near.empty() ? " (a typo?)" : " (did you mean " + near + "?)") +
                            "; ignored");
    }
  }
  for (const auto& [key, line] : emptied) {
    auto spec = std::find_if(keySpecs().begin(), keySpecs().end(),
                             [&k = key](const KeySpec& s) { return k == s.key; });
    bool numeric =
        spec != keySpecs().end() ? spec->numeric : isElimKnob(key) && key != "LSF_ELIM_DEBUG";
    if (numeric) diag.warn(line, "empty value for " + key + "; its default is used");
  }
}

}  // namespace openlim::config
