#pragma once
// One lim, as a pure state machine (docs/architecture.md "Pure core, thin shell"): everything a lim
// decides, alone or as the master — the election and the agent's report schedule, the load table
// and the queries, the policies' state, the reservation service and this host's kept reservations,
// the holds reports and the rebuild window, forwarding to the master, the quotas, the status
// reply — lives here. Events come in with the time (node::Now); effects (node::Effects) go
// out: datagrams, replies, sub-requests, journal records, melim starts, log lines. The
// daemon (lim/daemon) only moves bytes and time in and effects out; the simulator
// (tests/sim) runs many of these in one process on a fake network and clock.
//
// Frames come in decoded, their MAC checked by the shell (isSigned); the node checks replay
// (ReplayGuard) and everything above.

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "agent/agent_role.h"
#include "format/json.h"
#include "master/elim_gather.h"
#include "master/load_table.h"
#include "master/master_role.h"
#include "master/metrics.h"
#include "master/query_service.h"
#include "node/answer.h"
#include "node/effects.h"
#include "node/node_counters.h"
#include "node/now.h"
#include "node/ports.h"
#include "openlim/config.h"
#include "openlim/resreq.h"
#include "policy/calendar.h"
#include "protocol/frame.h"
#include "protocol/replay.h"
#include "reserve/held_replay.h"
#include "reserve/journal_quorum.h"
#include "reserve/ledger.h"
#include "reserve/rebuild.h"
#include "reserve/redelivery.h"
#include "reserve/reservation_json.h"
#include "reserve/service.h"

namespace openlim::node {

// What a reload did with lsf.quotas; the reconfig reply's "quotas" (docs/protocol.md).
struct QuotaReload {
  enum class Outcome { kNotRead, kAbsent, kAdopted, kRefused };
  Outcome outcome = Outcome::kNotRead;  // kNotRead: this lim cannot become master
  std::string file;
  int errors = 0, warnings = 0;
};

// The calendar period at the master's local time (quota sets); without a calendar, prime
// time around the clock.
policy::Period periodAt(const policy::LocalTime& local, const ConfigSnapshot& config);

// One request on a connection. `local`: it came on the local socket, and `user` is the
// caller the kernel named.
struct Request {
  uint64_t conn = 0;
  protocol::Frame frame;
  bool local = false;
  std::string user;
};

class LimNode {
 public:
  LimNode(std::string self, ConfigPtr config, HostPort& host, ConfigPort& files, const Now& now);
  ~LimNode();

  // --- events ---
  // This host's kept reservations as its state files hold them (at start, before any event).
  Effects start(const reserve::HeldFiles& files, const Now& now);
  Effects onDatagram(const protocol::Frame& f, const Now& now);
  Effects onRequest(const Request& r, const Now& now);
  // The answer to sub-request `id` (an error: it could not be sent or timed out).
  Effects onSubReply(uint64_t id, const Result<std::string>& reply, const Now& now);
  // Timers (the election, the agent, the reservation leases and the rebuild window).
  Effects onTick(const Now& now);
  // A new measurement (the collector's builtins), and melim's values changed or went stale.
  void onSample(const BuiltinVector& builtins);
  void onExternalValues(double now);
  // SIGHUP: read the configuration again; refused when it has errors.
  Effects onReconfigSignal(const Now& now);
  double nextDeadline() const;
  // The longest the loop may go without onTick(): +inf when nextDeadline() names every
  // timer, 1 s while a timer runs that no monotonic deadline follows (a lease ends on the
  // wall clock, which may be stepped; a master's shared instances move when a host's
  // reports stop). An idle lim then sleeps until its next real deadline. (Quorum mode's
  // majority changes when a candidate falls silent: an election deadline.)
  double maxTickGap() const;

  // --- reading ---
  const ConfigPtr& config() const { return config_; }
  const std::string& self() const { return self_; }
  const master::Election& election() const { return master_->election(); }
  bool announcing() const { return master_->announcing(); }
  const NodeCounters& counters() const { return counters_; }
  const reserve::ReservationService& reservations() const { return reservations_; }
  const reserve::Ledger& held() const { return held_; }
  // The master's changes a keeper has not acknowledged yet (sent again until it does).
  const reserve::Redelivery& redelivery() const { return redelivery_; }
  // What this host promised and adopted as a voter (quorum mode), for a fresh snapshot.
  const reserve::VoterTerm& voterTerm() const { return voterTerm_; }
  const master::LoadTable& table() const { return *table_; }
  // Everything this host keeps, for a fresh snapshot (the shell compacts the journal).
  std::vector<reserve::Reservation> heldList() const;
  // The ids last released here, newest first, for the snapshot to keep.
  std::vector<std::string> heldReleased() const {
    return held_.recentlyReleased(reserve::kMaxReleasedKept);
  }
  // The copy of the state a metrics scrape is written from (docs/metrics.md); the shell adds
  // its own parts (transport counters, melim, request statistics).
  std::shared_ptr<master::MetricsInput> metricsInput(const Now& now) const;
  // For the status reply's request statistics (the shell times requests).
  void setStartedAt(double mono) { startedAt_ = mono; }

