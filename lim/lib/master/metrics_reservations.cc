// The metrics of the master's reservations and quota usage (docs/metrics.md). Bounded
// whatever the number of reservations: no series per reservation; reserved slots per host
// (hosts holding none left out, so at most one series per host); quota rows cut at
// kMaxQuotaSeries. The quota rows are worked out here, in one slice of a scrape, from the
// usage shared in the scrape's input (and the host table's values for dynamic limits).
#include <string_view>

#include "format/prom_text.h"
#include "master/metrics_parts.h"

namespace openlim::master {
namespace {

using format::PromWriter;

void counter(PromWriter& w, std::string_view name, std::string_view help, uint64_t v) {
  w.single(name, "counter", help, static_cast<double>(v));
}

void writeCounts(PromWriter& w, const ReservationMetrics& r) {
  w.family("openlim_reservations", "gauge", "Active reservations in the master's ledger.");
  w.sample("openlim_reservations", static_cast<double>(r.active));
  counter(w, "openlim_reservations_created_total", "Reservations created by reserve requests.",
          r.created);
  counter(w, "openlim_reservations_released_total", "Reservations released by their owner.",
          r.released);
  counter(w, "openlim_reservations_renewed_total", "Reservation leases renewed.", r.renewed);
  counter(w, "openlim_reservations_expired_total", "Reservations whose lease ended.", r.expired);
  counter(w, "openlim_reservations_merged_total",
          "Reservations taken back from the hosts' reports (a new master rebuilding).", r.merged);
  constexpr std::string_view kDenied = "openlim_reservations_denied_total";
  w.family(kDenied, "counter", "Reservation requests refused, by reason.");
  w.sample(kDenied, {{"reason", "unsigned"}}, static_cast<double>(r.deniedUnsigned));
  w.sample(kDenied, {{"reason", "user"}}, static_cast<double>(r.deniedUser));
  w.sample(kDenied, {{"reason", "rebuilding"}}, static_cast<double>(r.refusedRebuilding));
  w.sample(kDenied, {{"reason", "quota"}}, static_cast<double>(r.refusedQuota));
  w.sample(kDenied, {{"reason", "no_hosts"}}, static_cast<double>(r.refusedNoHosts));
  w.family("openlim_reservations_overcommitted", "gauge",
           "Reservations over a host's slots or a quota limit since a partition healed "
           "(RESERVATION_CONSISTENCY = available; docs/reservations.md).");
  w.sample("openlim_reservations_overcommitted", static_cast<double>(r.overCommitted));
}

void quotaSample(PromWriter& w, std::string_view name, const QuotaSeries& s, double v) {
  w.sample(name,
           {{"set", s.set},
            {"rule", s.rule},
            {"resource", s.resource},
            {"users", s.users},
            {"projects", s.projects},
            {"pes", s.pes},
            {"queues", s.queues},
            {"hosts", s.hosts}},
           v);
}

void writeQuota(PromWriter& w, const ReservationMetrics& r, const HostTable* table) {
  w.family("openlim_quotas_loaded", "gauge",
           "1 when resource quota sets (lsf.quotas) are in force.");
  w.sample("openlim_quotas_loaded", r.quotas ? 1 : 0);
  struct {
    std::vector<QuotaSeries> rows;
    uint64_t omitted = 0;
  } q;
  if (r.quotas && table && r.quotaRows) q.rows = r.quotaRows(*table, &q.omitted);
  w.family("openlim_quota_used", "gauge",
           "What reservations hold of a quota rule's resource, per filter member (memory in "
           "bytes, other resources in their own unit).");
  for (const QuotaSeries& s : q.rows) quotaSample(w, "openlim_quota_used", s, s.used);
  w.family("openlim_quota_limit", "gauge",
           "A quota rule's limit, per filter member (as openlim_quota_used); absent when a "
           "dynamic limit cannot be evaluated.");
  for (const QuotaSeries& s : q.rows)
    if (s.limit) quotaSample(w, "openlim_quota_limit", s, *s.limit);
  w.family("openlim_quota_series_omitted", "gauge",
           "Quota rows left out of this scrape by its bound (those using the least of their "
           "limits).");
  w.sample("openlim_quota_series_omitted", static_cast<double>(q.omitted));
}

}  // namespace

void writeReservationsHead(std::string& out, const ReservationMetrics& r, const HostTable* t) {
  PromWriter w(out);
  writeCounts(w, r);
  if (t)
    w.family("openlim_host_reserved_slots", "gauge",
             "Slots reservations hold on the host; hosts holding none are left out.");
}

int writeReservedSlotRow(std::string& out, const HostTable& t, size_t row) {
  const int slots = t.reserved(row);
  if (slots <= 0) return 0;
  out += "openlim_host_reserved_slots{host=\"";
  format::appendPromLabelValue(out, t.names[row]);
  out += "\"} ";
  format::appendPromValue(out, slots);
  out += '\n';
  return slots;
}

void writeReservationsTail(std::string& out, const ReservationMetrics& r, const HostTable* table,
                           double reservedSlots) {
  PromWriter w(out);
  if (table) {
    w.family("openlim_reserved_slots", "gauge", "Slots reservations hold in the whole cluster.");
    w.sample("openlim_reserved_slots", reservedSlots);
  }
  writeQuota(w, r, table);
}

}  // namespace openlim::master
