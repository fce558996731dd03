#pragma once
// The openlim client library (libopenlim; docs/client.md): asks the cluster's lims what the
// commands ask them, and returns typed results. The commands are built on it too, so a
// program gets the same answers as `lsid`, `lshosts`, `lsinfo`, `lsload` and `lsplace`.
//
// Connection (as every command): LSF_SERVER_HOSTS from $LSF_ENVDIR/lsf.conf in order, then the
// local host's lim; a lim that is not the master redirects once to it; LSF_API_CONNTIMEOUT and
// LSF_API_RECVTIMEOUT bound each exchange. Errors are values: a Status whose message is LSF's
// text ("LIM is down; try later", "Bad resource requirement syntax at 7: ...") for people,
// whose code says what kind of failure it is and whose subcode, where there is one, which
// case (an unknown host, an unknown resource name ...): liblsf maps code and subcode to LSF's
// LSE_* numbers, never the message.
//
// Thread safety: one Client may be used from any number of threads at once; every call opens
// its own connection, and admin calls (which sign with the cluster key) are serialised so
// their sequence numbers reach the lim in order.

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "openlim/model.h"
#include "openlim/resreq.h"
#include "openlim/status.h"

namespace openlim {

// What a Client sends requests through: the lims (Client::fromEnvironment), or a test's fake.
class LimTransport {
 public:
  virtual ~LimTransport() = default;
  // One request (a JSON object text, docs/protocol.md) and its reply body. kUnavailable when
  // no lim answered; kDenied when an admin request cannot be signed.
  virtual Result<std::string> ask(const std::string& request, bool admin) = 0;
  // A reservation request, to the local host's lim over its socket (the lim verifies who
  // asks). By default the same as ask() (a test's fake lim).
  virtual Result<std::string> askLocal(const std::string& request) { return ask(request, false); }
};

// lsload / ls_load: every host, or those that satisfy `resreq`, best first.
struct LoadQuery {
  std::string resreq;              // "" = every host, in configuration order
  std::vector<std::string> hosts;  // restrict to these; empty = no restriction
  int n = 0;                       // at most n hosts; 0 = all
  std::string policy;              // lsload -p: the hosts a placement policy passes, in order
  // Also each host's age, averaged indices (A_<index>) and NLB values: what a snapshot
  // (lsload -json) carries; off by default, they triple a large reply.
  bool derived = false;
};

// lshosts / ls_gethostinfo.
struct HostQuery {
  std::string resreq;
  std::vector<std::string> hosts;
};

// lsplace / ls_placereq: at least n and at most w slots.
struct PlaceQuery {
  std::string resreq;
  int n = 1;                       // 0 = as many as possible
  int w = -1;                      // -1 = as n
  bool fewestHosts = false;        // lsplace -L
  bool explain = false;            // fill PlacementResult::explanations
  std::vector<std::string> hosts;  // candidates; empty = every host
  std::string local;               // the asker's host (implicit type==local); "" = none
  std::string policy;              // lsplace -p: a placement policy (docs/policies.md)
  std::vector<std::pair<std::string, double>> job;           // lsplace -a: job attributes
  std::vector<std::pair<std::string, std::string>> jobText;  // string ones (JOB_REQNAME)
};

// What the master did with lsf.quotas at a reconfig (it is read with the configuration, and
// a quota file with errors never refuses the rest). kNotRead: the master did not say.
enum class QuotaFileOutcome { kNotRead, kAbsent, kAdopted, kRefused };

// lsadmin reconfig's answer: the master's check of the configuration files.
struct ReconfigResult {
  // file:line: error|warning: problem, one per line (as lsadmin ckconfig prints them).
  std::vector<std::string> diagnostics;
  // ok: the new configuration is in force. Otherwise why not, in LSF's words (errors in
  // the files: the running configuration stays; or denied, ...).
  Status status;
  // kRefused: lsf.quotas has errors (quotaErrors of them); the quotas in force stay.
  QuotaFileOutcome quotas = QuotaFileOutcome::kNotRead;
  std::string quotaFile;
  int quotaErrors = 0;
  // The whole new configuration, quota file included, is in force.
  bool complete() const { return status.isOk() && quotas != QuotaFileOutcome::kRefused; }
};

class Client {
 public:
  // Reads lsf.conf and the hosts file; kNotFound/kInvalid when they cannot be read. Admin
  // calls sign with LSF_AUTH_KEYFILE's key.
  static Result<std::unique_ptr<Client>> fromEnvironment();

  // A client over `transport` (not owned: it must outlive the client). localHost is the
  // asker's host name as the cluster knows it.
  Client(LimTransport& transport, std::string localHost);
  Client(std::shared_ptr<LimTransport> transport, std::string localHost);

  // The local host name as the cluster knows it ($OPENLIM_HOST, else the system's name).
  const std::string& localHost() const { return localHost_; }

  // Cluster name, master name ("" while none is known) and the lim's version (any lim).
  // withPeriod: the master answers (a non-master redirects) and adds the calendar period.
  Result<format::IdInfo> id(bool withPeriod = false);
  // The cluster's master; kUnavailable "Cannot locate master LIM now, try later" when none.
  Result<std::string> masterName();
  Result<std::string> clusterName();
  // Resources, host types and models (lsinfo).
  Result<format::ClusterInfo> info();
  // Static host information (lshosts).
  Result<std::vector<format::HostInfo>> hosts(const HostQuery& q = {});
  // Load indices (lsload); kNotFound "Not enough host(s) currently eligible" when no host
  // qualifies.
  Result<format::LoadSnapshot> load(const LoadQuery& q = {});
  // A placement (lsplace). Too few hosts: kNotFound "Not enough host(s) currently eligible"
  // (use placeExplained() to keep the explanation of such a refusal).
  Result<PlacementResult> place(const PlaceQuery& q);
  // As place(), but a refusal for too few hosts is a PlacementResult whose status says so,
  // with its explanations; other failures are errors.
  Result<PlacementResult> placeExplained(const PlaceQuery& q);
  // Adds the load of `slots` (one host name per task; a name may repeat) as a placement
  // would, with the rusage of `resreq` ("" = the run queues only): LSF's load adjustment for
  // a placement decided outside the lim.
  Status loadAdjust(const std::string& resreq, const std::vector<std::string>& slots);
  // Admin (signed with the cluster key): lock a host's lim (seconds 0 = until unlocked),
  // unlock it. host "" = the local host.
  Status lockHost(const std::string& host, double seconds);
  Status unlockHost(const std::string& host);
  // Admin: the master reads the configuration files again and adopts them when they have
  // no errors (lsadmin reconfig; verbose: every diagnostic). Any answer of the master,
  // refusals included, is a ReconfigResult; errors are failures to get one.
  Result<ReconfigResult> reconfig(bool verbose = false);

  // Any request (a JSON object text with "op"), for ops without a typed call (policies, -a
  // job attributes, reservations, quota). Returns the reply text of an `ok:true` reply; an
  // `ok:false` one is its error.
  Result<std::string> request(const std::string& json, bool admin = false);

 private:
  Result<std::string> exchange(const std::string& json, bool admin);
  std::shared_ptr<LimTransport> transport_;
  std::string localHost_;
  std::mutex adminMutex_;  // admin requests one at a time (their sequence numbers grow)
};

}  // namespace openlim
