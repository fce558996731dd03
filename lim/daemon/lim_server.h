#pragma once
// The lim daemon: one POCO-socket event loop (UDP + TCP on the host's own address, port
// LSF_LIM_PORT) playing the agent on every host and the master on the elected one.
// Signals (SIGHUP reconfig, SIGTERM/SIGINT stop) arrive through a signalfd read in the loop.
// Decisions live in the pure core (agent::AgentRole, master::MasterRole, the query service in
// lim/lib/master, lim/lib/protocol); this class only turns sockets, timers and pipes into
// calls and the answers into packets.

#include <Poco/Net/DatagramSocket.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/StreamSocket.h>
#include <poll.h>

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "agent/agent_role.h"
#include "agent/load_collector.h"
#include "agent/melim_link.h"
#include "async_request.h"
#include "format/json.h"
#include "master/election.h"
#include "master/elim_gather.h"
#include "master/load_table.h"
#include "master/master_role.h"
#include "master/metrics.h"
#include "master/query_service.h"
#include "master/request_stats.h"
#include "metrics_endpoint.h"
#include "openlim/config.h"
#include "openlim/resreq.h"
#include "peer_addresses.h"
#include "policy/calendar.h"
#include "protocol/conn_policy.h"
#include "protocol/frame.h"
#include "protocol/messages.h"
#include "protocol/replay.h"
#include "protocol/request.h"
#include "reserve/ledger.h"
#include "reserve/service.h"
#include "state_store.h"

namespace openlim::lim {

double monotonicNow();

struct LimOptions {
  std::string envDir;
  std::string host;  // the name this lim plays
  std::string procRoot = "/";
  bool foreground = false;
};

// Drops and deliveries, exposed by the `status` op (names are the JSON keys).
struct LimCounters {
  uint64_t auth_bad_mac = 0, auth_replay = 0, auth_unsigned = 0, oversized = 0, malformed = 0;
  uint64_t reports_sent = 0, reports_ingested = 0, report_parts_sent = 0;
  uint64_t announces_sent = 0, probes_sent = 0, queries = 0, admin_requests = 0;
  uint64_t admin_denied = 0, reconfigs = 0, reconfigs_refused = 0, melim_restarts = 0;
  uint64_t unknown_sender = 0, send_errors = 0;
  // The TCP side: names given to the system resolver (only ever at start-up), connections
  // closed to make room for new ones, replies refused for want of output memory ("busy"),
  // replies dropped because their client stopped reading, elimstatus sub-requests sent.
  uint64_t resolver_calls = 0, conns_evicted = 0, replies_busy = 0, replies_stalled = 0;
  uint64_t elim_subrequests = 0;
  // Reservations: requests taken on the local socket, forwarded to the master, held-state
  // writes (group commits and snapshots) and failures, snapshots written (journal
  // compactions), journals found cut short at start, hold messages sent, holds reports sent
  // to a master.
  uint64_t local_requests = 0, reservations_forwarded = 0, state_writes = 0;
  uint64_t state_write_errors = 0, state_compactions = 0, journal_torn = 0;
  uint64_t state_foreign = 0;  // state files of another cluster, set aside at start
  uint64_t holds_sent = 0, holds_reports = 0;
  // askholds sent by a rebuilding master, and received (answered with a holds report).
  uint64_t holds_asks = 0, holds_asked = 0;
  // lsf.quotas loads adopted, and refused for errors (the previous quotas stayed).
  uint64_t quota_loads = 0, quota_loads_refused = 0;
};

// What a reload did with lsf.quotas; the reconfig reply's "quotas" (docs/protocol.md).
struct QuotaReload {
  enum class Outcome { kNotRead, kAbsent, kAdopted, kRefused };
  Outcome outcome = Outcome::kNotRead;  // kNotRead: this lim cannot become master
  std::string file;
  int errors = 0, warnings = 0;
};

class LimServer {
 public:
  LimServer(ConfigPtr config, std::string key, LimOptions opts);
  ~LimServer();
  // Binds UDP and TCP on the host's address. kUnavailable when the port is taken.
  Status bind();
  // Runs until SIGTERM or a shutdown request. Returns the exit code; restartRequested() says
  // whether main should exec itself again.
  int run();
  bool restartRequested() const { return restart_; }

