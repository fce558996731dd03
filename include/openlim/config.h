#pragma once
// The cluster configuration model: one immutable, validated snapshot built from lsf.conf,
// lsf.shared, lsf.cluster.<name> and $LSF_CONFDIR/hosts (docs/config.md).
// Everything here is plain data; parsing and validation live in lim/lib/config/.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "openlim/status.h"

namespace openlim {

enum class ResourceType : uint8_t { kNumeric, kBoolean, kString };
// kIncreasing: bigger means more loaded (r1m); kDecreasing: bigger is better (mem);
// kNone: no order (booleans, strings, rexpri).
enum class Direction : uint8_t { kIncreasing, kDecreasing, kNone };

struct ResourceDef {
  std::string name;
  ResourceType type = ResourceType::kBoolean;
  Direction direction = Direction::kNone;
  double interval = 0;        // seconds; > 0 only for dynamic resources
  bool dynamic = false;       // reported at run time (built-in index or elim)
  bool builtin = false;       // one of LSF's built-in indices or static resources
  bool builtinIndex = false;  // one of the 11 built-in load indices r15s..mem
  bool consumable = false;
  bool release = false;
  bool shared = false;      // ResourceMap gives [all] or host sets: one value per instance
  bool memoryLike = false;  // accepts size units (mem swp tmp maxmem maxswp maxtmp)
  // Added by openlim, never declared by a site: the lim-collected NLB values and the
  // averaged indices (config/derived_resources.h). lsinfo lists them only on request.
  bool derived = false;
  // For an averaged index (A_ut, NLB_A_SYSCPU): the resource it averages; empty otherwise.
  std::string averageOf;
  std::string description;
  int line = 0;  // where it was defined in lsf.shared; 0 for built-ins
};

// One instance of a ResourceMap entry. For [default] there is no instance: every host that
// maps the resource has its own value.
struct ResourceInstance {
  std::string resource;
  std::vector<std::string> hosts;           // hosts sharing this instance, in LOCATION order
                                            // ([all] expands to every host minus the ~ exclusions)
  bool all = false;                         // from [all]: the elim runs on the master
  std::optional<double> staticNumber;       // (5@[all]) form
  std::optional<std::string> staticString;  // a static string value, when given that way
  int line = 0;
};

struct HostModel {
  std::string name;
  double cpuFactor = 1.0;
  std::string architecture;
  int line = 0;
};

struct HostConfig {
  std::string name;
  std::string model;  // "!" = detect at run time
  std::string type;   // "!" = detect at run time
  bool server = true;
  int nd = -1;  // ND column, -1 = not set
  std::optional<double> rexpri;
  std::string runWindow;                       // parsed, not enforced (lockW comes later)
  std::map<std::string, double> thresholds;    // load index -> busy threshold (ut as 0-1)
  std::vector<std::string> booleans;           // boolean resources listed in RESOURCES
  std::map<std::string, std::string> strings;  // name=value string resources
  std::map<std::string, double> numbers;       // name=value static numeric resources
  // The resources among booleans/strings/numbers whose value comes from lsf.attributes (the
  // host's site attributes, docs/policies.md), as declared in lsf.shared, in file order.
  // The RESOURCES column leaves them out; lshosts -l lists them on their own.
  std::vector<std::string> siteAttributes;
  // Placement limits and rating inputs (docs/rating.md), typed and range-checked: the
  // Host-section columns MXJ, ideal_load and max_load, else the static resources max_jobs,
  // ideal_load and max_load; cpu_weight, mem_weight and vups are static resources only.
  // Empty when not set (the cluster's value or the documented default applies).
  std::optional<int> maxJobs;                  // >= 0; MXJ `!` is kMaxJobsPerCpu
  std::optional<double> idealLoad, maxLoad;    // >= 0; idealLoad <= maxLoad when both set
  std::optional<double> cpuWeight, memWeight;  // 0-1
  std::optional<double> vups;                  // > 0, VUPS per CPU
  int line = 0;
};

// HostConfig::maxJobs for MXJ `!`: as many jobs as the host has CPUs.
inline constexpr int kMaxJobsPerCpu = -1;

// RESERVATION_CONSISTENCY (docs/reservations.md, "Partitions: RESERVATION_CONSISTENCY"):
// what a master promises about reservations when the network splits the master candidates.
//   kQuorum: a master admits, renews and releases only while it hears a strict majority of
//     the candidates, and acknowledges only once a majority journalled the change; the
//     minority side answers "try again". Nothing is ever over-committed.
//   kAvailable: each side of a split elects its master and admits (LSF's behaviour); after
//     the heal the merged ledger keeps everything and an over-commit is detected and shown.
enum class ReservationConsistency { kAvailable, kQuorum };

struct ClusterParams {
  double exInterval = 15;         // seconds (>= 1 accepted, for tests)
  double elimPollInterval = 5;    // seconds (0.001 - 5)
  double probeTimeout = 2;        // seconds
  int hostInactivityLimit = 5;    // exchanges (>= 2)
  int masterInactivityLimit = 2;  // exchanges
  int retryLimit = 2;
  int adjustDuration = 3;  // exchanges
  std::string elimArgs;
  double elimBlockTime = 4;  // seconds; 0 = whole line in one write
  bool elimDebug = false;
  int elimRestarts = -1;  // -1 = unlimited
  int elimAbortValue = 97;
  double elimRestartInterval = 90;  // seconds
  double elimStaleFactor = 3;
  double elimWatchdog = 0;   // seconds; 0 = off
  double elimKillGrace = 2;  // seconds
  // The host rating (docs/rating.md). SMP_FACTOR 0-1; weights 0-1, a host's own
  // cpu_weight/mem_weight resources take precedence. The defaults make the CPU and memory
  // terms of the same size on a host of CPU factor 100 with 4 GB per CPU.
  double ratingSmpFactor = 0.2;    // RATING_SMP_FACTOR
  double ratingCpuWeight = 1.0;    // RATING_CPU_WEIGHT
  double ratingMemWeight = 0.1;    // RATING_MEM_WEIGHT
  bool ratingDispatchDrop = true;  // RATING_DISPATCH_DROP: placements lower ut and mem too
  // A reservation's lease when lsreserve gives no -t (seconds, 1 to one year).
  double reservationLease = 3600;
  // RESERVATION_CONSISTENCY = available | quorum. Default quorum: the promise reservations
  // exist for (a slot or licence promised once) then holds under any partition, and a
  // cluster of one candidate (the quickstart) is its own majority. Its cost is availability
  // when a majority of LSF_MASTER_LIST is down, which is why a list of 1 or 3 hosts (not 2)
  // is the advice, and latency: an acknowledgement waits for a majority's journal.
  ReservationConsistency reservationConsistency = ReservationConsistency::kQuorum;
  // POLICY_AVERAGE_WINDOW: the averaged indices (A_<index>) cover this many seconds.
  double policyAverageWindow = 120;
};

// lsf.conf, typed once: every key openlim uses, parsed and range-checked by the config
// reader (lim/lib/config/lsf_params.cc). Consumers read these fields, never strings. Paths
// are absolute, or relative to a relative LSF_ENVDIR; empty means not set.
struct LsfParams {
  uint16_t limPort = 7869;  // LSF_LIM_PORT, 1-65535
  std::string confDir;      // LSF_CONFDIR (the snapshot's confDir holds the default)
  std::string serverDir;    // LSF_SERVERDIR
  std::string binDir;       // LSF_BINDIR
  std::string logDir;       // LSF_LOGDIR
  std::string elimDir;      // LSF_ELIM_DIR
  std::string authKeyFile;  // LSF_AUTH_KEYFILE
  std::string logMask;      // LSF_LOG_MASK, a checked syslog level name; empty = LOG_WARNING
  std::vector<std::string> masterList;   // LSF_MASTER_LIST as written (checked: masterList)
  std::vector<std::string> serverHosts;  // LSF_SERVER_HOSTS, blank- or colon-separated
  std::vector<std::string> stripDomain;  // LSF_STRIP_DOMAIN suffixes
  double apiConnTimeout = 5;             // LSF_API_CONNTIMEOUT, seconds
  double apiRecvTimeout = 20;            // LSF_API_RECVTIMEOUT, seconds
  std::string rsh;                       // LSF_RSH, the remote shell command line; empty = not set
  int lsgrunParallel = 64;               // LSF_LSGRUN_PARALLEL: lsgrun -p's remote shells at once
  int ncpus = 0;                         // LSF_NCPUS; 0 = detect
  // LSF_STATEDIR: the reservation state file of each lim and its local socket for verified
  // requests (docs/reservations.md); empty = kDefaultStateDir.
  std::string stateDir;
  // LSF_METRICS_ADDR=host:port, the Prometheus endpoint; port 0 = off (unset). An empty
  // host (":9469") means the lim's own address; "[::1]:9469" takes an IPv6 address.
  std::string metricsHost;
  uint16_t metricsPort = 0;
};

inline constexpr const char* kDefaultStateDir = "/var/lib/openlim";

// A Begin HostGroup row of lsf.cluster, resolved once when the configuration is read.
struct HostGroup {
  std::string name;                  // as written (without a leading '@')
  std::vector<std::string> members;  // as written: hosts, groups, `all`, `~excluded`
  std::vector<size_t> hosts;         // resolved: indexes into ConfigSnapshot::hosts, ascending
  int line = 0;
};

struct HostAddress {
  std::string ip;
  std::string name;
  std::vector<std::string> aliases;
  int line = 0;
};

enum class Severity : uint8_t { kWarning, kError };

// One problem found while reading the configuration, reported as "file:line: message".
struct Diagnostic {
  std::string file;
  int line = 0;  // 0 when about the whole file
  Severity severity = Severity::kWarning;
  std::string message;
  std::string toString() const {
    std::string s = file;
    if (line > 0) s += ":" + std::to_string(line);
    return s + ": " + message;
  }
};

namespace policy {
struct PolicyConfig;  // lim/lib/policy/policy_config.h
}

struct ConfigSnapshot {
  std::string envDir;   // LSF_ENVDIR
  std::string confDir;  // LSF_CONFDIR
  std::string clusterName;
  std::map<std::string, std::string> lsfConf;  // every key of lsf.conf, expanded
  LsfParams lsf;                               // the keys we use, typed
  std::vector<std::string> hostTypes;
  std::vector<HostModel> models;
  std::vector<ResourceDef> resources;  // built-ins first, then lsf.shared order
  std::vector<HostConfig> hosts;       // Host section order
  std::vector<ResourceInstance> instances;
  // Resources mapped [default] (each host its own value): name -> hosts that have it.
  std::map<std::string, std::vector<std::string>> perHostResources;
  ClusterParams params;
  std::vector<std::string> admins;
  std::vector<HostGroup> hostGroups;    // HostGroup section order, each resolved to its hosts
  std::vector<HostAddress> addresses;   // from $LSF_CONFDIR/hosts
  std::vector<std::string> masterList;  // LSF_MASTER_LIST, else server hosts in order
  std::string checksum;                 // hex digest of the files read, to detect config drift
  // lsf.policies (compiled), lsf.holidays and lsf.dedicated; null only in hand-built snapshots.
  std::shared_ptr<const policy::PolicyConfig> policies;