 private:
  struct Gather {
    uint64_t conn = 0;
    master::ElimGather gather;
  };
  struct PendingSub {  // a sub-request in flight: an elimstatus entry or a forward
    uint64_t gather = 0;
    size_t slot = 0;
    uint64_t forwardConn = 0;
  };

  // requests (node_requests.cc)
  Answer answerRequest(const Request& r, const Now& now, std::string* op, Effects* fx);
  Answer idReply(const format::Json& req, const Now& now) const;
  Answer answerQuery(const std::string& op, const format::Json& req, const Now& now);
  Answer localRequest(const Request& r, const Now& now, std::string* op, Effects* fx);

  // datagrams (lim_node.cc)
  bool fresh(const std::string& sender, const protocol::Frame& f, const Now& now);
  void onReport(const protocol::Frame& f, const Now& now, Effects* fx);
  void onAnnounce(const protocol::Frame& f, const Now& now, Effects* fx);
  void onAdminFrame(const protocol::Frame& f, const Now& now, Effects* fx);
  void applyMaster(const master::MasterActions& a, Effects* fx);
  void timers(const Now& now, Effects* fx);

  // agent (node_agent.cc)
  agent::AgentSettings agentSettings() const;
  void sendReport(const std::string& to, const Now& now, Effects* fx);
  void startMelim(const agent::MelimSet& set, Effects* fx);

  // admin (node_admin.cc)
  Answer adminRequest(const std::string& op, const format::Json& req, const Now& now, Effects* fx);
  Answer reconfigureCluster(const Now& now, Effects* fx);
  void localAdmin(const std::string& op, double seconds, const Now& now, Effects* fx);
  Status reloadConfig(const Now& now, Effects* fx, std::vector<std::string>* diagnostics,
                      QuotaReload* quotas);
  void adoptConfig(ConfigPtr c, const Now& now, Effects* fx);
  QuotaReload reloadQuotas(Effects* fx, std::vector<std::string>* diagnostics);

  // reservations (node_reservations.cc)
  Answer reservationRequest(uint64_t conn, const std::string& op, const format::Json& req,
                            bool isSigned, const Now& now, Effects* fx);
  void forwardNext(const Now& now, Effects* fx);
  void onForwardDone(uint64_t conn, const Result<std::string>& reply, Effects* fx);

  // this host's kept reservations and the master's holds traffic (node_holds.cc)
  void applyEffects(const reserve::Effects& rfx, const Now& now, Effects* fx);
  std::vector<std::string> keepersOf(const reserve::Reservation& r) const;
  void onHoldFrame(const std::string& op, const format::Json& req, const Now& now, Effects* fx);
  void reservationTimers(const Now& now, Effects* fx);
  // In how many datagrams (parts) the report went.
  size_t sendHoldsReport(const std::string& to, Effects* fx, bool afterCommit = false);
  void keep(const reserve::Reservation& r, double wall, Effects* fx);
  void forget(const std::string& id, Effects* fx);
  // The changes a keeper has not acknowledged, sent again (node_redelivery.cc).
  void resendChanges(const Now& now, Effects* fx);
  // Taking the role, rebuilding or leaving it: what was sent before is no longer followed.
  void restartRedelivery();
  // The ledger is whole again: every keeper of every reservation is sent what it may lack
  // (of `r` alone: a copy that joined the ledger after its rebuild window closed). Available
  // mode: in quorum mode a copy goes beyond the voters only once a majority journalled it,
  // and a term's adoption brings the voters' copies up to date (node_terms.cc).
  void bringKeepersUpToDate(const Now& now, Effects* fx);
  void bringKeepersUpToDate(const reserve::Reservation& r, const Now& now, Effects* fx);
  // `keeper`'s holds report (`reported`) came after the window closed: what it lacks.
  void bringKeeperUpToDate(const std::string& keeper,
                           const std::vector<reserve::Reservation>& reported, const Now& now);

  // partitions: RESERVATION_CONSISTENCY (node_quorum.cc)
  bool quorumMode() const;
  // The candidates whose majority decides (the keepers of every reservation).
  std::vector<std::string> voters() const;
  std::optional<Answer> refuseWithoutQuorum(const std::string& op, const Now& now) const;
  Answer awaitJournals(uint64_t conn, const std::string& op, Answer a, const reserve::Effects& rfx,
                       const Now& now, Effects* fx);
  void onJournalled(const format::Json& req, const Now& now, Effects* fx);
  void ackHold(const std::string& master, const std::string& id, uint64_t version,
               Effects* fx) const;
  void answerAwaited(const Now& now, Effects* fx);
  // Quorum mode: a change goes to the other voters first; this lim's own copy and the other
  // keepers' follow once a majority journalled it (deliverJournalled), so that a change no
  // majority acknowledged can only live on a minority of the voters.
  void sendChanges(const reserve::Effects& rfx, const Now& now, Effects* fx);
  void deliverJournalled(const reserve::Change& c, const Now& now, Effects* fx);
  // To the keepers of `r` that `to` accepts: a hold (or an unhold when `drop`).
  void deliver(const reserve::Reservation& r, bool drop,
               const std::function<bool(const std::string&)>& to, const Now& now, Effects* fx);
  void checkOverCommits(const Now& now, Effects* fx);

