#pragma once
// The insensitivity band (docs/rating.md): hosts whose sort value is within P percent of the
// best are taken as equal and used in turn, round-robin, across successive placements, so
// nearly equal hosts share the work instead of the one a hair ahead taking every job. It
// applies to any sort value, not only the rating.
//
// The turn is kept as the name of the host the band last gave, per policy: the members are
// taken in name order from the one after it. A name (not a position) survives the members
// changing places between placements, which they do, since each placement lowers the
// chosen host's value.

#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "openlim/status.h"

namespace openlim::placement {

// A band of P percent: 0 to 100 (0: only hosts equal to the best). Malformed or out of
// range: an error saying what is wanted.
Result<double> parseBandPercent(std::string_view text);

// True when `value` is within pct percent of `best` (|best - value| <= pct% of |best|).
// Unknown (NaN) values are in no band.
bool withinBand(double best, double value, double pct);

// One policy's turn: the host the band last gave ("" before the first placement).
struct BandCursor {
  std::string last;
};

// The cursors of every policy, by policy name. The master owns one, outside the
// configuration snapshot, so a reconfig keeps each policy's turn.
class BandCursors {
 public:
  BandCursor& of(const std::string& policy) { return cursors_[policy]; }
  size_t size() const { return cursors_.size(); }
  // Drops the cursors of policies no longer defined (after a reconfig).
  void retain(std::span<const std::string> policies);

 private:
  std::map<std::string, BandCursor> cursors_;
};

struct BandPick {
  size_t index = 0;     // into the candidates: the host to use now
  size_t bandSize = 0;  // how many candidates the band held (0: none known, index unset)
};

// The host to use next among candidates with sort values `values` (larger is better: negate
// a smaller-is-better value) and names `names`: the band is every candidate within pct
// percent of the largest known value; unknown (NaN) values are never in it. Takes the member
// named after cursor.last in name order (wrapping to the first) and records it in the
// cursor. One pass, no sort: the band is found among 100k hosts in well under a millisecond.
// REQUIRES: values.size() == names.size().
BandPick pickInBand(std::span<const double> values, std::span<const std::string> names, double pct,
                    BandCursor& cursor);

// The same over rows of a table, without copying names: values[i] belongs to row rows[i],
// whose name is names[rows[i]]. REQUIRES: values.size() == rows.size().
BandPick pickInBandRows(std::span<const double> values, std::span<const uint32_t> rows,
                        std::span<const std::string> names, double pct, BandCursor& cursor);

}  // namespace openlim::placement