  // --- used by the query and admin handlers (queries.cc, admin.cc) ---
  const ConfigPtr& config() const { return config_; }
  const std::string& host() const { return opts_.host; }
  const master::Election& election() const { return *election_; }
  master::LoadTable& table() { return *table_; }
  const LimCounters& counters() const { return counters_; }
  RequestCache& requestCache() { return cache_; }
  // The reply to one request. Empty when the reply is deferred: an elimstatus that asks
  // other lims completes the connection being served (servingConn_) later, from the loop.
  // Timed and counted by op (requestStats_); the work is answerRequest's.
  std::string handleRequest(const protocol::Frame& f, double now);
  double bootEpoch() const { return static_cast<double>(epoch_); }

 private:
  // One client connection: its request is read, then its reply (encoded once) is written
  // as the socket accepts it, on POLLOUT, while the loop serves everyone else.
  struct Conn {
    Poco::Net::StreamSocket sock;
    double deadline = 0;  // closed (erased) when passed; 0 = done
    uint64_t id = 0;
    double acceptedAt = 0;
    enum class Phase { kReading, kWaiting, kWriting, kClosed } phase = Phase::kReading;
    protocol::FrameReader request;
    protocol::OutputBuffer out;
    bool local = false;  // came in on the local socket: `user` is verified (SO_PEERCRED)
    std::string user;
    std::string pending;  // a reply waiting for this turn's state-file write
  };
  // An elimstatus gather waiting for other lims, and the connection its reply goes to.
  struct Gather {
    uint64_t connId = 0;
    master::ElimGather gather;
  };
  // A sub-request to another lim for gather `gatherId`, entry `slot`.
  struct SubRequest {
    std::unique_ptr<shell::AsyncRequest> req;
    uint64_t gatherId = 0;
    size_t slot = 0;
    uint64_t forwardConn = 0;  // a reservation request forwarded to the master for this conn
  };
  void loopOnce();
  void onUdpReadable(double now);
  void onTcpAccept(double now);
  bool makeRoomForConnection();
  bool evictIdleConnection();
  void onConnReadable(Conn& c, double now);
  void onConnWritable(Conn& c, double now);
  void startReply(Conn& c, std::string body, double now);
  Conn* findConn(uint64_t id);
  void closeConn(Conn& c);
  // elimstatus fan-out (elim_fanout.cc)
  std::string deferGather(master::ElimGather g, double now);
  void pumpGather(uint64_t id, double now);
  void onSubRequestsReady(const std::vector<pollfd>& fds, size_t base, double now);
  void expireGathers(double now);
  void onTimers(double now);
  void onSignal();
  double nextDeadline() const;

  std::string answerRequest(const protocol::Frame& f, double now, std::string* op);
  std::string idReply(const format::Json& req);

  // metrics endpoint (metrics_input.cc): what a scrape shows, copied on the loop's side.
  Status startMetrics();
  master::MetricsInputPtr metricsInput(double now);

  void dispatchUdp(const protocol::Frame& f, double now);
  bool fresh(const std::string& sender, const protocol::Frame& f);
  void onReport(const protocol::Frame& f, double now);
  void onAnnounce(const protocol::Frame& f, double now);
  void onAdminFrame(const protocol::Frame& f, double now);

  // agent role (agent_role.cc; the decisions are agent::AgentRole's)
  protocol::LoadReport buildReport(double now) const;
  std::vector<std::pair<const char*, double>> nlbNumbers() const;
  void sendReport(const std::string& to, double now);
  void updateMelim(double now);
  void restartMelim(const agent::MelimSet& set, double now);
  agent::AgentSettings agentSettings() const;

  // master role (master_role.cc; the decisions are master::MasterRole's)
  void applyMaster(const master::MasterActions& a);
  bool announcing() const { return master_->announcing(); }
  void sendUdp(const std::string& host, protocol::Kind kind, const std::string& body);
  // The peer table of the current config (rebuilt after a reconfig, without the resolver).
  const PeerAddresses& peers();
  std::optional<std::string> addressOf(const std::string& host) { return peers().ip(host); }
  const Poco::Net::SocketAddress* peerAddress(const std::string& host) {
    return peers().find(host);
  }

