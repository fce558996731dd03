#pragma once
// Resource requirement strings (LSF's resource requirement rules): compile once, then select, order
// and place over a columnar HostTable. The pipeline is lexer -> parser (no config) -> binder (names
// to column slots, types, units, folding) -> compiled program (lim/lib/resreq/).
//
//   auto req = compileRequest("select[mem>2G] order[r15s]", *config, {});
//   if (!req) print(req.status().message());            // LSF words + offset + token
//   SelectResult s = selectHosts(**req, table, {});      // lsload -R / lshosts -R
//   PlacementResult p = place(**req, table, {.minSlots = 2});   // lsplace

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "openlim/config.h"
#include "openlim/host_table.h"
#include "openlim/status.h"

namespace openlim {

struct CompileOptions {
  // LSF adds `type==local` to an online placement whose select names neither `type` nor any
  // string or boolean resource. lsload -R, lshosts -R and lsplace --from leave it off.
  bool implicitTypeLocal = false;
  std::string localType;   // value of `type==local`; empty = the asker is outside: any
  std::string localModel;  // value of `model==local`; empty = any
};

// One `name=amount` of an rusage alternative. Amounts are in the resource's unit (MB for
// memory-like ones). A bare `name` (no value) is LSF's "intensive in using that resource":
// amount 0, and a placement puts at most one slot on a host whatever its CPUs.
struct RusageItem {
  std::string name;
  int slot = -1;  // index into config->resources and HostTable::columns
  double amount = 0;
  bool intensive = false;  // named without a value
};

struct RusageAlternative {
  std::vector<RusageItem> items;
  double durationMinutes = 0;  // 0 = not given
  bool decay = false;
};

struct SpanSpec {
  int hosts = 0;  // 1 = every slot on one host; 0 = not given, or LSF's hosts=-1 (no limit)
  int ptile = 0;  // slots per host; 0 = not given
};

struct OrderKeyInfo {
  std::string text;         // as written, e.g. "-ncpus" or "(mem*cpuf)"
  bool descending = false;  // effective direction (larger first)
};

class CompiledProgram;  // lim/lib/resreq/program.h

// An immutable, bound and compiled request. Cheap to share between callers (cache).
class CompiledRequest {
 public:
  const std::string& text() const { return text_; }
  // The top-level `&&` terms of select, as written (explain reports the first that fails).
  const std::vector<std::string>& termTexts() const { return termTexts_; }
  const std::vector<OrderKeyInfo>& orderKeys() const { return orderKeys_; }
  const std::vector<RusageAlternative>& rusage() const { return rusage_; }
  const SpanSpec& span() const { return span_; }
  const std::vector<std::string>& same() const { return same_; }
  const std::vector<int>& sameSlots() const { return sameSlots_; }
  const CompiledProgram& program() const { return *program_; }
  const ConfigSnapshot* config() const { return config_; }

  // Filled by compileRequest(); not for callers.
  std::string text_;
  std::vector<std::string> termTexts_;
  std::vector<OrderKeyInfo> orderKeys_;
  std::vector<RusageAlternative> rusage_;
  std::string rusageText_;
  SpanSpec span_;
  std::vector<std::string> same_;
  std::vector<int> sameSlots_;
  std::shared_ptr<const CompiledProgram> program_;
  const ConfigSnapshot* config_ = nullptr;
};

using CompiledRequestPtr = std::shared_ptr<const CompiledRequest>;

// Parses, binds and compiles. Errors read like LSF's and carry the 0-based byte offset in
// Status::pos().offset. Code::kInvalid: "Bad resource requirement syntax: select[mem>] at 11:
// expected a value after '>'" (type errors, repeated sections, an over-long request (64 KiB)
// or an over-deep expression (200 levels, a chain's operands included) read the same way).
// Code::kNotFound: "Unknown resource name <gpu_fre> at 8" (every name is checked before any
// type), "Unknown resource value <SPARC> at 13" (type/model take the cluster's HostType/
// HostModel names, `any` and `local`). cu[] and affinity[] give Code::kUnsupported. A
// division by zero is unknown; `select[]` selects every host; a value-less `rusage[mem]`
// allows one slot per host. The config must outlive the result.
Result<CompiledRequestPtr> compileRequest(std::string_view text, const ConfigSnapshot& config,
                                          const CompileOptions& options = {});

// Compiled programs keyed by text, options and config identity. Not thread-safe: one per
// event loop. Drops everything when it grows past `capacity` (requests repeat heavily).
class RequestCache {
 public:
  explicit RequestCache(size_t capacity = 1024) : capacity_(capacity) {}
  Result<CompiledRequestPtr> get(std::string_view text, const ConfigPtr& config,
                                 const CompileOptions& options = {});
  size_t size() const { return map_.size(); }
  uint64_t hits() const { return hits_; }
  uint64_t misses() const { return misses_; }

