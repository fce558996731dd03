#pragma once
// A scrape body written in slices. At 100,000 hosts the body is tens of megabytes and takes
// a good part of a second to write; the lim writes it on its own loop, so it writes a slice
// per turn and serves queries and reports between slices. The cursor is where the writing
// stopped: a section (the lim's own part, host status, load indices, value ages, the
// reservations) and a host row within it. Slices put together are byte for byte the body
// written in one go (writeMetrics is the cursor with no budget).
//
// The input must outlive the cursor and must not change meanwhile: the lim hands it an
// immutable copy (its host table is the published snapshot, never patched while shared).
// Pure: no clock, no I/O.

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "master/metrics.h"

namespace openlim::master {

struct HostColumns;

class MetricsCursor {
 public:
  MetricsCursor(const MetricsInput& in, double loopAge);
  ~MetricsCursor();
  MetricsCursor(const MetricsCursor&) = delete;
  MetricsCursor& operator=(const MetricsCursor&) = delete;

  // Appends the next slice to `out`: host rows until about `sampleBudget` samples are
  // written (a row's cost is its number of samples at most), and at least one step so a
  // call always makes progress. A section's small head or tail counts as one step. Returns
  // true once the body is whole.
  bool writeSome(std::string& out, size_t sampleBudget);
  bool done() const { return section_ >= sections_.size(); }

 private:
  // One part of the body: its head (written before its first row), `rows` rows each costing
  // up to `rowCost` samples.
  struct Section {
    std::function<void(std::string&)> head;
    size_t rows = 0;
    size_t rowCost = 1;
    std::function<void(std::string&, size_t row)> row;
  };
  void addHostSections(const HostTable& t);
  void addReservationSections(const ReservationMetrics& r, const HostTable* t);

  std::vector<Section> sections_;
  std::unique_ptr<HostColumns> columns_;
  double reservedSlots_ = 0;  // summed over the reserved-slot rows written so far
  size_t section_ = 0;
  size_t row_ = 0;
  bool headDone_ = false;
};

}  // namespace openlim::master
