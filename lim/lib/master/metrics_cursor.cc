#include "master/metrics_cursor.h"

#include <algorithm>

#include "master/metrics_parts.h"

namespace openlim::master {

MetricsCursor::MetricsCursor(const MetricsInput& in, double loopAge) {
  sections_.push_back({[&in, loopAge](std::string& out) { writeLimPart(out, in, loopAge); }});
  if (in.table) addHostSections(*in.table);
  if (in.reservations) addReservationSections(*in.reservations, in.table.get());
}

MetricsCursor::~MetricsCursor() = default;

void MetricsCursor::addHostSections(const HostTable& t) {
  columns_ = std::make_unique<HostColumns>(t);
  const HostColumns& c = *columns_;
  const size_t perRow = std::max<size_t>(c.cols.size(), 1);
  sections_.push_back({[&t](std::string& out) { writeHostsHead(out, t); }, t.size(), 1,
                       [&t](std::string& out, size_t row) { writeStatusRow(out, t, row); }});
  sections_.push_back({[](std::string& out) { writeLoadHead(out); }, t.size(), perRow,
                       [&t, &c](std::string& out, size_t row) { writeLoadRow(out, t, c, row); }});
  // An age row reads every column but writes one line: it costs about half a load row.
  sections_.push_back({[](std::string& out) { writeAgesHead(out); }, t.size(),
                       std::max<size_t>(perRow / 2, 1),
                       [&t, &c](std::string& out, size_t row) { writeAgeRow(out, t, c, row); }});
}

void MetricsCursor::addReservationSections(const ReservationMetrics& r, const HostTable* t) {
  sections_.push_back({[&r, t](std::string& out) { writeReservationsHead(out, r, t); },
                       t ? t->size() : 0, 1,
                       [this, t](std::string& out, size_t row) {
                         reservedSlots_ += writeReservedSlotRow(out, *t, row);
                       }});
  sections_.push_back(
      {[this, &r, t](std::string& out) { writeReservationsTail(out, r, t, reservedSlots_); }});
}

bool MetricsCursor::writeSome(std::string& out, size_t sampleBudget) {
  size_t spent = 0;
  while (!done() && (spent == 0 || spent < sampleBudget)) {
    const Section& s = sections_[section_];
    if (!headDone_) {
      if (s.head) s.head(out);
      headDone_ = true;
      ++spent;
    }
    for (; row_ < s.rows && (spent == 0 || spent < sampleBudget); ++row_, spent += s.rowCost)
      s.row(out, row_);
    if (row_ < s.rows) break;
    ++section_;
    row_ = 0;
    headDone_ = false;
  }
  return done();
}

}  // namespace openlim::master