  // Lookup indexes (added by the config work): lower-case host name -> index in hosts, and
  // resource name -> index in resources. loadConfig() keeps them filled; the lookups fall
  // back to a linear scan when an index does not match its vector (hand-built snapshots).
  // Call buildIndexes() after renaming hosts or resources of a loaded snapshot.
  std::map<std::string, size_t> hostIndex;
  std::map<std::string, size_t> resourceIndexByName;
  void buildIndexes();

  // Lookups (linear or map-backed; return nullptr/-1 when absent).
  const ResourceDef* findResource(const std::string& name) const;
  int resourceIndex(const std::string& name) const;           // index into resources, -1 if none
  const HostConfig* findHost(const std::string& name) const;  // case-insensitive
  const HostModel* findModel(const std::string& name) const;
  const HostGroup* findHostGroup(const std::string& name) const;  // exact name, no '@'
  const HostAddress* findAddress(const std::string& nameOrAlias) const;
  // An lsf.conf value as written (site keys, elim environment). Keys openlim uses are read
  // from `lsf`, typed and checked, never through this.
  std::optional<std::string> conf(const std::string& key) const;
  // Largest CPUFACTOR among the cluster's hosts (for normalised run queues).
  double maxCpuFactor() const;
  // External dynamic resources this host is expected to report: its [default] ones plus
  // the shared instances it serves (the caller says which instances it serves).
  std::vector<std::string> perHostExternalResources(const std::string& host) const;
};

using ConfigPtr = std::shared_ptr<const ConfigSnapshot>;

struct ConfigLoad {
  ConfigPtr snapshot;                   // null when an error makes the config unusable
  std::vector<Diagnostic> diagnostics;  // every problem, in file/line order
  // Added by the config work: the files read, in order (lsf.conf, lsf.shared, cluster file,
  // hosts file when present), and a best-effort snapshot built even when there are errors
  // (for `lsadmin ckconfig -v`; never use it to run a cluster).
  std::vector<std::string> files;
  ConfigPtr draft;
  int errors() const;
  int warnings() const;
};

// Reads the configuration that envDir points to. getenv is injectable for tests (it expands
// ${VAR} in lsf.conf). Never throws; every problem becomes a Diagnostic.
using EnvLookup = std::function<std::optional<std::string>(const std::string&)>;
// Whether the system resolver knows a host name (for hosts $LSF_CONFDIR/hosts does not map).
using HostResolver = std::function<bool(const std::string&)>;
// Without a resolver, a host the hosts file does not map is assumed resolvable (tests).
ConfigLoad loadConfig(const std::string& envDir, const EnvLookup& env,
                      const HostResolver& resolves = {});
// What lim and lsadmin ckconfig read: the process environment, with `resolves` for the names
// the hosts file does not map. Both pass the system resolver at start-up (shell/
// system_resolver.h), so they find the same problems; a running lim's reconfig asks the
// addresses it already has (its event loop must not block). envDir empty: LSF_ENVDIR, else
// /etc.
ConfigLoad loadConfigFrom(const std::string& envDir, const HostResolver& resolves);
// The same without name resolution, for tools that reach no host (lsplace --from, melim,
// limstartup's host list): LSF_ENVDIR (default /etc) and the process environment.
ConfigLoad loadConfigFromEnvironment();

}  // namespace openlim
