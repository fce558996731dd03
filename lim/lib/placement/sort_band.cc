// The insensitivity band (see sort_band.h).
#include "placement/sort_band.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "util/strict_number.h"

namespace openlim::placement {

Result<double> parseBandPercent(std::string_view text) {
  std::string_view t = text;
  if (!t.empty() && t.back() == '%') t.remove_suffix(1);
  auto d = parseDouble(t);
  if (!d || *d < 0 || *d > 100)
    return Status(Code::kInvalid, "bad band <" + std::string(text) + ">: want a percentage 0-100");
  return *d;
}

bool withinBand(double best, double value, double pct) {
  if (std::isnan(best) || std::isnan(value)) return false;
  return std::fabs(best - value) <= std::fabs(best) * pct / 100;
}

void BandCursors::retain(std::span<const std::string> policies) {
  std::set<std::string_view> keep(policies.begin(), policies.end());
  std::erase_if(cursors_, [&](const auto& kv) { return !keep.count(kv.first); });
}

BandPick pickInBand(std::span<const double> values, std::span<const std::string> names, double pct,
                    BandCursor& cursor) {
  BandPick pick;
  double best = std::nan("");
  for (double v : values)
    if (!std::isnan(v) && !(v <= best)) best = v;
  if (std::isnan(best)) return pick;
  // The member named next after the last one given, else (wrapping) the first by name.
  const std::string* next = nullptr;
  const std::string* first = nullptr;
  size_t nextAt = 0, firstAt = 0;
  for (size_t i = 0; i < values.size(); ++i) {
    if (!withinBand(best, values[i], pct)) continue;
    ++pick.bandSize;
    const std::string& name = names[i];
    if (!first || name < *first) first = &name, firstAt = i;
    if (name > cursor.last && (!next || name < *next)) next = &name, nextAt = i;
  }
  pick.index = next ? nextAt : firstAt;
  cursor.last = names[pick.index];
  return pick;
}

}  // namespace openlim::placement
