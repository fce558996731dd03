#pragma once
// The master's read-only query service (docs/protocol.md: load, hosts, info, place, shared):
// a decoded request (master/query_request.h) and the published snapshot in, a reply model
// out; master/query_reply_json.h writes the model as the wire's JSON. Pure: `now` comes in
// the context; the only state it changes is the load table's placement adjustment.
//
// Errors are Status values whose code is the reply's: kInvalid/kUnsupported = `syntax`,
// kNotFound = `notfound` (message "<h>: Unknown host" and the like).

#include <optional>
#include <string>
#include <vector>

#include "format/json.h"
#include "master/load_table.h"
#include "master/query_request.h"
#include "openlim/host_table.h"
#include "openlim/resreq.h"
#include "placement/rating_table.h"
#include "placement/sort_band.h"
#include "policy/local_time.h"

namespace openlim::master {

// What the master keeps for policies between requests, apart from the configuration: the
// rating setup of its table layout (built again only when the configuration changes), each
// policy's turn in its band (kept across reconfigs; the turns of policies gone are dropped),
// and each host's reserved slots, the rating's current jobs.
struct PolicyState {
  placement::RatingSetupCache rating;
  placement::BandCursors bands;
  // Per snapshot row, to override the reservations' counts (HostTable::reservedSlots, used
  // when this is empty).
  std::vector<double> reservedSlots;
  ConfigPtr bandsConfig;  // the configuration the turns were last trimmed for
};

struct QueryContext {
  HostTablePtr table;              // the snapshot the query reads
  std::string master;              // the master's name, for the load reply
  RequestCache* cache = nullptr;   // compiled resreqs
  LoadTable* loadTable = nullptr;  // place adjusts load; null = no adjustment, no extras
  double now = 0;
  policy::LocalTime local;             // the master's wall-clock time now (the policies' calendar)
  double wallNow = 0;                  // the same in epoch seconds
  PolicyState* policyState = nullptr;  // null: every request starts afresh (tests, tools)
};

// Per answered row: "config_drift" and (load only) "lock_remaining" (-1 = not shown).
struct RowExtras {
  bool drifted = false;
  double lockRemaining = -1;
};

struct LoadReply {
  HostTablePtr table;
  std::vector<uint32_t> rows;     // snapshot rows, in reply order
  std::vector<RowExtras> extras;  // one per row; empty without a load table
  std::string master;
  bool derived = false;            // the request's: derived values and ages included
  double now = __builtin_nan("");  // for each host's "age" (HostTable::reportedAt)
};

struct HostsReply {
  HostTablePtr table;
  std::vector<uint32_t> rows;
  std::vector<RowExtras> extras;  // lockRemaining unused
};

struct InfoReply {
  ConfigPtr config;
};

struct PlaceReply {
  PlacementResult result;  // status not ok = `noteligible`, explain still filled
};

struct LoadAdjReply {
  size_t adjusted = 0;  // slots whose load was added
};

struct SharedInstanceReply {
  std::string resource;
  bool isString = false;
  std::optional<double> number;     // the value; NaN = unknown (null)
  std::optional<std::string> text;  // a string value; neither set = null
  std::vector<std::string> locations;
  bool all = false, dynamic = false;
  std::string server;   // "" = nobody feeds it
  double reserved = 0;  // what reservations hold of it (already taken from `number`)
};

struct SharedReply {
  std::vector<SharedInstanceReply> instances;
};

Result<LoadReply> answerLoad(const LoadRequest& req, const QueryContext& ctx);
Result<HostsReply> answerHosts(const HostsRequest& req, const QueryContext& ctx);
InfoReply answerInfo(const QueryContext& ctx);
// A successful placement adds its load to the chosen hosts (LSF's LIM behaviour "Placement load
// adjustment": run queues and rusage) in ctx.loadTable, and the rating's dispatch drop when
// its order read the rating (PlacementResult::rated). One adjustment per host.
Result<PlaceReply> answerPlace(const PlaceRequest& req, const QueryContext& ctx);
// ls_loadadj: adds to each named host the load its tasks add as LSF's placement adjustment
// (run queues and the rusage of the request's resreq, per task; never the rating drop: the
// tasks were not rated here). An unknown host is refused before anything is added. Linear
// in the number of names: one adjustment per host however many tasks name it.
Result<LoadAdjReply> answerLoadAdj(const LoadAdjRequest& req, const QueryContext& ctx);
Result<SharedReply> answerShared(const SharedRequest& req, const QueryContext& ctx);

// policy (lspolicy): the reply model of policy/policy_reply.h. A named policy outside its
// period is kDenied; no policies, an unknown -h host, or an unknown policy with strict are
// kNotFound.
struct PolicyQueryReply {
  format::Json doc;
};
Result<PolicyQueryReply> answerPolicy(const PolicyQuery& req, const QueryContext& ctx);
// The hosts a policy passes, in its order (lsload -p), as load reply rows; `rated` (may be
// null) tells whether its sort read the rating.
Result<std::vector<uint32_t>> policyRows(const PolicyQuery& req, const QueryContext& ctx,
                                         bool* rated = nullptr);
// A placement through a policy (req.place): the first of `rows` takes the placement's load
// adjustment for req.slots slots (run queues, and the rating drop when `rated`: the policy's
// sort read the rating). No load table: nothing.
void adjustPlaced(const PolicyQuery& req, const std::vector<uint32_t>& rows, bool rated,
                  const QueryContext& ctx);

}  // namespace openlim::master
