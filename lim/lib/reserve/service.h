#pragma once
// The master's reservation service (docs/reservations.md): the ledger, the reservation ops
// of docs/protocol.md (reserve renew release reservations), lease expiry, and what the load
// table must subtract. The daemon decodes the frame, calls handle(), sends the reply and
// carries out the effects (the holds each reserved host's lim must keep). Pure: the
// monotonic `now` of the load table and the wall-clock `wall` of leases come in.
//
// Who may do what: a write op (reserve renew release) must come signed with the cluster key
// (a lim forwarding a command's request, with the verified `caller`); reserving, renewing or
// releasing for another user takes root or a ClusterAdmin. A new master admits no reserve,
// renew or release until it has rebuilt the ledger from the hosts' reports (code
// `rebuilding`; the window is reserve/rebuild.h's).

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "format/json.h"
#include "master/load_table.h"
#include "master/query_service.h"
#include "policy/calendar.h"
#include "quota/quota_state.h"
#include "reserve/admission.h"
#include "reserve/ledger.h"
#include "reserve/rebuild.h"
#include "reserve/requests.h"

namespace openlim::reserve {

struct ServiceCounters {
  uint64_t created = 0, released = 0, renewed = 0, expired = 0, merged = 0;
  uint64_t refusedRebuilding = 0;  // reserve, renew, release while the ledger was rebuilt
  uint64_t deniedUnsigned = 0;     // a write op no lim signed
  uint64_t deniedUser = 0;         // a caller acting for a user it may not
  uint64_t refusedQuota = 0;       // reserve with too few hosts once quotas refused some
  uint64_t refusedNoHosts = 0;     // reserve with too few eligible hosts (no quota involved)
  uint64_t withdrawn = 0;          // created, never acknowledged by a majority: withdrawn
};

// What changed, for the reserved hosts' lims: reservations to keep (new or renewed) and
// ones to forget (released or expired).
struct Effects {
  std::vector<Reservation> put;
  std::vector<Reservation> dropped;
  bool empty() const { return put.empty() && dropped.empty(); }
};

// A reply, and whether it reports success (the op's statistics and whoever acts on it
// decide on this, never on the text). Errors come from the helpers that write the error
// reply; ok replies from their JSON.
struct ServiceAnswer {
  bool ok = true;
  std::string body;
  ServiceAnswer(std::string text, bool success = false) : ok(success), body(std::move(text)) {}
  static ServiceAnswer success(std::string text) { return {std::move(text), true}; }
};

struct ServiceContext {
  master::QueryContext query;  // the snapshot, cache and load table (holds are pushed there)
  double wall = 0;             // wall-clock seconds (leases)
  bool isSigned = false;       // the frame carried the cluster key's MAC
  // null: the quota sets (setQuotas) decide, or everything is admitted without them.
  const AdmissionCheck* admission = nullptr;
  policy::Period period = policy::Period::kPrime;  // the calendar's, at the master's local time
  // RESERVATION_CONSISTENCY = quorum: a release keeps its slots and quota counted until a
  // majority of the candidates journalled it (releaseJournalled); until then another
  // admission cannot take them, whatever the keepers that missed the release say later.
  bool holdReleases = false;
};

// root or a ClusterAdmin of `config`.
bool privilegedUser(const std::string& user, const ConfigSnapshot& config);

class ReservationService {
 public:
  explicit ReservationService(std::string self) : self_(std::move(self)) {}

  // Taking the master role at `now` (monotonic): reserve is refused while the rebuild
  // window is open, until every host heard has reported what it holds (rebuild.h). Leaving
  // it: the ledger is dropped (the next master rebuilds it from the hosts).
  // In quorum mode (`quorum`), until a majority of the candidates reported whole too. The
  // window follows the hosts of `config` (RebuildWindow::reconfigure when it changes).
  void beginRebuild(double now, RebuildTiming timing, ConfigPtr config,
                    std::optional<RebuildQuorum> quorum = std::nullopt);
  void endRole();
  bool rebuilding(double now) const { return window_.open(now) || adopting_; }
  // The window, for the daemon to tell it who was heard and who reported, and to ask.
  RebuildWindow& rebuildWindow() { return window_; }
  const RebuildWindow& rebuildWindow() const { return window_; }

