#pragma once
// The typed requests of docs/protocol.md, decoded from a request's JSON object. A field that
// is present must have its type and range ("n": "x", "n": -1 or "hosts": "hostA" are refused
// with a kInvalid Status naming the field, answered `code: syntax`); an absent field takes
// its default. Members the op does not know are ignored, so a newer client still works.
// Pure.

#include <optional>
#include <string>
#include <vector>

#include "format/json.h"
#include "openlim/status.h"
#include "policy/job_attributes.h"

namespace openlim::master {

// load: resreq?, hosts?[], n?, local?
struct LoadRequest {
  std::string resreq;              // "" = every host, in table order
  std::vector<std::string> hosts;  // empty = no restriction
  int n = 0;                       // at most n hosts; 0 = all
  // Also the derived values (averaged indices, NLB values) and each host's "age"; left out
  // otherwise (a third of a 100k-host reply).
  bool derived = false;
  std::string policy;  // lsload -p: the hosts the policy passes, in its order
};

// hosts: resreq?, hosts?[]
struct HostsRequest {
  std::string resreq;
  std::vector<std::string> hosts;
};

// place: resreq?, n?, w?, L?, hosts?[], explain?, local?
struct PlaceRequest {
  std::string resreq;
  int n = 1;                 // -n; 0 = as many as possible
  int w = -1;                // -w; 0 = as many as possible; -1 = not given
  bool fewestHosts = false;  // -L
  bool explain = false;
  std::vector<std::string> hosts;         // candidates; empty = every host
  std::string local;                      // the asker's host (implicit type==local); "" = none
  std::string policy;                     // lsplace -p: place by this policy ("" = none)
  std::vector<policy::JobAttribute> job;  // -a: upper-case JOB_ names, values
};

// loadadj: resreq?, hosts[] (one name per task placed outside the lim; a name may repeat)
struct LoadAdjRequest {
  std::string resreq;              // only its rusage counts; "" = the run queues only
  std::vector<std::string> slots;  // at least one
};

// shared: names?[]
struct SharedRequest {
  std::vector<std::string> names;  // empty = every instance
};

// policy: policy?, strict?, job?{NAME: value}, count?, slots?, hosts?[], explain?,
// attributes?, resreq?, at? ("YYYY-MM-DD HH:MM": the calendar's time instead of now)
struct PolicyQuery {
  std::string policy;
  bool strict = false;
  std::vector<policy::JobAttribute> job;  // upper case JOB_ names, values >= 0 or words
  int count = 0;
  int slots = 1;
  std::vector<std::string> hosts;
  bool explain = false;
  bool attributes = false;
  std::string resreq;
  std::string at;
  // A placement, not a look: the policy's band moves to its next host, and the host chosen
  // first takes the placement's load adjustment (as a `place` does).
  bool place = false;
};

// elimstatus: host?
struct ElimStatusRequest {
  std::string host;  // "" = every host of the cluster
};

// lock, unlock, shutdown, restart: host?, seconds? (lock only); also the lim-to-lim admin
// frame, which names its sender.
struct AdminRequest {
  std::optional<std::string> host;  // absent = the lim asked
  double seconds = 0;               // lock: 0 = until unlocked
  std::string sender;               // "" when absent
};

// The request's "op": a string (an unknown name is the router's to refuse). A request
// without one, or whose "op" is another kind of value ({"op":5}), is kInvalid naming what it
// is, so the answer is not `unknown op ""`.
Result<std::string> decodeOp(const format::Json& req);

Result<LoadRequest> decodeLoadRequest(const format::Json& req);
Result<HostsRequest> decodeHostsRequest(const format::Json& req);
Result<PlaceRequest> decodePlaceRequest(const format::Json& req);
Result<LoadAdjRequest> decodeLoadAdjRequest(const format::Json& req);
Result<SharedRequest> decodeSharedRequest(const format::Json& req);
Result<PolicyQuery> decodePolicyQuery(const format::Json& req);
Result<ElimStatusRequest> decodeElimStatusRequest(const format::Json& req);
Result<AdminRequest> decodeAdminRequest(const format::Json& req);

}  // namespace openlim::master