  // quorum mode's terms: the rebuilds' order (node_terms.cc, reserve/terms.h)
  bool isVoter(const std::string& host) const;
  bool votingHere() const { return quorumMode() && isVoter(self_); }
  // Taking the role, or hearing the majority again: a rebuild that counts only what the
  // voters report once they promised its term.
  void startRebuild(const Now& now, Effects* fx, const char* why);
  void beginTerm(const Now& now, Effects* fx);
  // A voter's holds report at the rebuilding master: false when it does not count (the
  // voter has not promised this master's term; it is asked again). Its copies are held
  // aside until the window closes, or, after, only those of the term join.
  bool takeVoterReport(const std::string& sender, const format::Json& req,
                       std::vector<reserve::Reservation>* rs, const Now& now, Effects* fx);
  // A voter takes a change written at `term` by `master` (the promise moves with it).
  bool takesTermWrite(uint64_t term, const std::string& master, Effects* fx);
  void onAskHolds(const std::string& sender, const format::Json& req, Effects* fx);
  void onAdopt(const std::string& sender, const format::Json& req, Effects* fx);
  void onAdopted(const std::string& sender, const format::Json& req, Effects* fx);
  // A voter refused this master's write: it promised a later term to another master.
  void onFenced(const std::string& sender, const format::Json& req, const Now& now, Effects* fx);
  // This voter holds the term's ledger whole: it drops what earlier terms left and adopts.
  void adoptHere(uint64_t term, Effects* fx);
  void closeTerm(const Now& now, Effects* fx);
  void sendAdoption(const std::string& voter, bool withHolds, Effects* fx);
  void termTimers(const Now& now, Effects* fx);
  double termDeadline() const;
  bool termBehind() const;

  // status (node_status.cc)
  Answer statusReply(const Now& now) const;
  Answer elimStatusReply(uint64_t conn, const std::string& host, const Now& now, Effects* fx);
  void pumpGather(uint64_t id, const Now& now, Effects* fx);
  void finishGathers(const Now& now, Effects* fx);

  std::string self_;
  ConfigPtr config_;
  HostPort& host_;
  ConfigPort& files_;
  std::unique_ptr<master::MasterRole> master_;
  std::unique_ptr<master::LoadTable> table_;
  std::unique_ptr<agent::AgentRole> agent_;
  protocol::ReplayGuard replay_;
  RequestCache cache_;
  master::PolicyState policyState_;
  NodeCounters counters_;
  double startedAt_ = 0;

  reserve::ReservationService reservations_;
  reserve::Ledger held_;
  reserve::HoldsReporter reporter_;
  reserve::Redelivery redelivery_;  // the master's changes not yet acknowledged by a keeper
  bool keepersBehind_ = false;      // a rebuild began: its close brings the keepers up to date
  bool wasMaster_ = false;
  bool hadMajority_ = true;  // quorum mode: the voters' majority was heard at the last tick
  // Quorum mode's terms (node_terms.cc).
  reserve::VoterTerm voterTerm_;  // this host's as a voter: journalled
  uint64_t highestTerm_ = 0;      // the latest term heard of
  // Voters whose report counted for the master's term, and the term each adopted last.
  std::map<std::string, uint64_t> termCounted_;
  std::set<std::string> adoptedBy_;  // voters that adopted it
  // While they adopt: the term's copies each voter acknowledged (sent again only if not).
  std::map<std::string, std::set<std::string>> restampAcked_;
  double termResendAt_ = 0;  // the next ask or adoption to the others
  double termAskEvery_ = 2;
  // A voter (or this lim) showed terms from before this rebuild: a voter that remembers no
  // adopted term lost its files (or is new), and its report does not make a majority.
  bool termHistory_ = false;
  bool rememberingMajority() const;

  // Reservation requests waiting to be forwarded to the master, one at a time (their signed
  // sequence numbers must arrive in order): connection and request body.
  std::deque<std::pair<uint64_t, std::string>> forwardQueue_;
  bool forwarding_ = false;

  // Quorum mode: changes waiting for a majority of journals, and the replies they hold.
  struct AwaitedReply {
    std::string op, body;
    std::vector<reserve::Change> changes;  // not yet complete
  };
  reserve::JournalQuorum journals_{{}};
  std::map<uint64_t, AwaitedReply> awaited_;  // by connection
  struct Deferred {
    reserve::Reservation r;
    bool drop = false;
  };
  std::map<std::pair<std::string, uint64_t>, Deferred> deferred_;  // by change (id, version)
  // Available mode: whether the ledger may be over a limit (a holds report merged), and the
  // limits exceeded last time it was checked (logged once each).
  bool overCommitCheck_ = false;
  std::set<std::string> overCommitSeen_;

  std::map<uint64_t, Gather> gathers_;
  std::map<uint64_t, PendingSub> subs_;  // by sub-request id
  uint64_t nextId_ = 1;                  // gathers and sub-requests
};

}  // namespace openlim::node