  // reservations (reservations.cc, local_socket.cc, held_state.cc)
  Status bindLocal();
  void onLocalAccept(double now);
  std::string handleLocalRequest(const protocol::Frame& f, const std::string& user, double now);
  std::string reservationRequest(const std::string& op, const format::Json& req, bool isSigned,
                                 double now);
  void forwardNext(double now);
  void onForwardDone(SubRequest& s, double now);
  void applyEffects(const reserve::Effects& fx, double now);
  std::vector<std::string> keepersOf(const reserve::Reservation& r) const;
  void onHoldFrame(const std::string& op, const format::Json& req, double now);
  void onReservationTimers(double now);
  void sendHoldsReport(const std::string& to);
  void loadHeldState(double wall);
  void writeHeldState();
  void noteHeldPut(const reserve::Reservation& r);
  void noteHeldDrop(const std::string& id);
  void flushHeldState(double now);

  // status (status.cc)
  std::string statusReply() const;
  std::string elimStatusReply(const std::string& host, double now);

  // admin (admin.cc)
  std::string adminRequest(const std::string& op, const format::Json& req, double now);
  std::string reconfigureCluster();
  std::string localAdmin(const std::string& op, double seconds, double now);
  // Diagnostics as ckconfig prints them (file:line: error: ...); quotas: what became of
  // lsf.quotas when the configuration was adopted.
  Status reloadConfig(std::vector<std::string>* diagnostics, QuotaReload* quotas = nullptr);
  void adoptConfig(ConfigPtr c, double now);
  // lsf.quotas next to config_ (quotas.cc); its diagnostics are appended when asked.
  QuotaReload reloadQuotas(std::vector<std::string>* diagnostics);

  ConfigPtr config_;
  std::string key_;
  LimOptions opts_;
  protocol::MacFn mac_;
  uint64_t epoch_ = 0;
  uint64_t seq_ = 0;
  uint16_t port_ = 7869;
  std::string address_;

  Poco::Net::DatagramSocket udp_;
  Poco::Net::ServerSocket tcp_;
  int signalFd_ = -1;
  std::vector<std::unique_ptr<Conn>> conns_;
  uint64_t nextConnId_ = 1;
  uint64_t servingConn_ = 0;  // the connection handleRequest is answering (0: none)
  protocol::ConnLimits connLimits_;
  size_t bufferedBytes_ = 0;  // reply bytes waiting for their clients
  // The listener is not polled until a connection closes or this time comes: the table is
  // full of connections being answered, or the process is out of descriptors.
  double acceptPausedUntil_ = 0;
  std::map<uint64_t, Gather> gathers_;
  uint64_t nextGatherId_ = 1;
  std::vector<SubRequest> subs_;
  PeerAddresses peers_;
  std::weak_ptr<const ConfigSnapshot> peersConfig_;  // the config peers_ was built for

  std::unique_ptr<master::MasterRole> master_;
  const master::Election* election_ = nullptr;  // master_'s, for reading who is master
  std::unique_ptr<master::LoadTable> table_;
  std::unique_ptr<agent::LoadCollector> collector_;
  std::unique_ptr<agent::MelimLink> melim_;
  std::unique_ptr<agent::AgentRole> agent_;
  protocol::ReplayGuard replay_;
  RequestCache cache_;
  master::PolicyState policyState_;  // rating setup, band turns: kept across requests
  LimCounters counters_;
  master::RequestStats requestStats_;
  double startedAt_ = 0;
  std::unique_ptr<MetricsEndpoint> metrics_;  // null: no LSF_METRICS_ADDR (or cannot bind)

  // Reservations: the master's service (ledger) and what this host's lim keeps of the
  // reservations on this host (written to its state file).
  reserve::ReservationService reservations_;
  reserve::Ledger held_;
  StateStore store_;  // held_ on disk: snapshot + journal
  std::string stateDir_;
  int localFd_ = -1;  // the local socket's listener
  bool wasMaster_ = false;
  reserve::HoldsReporter reporter_;  // the master (and its boot epoch) our holds last went to
  // Reservation requests waiting to be forwarded to the master, one at a time (their signed
  // sequence numbers must arrive in order): connection id and request body.
  std::deque<std::pair<uint64_t, std::string>> forwardQueue_;
  bool forwarding_ = false;
  bool heldDirty_ = false;               // held_ changed since the journal was written
  std::vector<uint64_t> awaitingWrite_;  // connections whose reply waits for that write

  bool running_ = true;
  bool restart_ = false;
};

// Wall-clock seconds: reservation leases (the same on every host and every master).
double wallNow();
// The calendar period at a wall-clock time, in the master's local time (quota sets).
policy::Period periodNow(double wall, const ConfigSnapshot& config);

}  // namespace openlim::lim
