// The reservation metrics: the hand-over's share and the quota rows (see service_metrics.h).
#include "reserve/service_metrics.h"

#include <algorithm>
#include <numeric>

#include "quota/quota_report.h"
#include "reserve/quota_check.h"

namespace openlim::reserve {
namespace {

constexpr double kMegabyte = 1024.0 * 1024.0;

std::string* labelOf(master::QuotaSeries& q, quota::FilterKind k) {
  switch (k) {
    case quota::FilterKind::kUsers:
      return &q.users;
    case quota::FilterKind::kProjects:
      return &q.projects;
    case quota::FilterKind::kPes:
      return &q.pes;
    case quota::FilterKind::kQueues:
      return &q.queues;
    case quota::FilterKind::kHosts:
      return &q.hosts;
  }
  return &q.users;
}

master::QuotaSeries seriesOf(const quota::ReportRow& row) {
  master::QuotaSeries q;
  q.set = row.set;
  q.rule = row.rule;
  q.resource = row.resource;
  const double unit = row.memory ? kMegabyte : 1;  // memory rows count MB: base unit bytes
  q.used = static_cast<double>(row.used) * unit;
  if (row.limit) q.limit = static_cast<double>(*row.limit) * unit;
  for (const quota::ReportRow::Item& item : row.filter) {
    std::string& s = *labelOf(q, item.kind);
    if (!s.empty()) s += ',';
    if (item.excluded) s += '!';
    s += item.value;
  }
  return q;
}

// How much of its limit a row uses (unknown limits rank as full: worth seeing).
double fill(const quota::ReportRow& row) {
  if (!row.limit) return 1;
  if (*row.limit <= 0) return row.used > 0 ? 2 : 0;
  return static_cast<double>(row.used) / static_cast<double>(*row.limit);
}

}  // namespace

master::ReservationMetrics reservationMetrics(const ReservationService& service,
                                              policy::Period period) {
  master::ReservationMetrics m;
  const ServiceCounters& c = service.counters();
  m.active = service.ledger().size();
  m.created = c.created;
  m.released = c.released;
  m.renewed = c.renewed;
  m.expired = c.expired;
  m.merged = c.merged;
  m.deniedUnsigned = c.deniedUnsigned;
  m.deniedUser = c.deniedUser;
  m.refusedRebuilding = c.refusedRebuilding;
  m.refusedQuota = c.refusedQuota;
  m.refusedNoHosts = c.refusedNoHosts;
  m.quotas = service.sharedQuotas();
  m.period = period;
  m.overCommitted = service.overCommitted().size();
  if (m.quotas) m.quotaRows = quotaRowsOf(m.quotas, period);
  return m;
}

QuotaRows quotaRows(const quota::QuotaState& state, policy::Period period, const HostTable& table,
                    size_t bound) {
  // Every user's rows (lsquota -u all), in the report's order.
  // The report owns the query its rows view; it lives until the rows are copied out.
  const quota::QuotaReport report =
      quota::quotaReport(state, quota::ReportQuery{}, period, hostValuesOf(table));
  const std::vector<quota::ReportRow>& rows = report.rows;
  std::vector<size_t> keep(rows.size());
  std::iota(keep.begin(), keep.end(), 0);
  QuotaRows out;
  if (rows.size() > bound) {
    // The fullest rows stay (ties: report order), then back in report order.
    std::stable_sort(keep.begin(), keep.end(),
                     [&](size_t a, size_t b) { return fill(rows[a]) > fill(rows[b]); });
    keep.resize(bound);
    std::sort(keep.begin(), keep.end());
    out.omitted = rows.size() - bound;
  }
  out.rows.reserve(keep.size());
  for (size_t i : keep) out.rows.push_back(seriesOf(rows[i]));
  return out;
}

QuotaRowsFn quotaRowsOf(std::shared_ptr<const quota::QuotaState> state, policy::Period period) {
  return [state = std::move(state), period](const HostTable& table, uint64_t* omitted) {
    QuotaRows rows = quotaRows(*state, period, table);
    *omitted = rows.omitted;
    return std::move(rows.rows);
  };
}

}  // namespace openlim::reserve