 private:
  struct Entry {
    ConfigPtr config;  // keeps the snapshot (and so its address, part of the key) alive
    CompiledRequestPtr request;
  };
  size_t capacity_;
  std::unordered_map<std::string, Entry> map_;
  uint64_t hits_ = 0;
  uint64_t misses_ = 0;
};

struct SelectOptions {
  bool okOnly = false;               // placement: only status ok is eligible
  std::vector<uint32_t> candidates;  // rows to consider; empty = every row
  size_t limit = 0;                  // top-k after ordering; 0 = all
  bool explain = false;              // fill SelectResult::failedTerm
};

struct SelectResult {
  std::vector<uint32_t> rows;  // selected rows, best first (status group, keys, name)
  // With explain: per table row, -1 = passed (or not considered), else the index of the
  // first select term that was false or unknown.
  std::vector<int16_t> failedTerm;
};

// lsload -R / lshosts -R: every host whose select is true, ordered. Rusage is not checked.
SelectResult selectHosts(const CompiledRequest& req, const HostTable& table,
                         const SelectOptions& options = {});

// The values one select term reads on one row, as "mem=4096M ut=0.4" (explain).
std::string termValues(const CompiledRequest& req, const HostTable& table, size_t term,
                       uint32_t row);
// "false" or "unknown": how term `term` came out on `row`.
std::string termOutcome(const CompiledRequest& req, const HostTable& table, size_t term,
                        uint32_t row);

struct PlaceOptions {
  int minSlots = 1;                     // -n; 0 = as many as possible (at least one)
  int maxSlots = -1;                    // -w; 0 = as many as possible; -1 = not given (same as -n)
  bool fewestHosts = false;             // -L
  std::vector<std::string> candidates;  // host arguments; empty = every host
  bool explain = false;
  // A request compiled from a policy (lsplace -p) reads `age` and job attributes: the time on
  // the clock of HostTable::reportedAt, the wall-clock time, and the job values by slot.
  double now = __builtin_nan("");
  double wallNow = __builtin_nan("");
  std::vector<double> jobValues;
  std::vector<std::string> jobTexts;  // string job attributes by the same slots ("" = absent)
};

enum class Outcome : uint8_t { kChosen, kRejected, kIneligible, kDropped, kNotNeeded };

// "chosen" "rejected" "ineligible" "dropped" "notneeded" (the wire and -json names).
const char* outcomeName(Outcome o);
Outcome outcomeFromName(std::string_view name);  // unknown names read as kRejected

struct HostExplanation {
  std::string host;
  Outcome outcome = Outcome::kRejected;
  std::string reason;  // e.g. "select[mem>=8G] failed: mem=4096M"
  std::string line() const { return host + ": " + reason; }
};

struct PlacementResult {
  Status status;                              // kNotFound "Not enough host(s) currently eligible"
  std::vector<std::string> slots;             // one name per slot, in pick order (best first)
  std::vector<HostExplanation> explanations;  // with explain: every table host, row order
  // An order key read the rating (order[rating], a policy's sort on it): the placement
  // rated its hosts, so they take the rating's dispatch drop (docs/rating.md).
  bool rated = false;
};

// lsplace: picks slots one at a time (best host, adjust its load as LSF's LIM behaviour says, best
// again); a host is repeated up to its ncpus (span[ptile] caps it); span[hosts=1], same[]
// and -L as LSF's command reference. rusage on a shared resource is taken from every host of the
// picked host's instance (ConfigSnapshot::instances). The table is not modified.
PlacementResult place(const CompiledRequest& req, const HostTable& table,
                      const PlaceOptions& options = {});

}  // namespace openlim
