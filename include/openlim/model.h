#pragma once
// Plain data the command formatters read (LSF's command reference). The commands fill these from
// the lim's JSON replies (lim/cmd/reply_parse); the formatters are pure functions of them.

#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "openlim/config.h"

namespace openlim::format {

// One resource value as the lim reports it: a number, a string, a boolean, or unknown; in a
// load host's flat row also "absent" (the host does not have the resource).
struct Value {
  enum class Kind : unsigned char { kUnknown, kNumber, kString, kBool, kAbsent };
  std::string text;
  double number = 0;
  Kind kind = Kind::kUnknown;
  bool flag = false;

  static Value unknown() { return {}; }
  static Value absent() { return {{}, 0, Kind::kAbsent, false}; }
  static Value num(double v) { return {{}, v, Kind::kNumber, false}; }
  static Value str(std::string s) { return {std::move(s), 0, Kind::kString, false}; }
  static Value boolean(bool b) { return {{}, 0, Kind::kBool, b}; }
  bool known() const { return kind != Kind::kUnknown && kind != Kind::kAbsent; }
  bool present() const { return kind != Kind::kAbsent; }
  bool isNumber() const { return kind == Kind::kNumber; }
};

// One row of `lsinfo` (the `info` op).
struct ResourceInfo {
  std::string name;
  ResourceType type = ResourceType::kNumeric;
  Direction direction = Direction::kNone;
  double interval = 0;
  bool builtin = false;
  bool dynamic = false;
  bool release = false;
  bool consumable = false;
  bool shared = false;   // ResourceMap instance shared by hosts (optional in the reply)
  bool derived = false;  // added by openlim (A_*, NLB_*): lsinfo lists it only when named
  std::string description;
};

struct ModelInfo {
  std::string name;
  double cpuf = 1;
  std::string arch;
  bool used = false;  // some host of the cluster has this model
};

struct ClusterInfo {
  std::vector<ResourceInfo> resources;
  std::vector<std::string> types;
  std::vector<ModelInfo> models;

  const ResourceInfo* find(const std::string& name) const;
  // Largest CPU factor among the models the cluster's hosts use (1 when none).
  double maxUsedCpuFactor() const;
};

// One host of the `load` reply (the host snapshot of LSF's command reference) as flat rows: a value
// per resource slot of its LoadSnapshot (10,000 hosts of ~40 values each stay a few vectors a
// host, not a tree of map nodes).
struct LoadHost {
  std::string name;
  std::string status;         // ok busy lockU lockW unavail
  std::vector<Value> values;  // by slot; absent (or past the end) = the host lacks it
  std::vector<double> ages;   // by slot: seconds since each external value arrived; NaN none
  std::vector<int> busy;      // slots of the indices past their busy threshold
  double age = std::nan("");  // seconds since the master last heard from it; NaN = not given
};

struct LoadSnapshot {
  std::string cluster;
  std::string master;
  std::vector<std::string> names;  // slot -> resource name, in the order first seen
  std::vector<LoadHost> hosts;

  int slot(std::string_view name) const;                  // -1 when no host reported it
  const Value& value(const LoadHost& h, int slot) const;  // absent when slot < 0
  const Value& value(const LoadHost& h, std::string_view name) const;
  double age(const LoadHost& h, int slot) const;  // NaN when none
  bool isBusy(const LoadHost& h, int slot) const;
};

// One host of the `hosts` reply (static information, lshosts).
struct HostInfo {
  std::string name;
  std::string type;
  std::string model;
  Value cpuf, ncpus, ncores, nthreads, maxmem, maxswp, maxtmp, ndisks, rexpri;
  std::string server = "Yes";  // Yes, No or Dyn
  std::vector<std::string> resources;
  std::map<std::string, double> thresholds;  // index -> busy threshold (ut as 0-1)
  std::string status;
  // Site attributes (lsf.attributes) in file order, and the static NLB strings its lim
  // collected (NLB_HARDWARE, NLB_OSNAME, NLB_RELEASE, NLB_VERSION): lshosts -l.
  std::vector<std::pair<std::string, Value>> site;
  std::vector<std::pair<std::string, std::string>> nlb;
};

// One instance of a shared resource (`shared` op): lsload -s, lshosts -s, bhosts -s.
struct SharedInstance {
  std::string resource;
  Value value;
  double reserved = 0;
  std::vector<std::string> locations;
  bool dynamic = false;
  bool isString = false;  // a string resource (bhosts -s lists numeric ones only)
};

struct IdInfo {
  std::string cluster;
  std::string master;
  std::string version;  // the master's version (the client prints its own)
  // The master's calendar period ("prime", "non_prime", "dedicated") and the default policy
  // then ("" when none may be used); empty period when the cluster has no policy files.
  std::string period;
  std::string defaultPolicy;
  // ClusterAdmins in the configuration's order (lsclusters); empty from an older lim.
  std::vector<std::string> admins = {};
};

// `lsload` display choices.
enum class RunQueueMode : unsigned char { kRaw, kEffective, kNormalised };

struct LoadOptions {
  bool longFormat = false;  // -l
  bool wide = false;        // -w
  RunQueueMode runQueues = RunQueueMode::kRaw;
  std::vector<std::string> indices;  // -I (already validated); empty = default set
  double maxCpuFactor = 1;           // for -N
};

}  // namespace openlim::format