  // One reservation op (isReservationOp): the reply. Effects are appended.
  ServiceAnswer handle(const std::string& op, const format::Json& req, const ServiceContext& ctx,
                       Effects* effects);
  // Leases that ended by `wall`: dropped from the ledger and the load table.
  void expire(double wall, master::LoadTable& table, double now, Effects* effects);
  // A host's report of the reservations it keeps (a new master rebuilding, a lim back from
  // a restart): unknown ones join the ledger; ones released since come back in `effects`
  // as dropped, so that host forgets them. `changed` (when given) gets the ids whose entry
  // in the ledger the report added or lengthened.
  void merge(const std::string& host, const std::vector<Reservation>& held, double wall,
             master::LoadTable& table, double now, Effects* effects,
             std::vector<std::string>* changed = nullptr);
  // RESERVATION_CONSISTENCY = quorum: a reservation whose creation no majority journalled in
  // time was never acknowledged; it is withdrawn (its holds dropped, as a release's, its
  // slots counted until a majority journalled that: releaseJournalled), so no side of a
  // partition keeps a promise the other side cannot see. False: not held.
  bool withdraw(const std::string& id, Effects* effects);
  // Ids a keeper journalled as released (its holds report's "released"): remembered, and
  // dropped from the ledger when a report of another keeper had brought them back.
  void mergeReleased(const std::vector<std::string>& ids, master::LoadTable& table, double now,
                     Effects* effects);
  // Quorum mode (ServiceContext::holdReleases): the releases whose drop a majority has not
  // journalled yet; their reservations are still in the ledger and counted.
  const std::map<std::string, Reservation>& releasing() const { return releasing_; }
  // A majority journalled the drop of `id` at `version` (one past the reservation's last):
  // the release takes effect, its slots and quota come free. False: no such release waits.
  bool releaseJournalled(const std::string& id, uint64_t version, master::LoadTable& table,
                         double now);
  // --- RESERVATION_CONSISTENCY = quorum: the rebuild's term (reserve/terms.h) ---
  // A rebuild at `term` (after beginRebuild): the voters' reports wait for the window's close,
  // and nothing is admitted until a majority of the voters adopted the term (termAdopted).
  // The ledger starts empty: only what the rebuild hears joins it.
  void beginTerm(uint64_t term, master::LoadTable& table, double now);
  // The term new and renewed reservations are written at (0: available mode).
  uint64_t term() const { return term_; }
  bool adopting() const { return adopting_; }
  bool termClosed() const { return termClosed_; }
  // The latest term adopted by a voter whose report counted.
  uint64_t latestAdopted() const { return latestAdopted_; }
  // Copies a rebuild heard (they join the ledger by merge() meanwhile, which lists them as
  // being rebuilt): from a voter that promised the term and adopted term `adopted` last, or
  // (`adopted` unset) from a host that is not a voter, which only ever has acknowledged ones.
  void noteCopies(const std::vector<Reservation>& copies, std::optional<uint64_t> adopted);
  // The window closed and the term's copies are not merged yet.
  bool termClosable(double now) const { return adopting_ && !termClosed_ && !window_.open(now); }
  // At the close: a reservation stays when a host that is not a voter reported it, or a
  // voter's copy was written at or after the latest term any of them adopted (reserve/
  // terms.h survivesRebuild); the others were never acknowledged and leave the ledger
  // (remembered as released). Then every reservation is written again at the term (`put`).
  // How many left comes back.
  size_t closeTerm(master::LoadTable& table, double now, Effects* effects);
  // A majority of the voters adopted the term: admitting again.
  void termAdopted() { adopting_ = false; }

  // Puts every host's holds into `table` again (after a reconfig rebuilt its records).
  void pushAll(master::LoadTable& table, double now) const;

  // The resource quota sets in force (null: none): a new usage count from every held
  // reservation, so a reconfig revokes nothing and a lowered limit shows usage above it.
  // Created, released, expired and merged reservations update it.
  void setQuotas(quota::QuotaConfigPtr config);
  const quota::QuotaState* quotas() const { return quotas_.get(); }
  const quota::QuotaConfigPtr& quotaConfig() const { return quotaConfig_; }
  // The same usage for a reader on another thread (a metrics scrape): while anyone holds it,
  // the service changes a copy (as the load table does its snapshot), never it.
  std::shared_ptr<const quota::QuotaState> sharedQuotas() const { return quotas_; }

  const Ledger& ledger() const { return ledger_; }
  // The reservations over a host's slots or a quota limit since a partition healed
  // (reserve/over_commit.h): the listing marks them "overcommitted".
  void setOverCommitted(std::set<std::string> ids) { overCommitted_ = std::move(ids); }
  const std::set<std::string>& overCommitted() const { return overCommitted_; }
  const ServiceCounters& counters() const { return counters_; }
  double nextExpiry() const { return ledger_.nextExpiry(); }

 private:
  ServiceAnswer reserve(const format::Json& req, const ServiceContext& ctx, Effects* effects);
  ServiceAnswer renew(const format::Json& req, const ServiceContext& ctx, Effects* effects);
  ServiceAnswer release(const format::Json& req, const ServiceContext& ctx, Effects* effects);
  // `id` held and the caller allowed (Ledger::mayChange).
  void holdRelease(const std::string& id, Effects* effects);
  ServiceAnswer list(const format::Json& req, const ServiceContext& ctx) const;
  ServiceAnswer quotaReply(const format::Json& req, const ServiceContext& ctx) const;
  void push(const Reservation& r, master::LoadTable& table, double now) const;
  // An empty ledger, and the term's bookkeeping reset to `term` (0: none): the end of the
  // role, and a term's beginning (a rebuild starts from what the hosts report).
  void startOver(uint64_t term, bool adopting);
  void count(const Reservation& r, int sign);

  std::string self_;
  Ledger ledger_;
  RebuildWindow window_;
  ServiceCounters counters_;
  quota::QuotaConfigPtr quotaConfig_;
  std::shared_ptr<quota::QuotaState> quotas_;
  std::set<std::string> overCommitted_;
  std::map<std::string, Reservation> releasing_;  // quorum mode: drops not journalled yet
  // Quorum mode's term (reserve/terms.h).
  uint64_t term_ = 0;
  bool adopting_ = false;    // the term is not adopted by a majority yet
  bool termClosed_ = false;  // the window closed and the voters' copies were merged
  uint64_t latestAdopted_ = 0;
  std::unordered_map<std::string, uint64_t> voterTerms_;  // id -> latest term a voter reported
  std::unordered_set<std::string> hostCopies_;            // ids a host not a voter reported
};

}  // namespace openlim::reserve
