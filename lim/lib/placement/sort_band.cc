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

namespace {

// The pick over n candidates: value(i) and name(i) of candidate i.
template <class Value, class Name>
BandPick pick(size_t n, Value value, Name name, double pct, BandCursor& cursor) {
  BandPick pick;
  double best = std::nan("");
  for (size_t i = 0; i < n; ++i)
    if (double v = value(i); !std::isnan(v) && !(v <= best)) best = v;
  if (std::isnan(best)) return pick;
  // The member named next after the last one given, else (wrapping) the first by name.
  const std::string* next = nullptr;
  const std::string* first = nullptr;
  size_t nextAt = 0, firstAt = 0;
  for (size_t i = 0; i < n; ++i) {
    if (!withinBand(best, value(i), pct)) continue;
    ++pick.bandSize;
    const std::string& nm = name(i);
    if (!first || nm < *first) first = &nm, firstAt = i;
    if (nm > cursor.last && (!next || nm < *next)) next = &nm, nextAt = i;
  }
  pick.index = next ? nextAt : firstAt;
  cursor.last = name(pick.index);
  return pick;
}

}  // namespace

BandPick pickInBand(std::span<const double> values, std::span<const std::string> names, double pct,
                    BandCursor& cursor) {
  return pick(
      values.size(), [&](size_t i) { return values[i]; },
      [&](size_t i) -> const std::string& { return names[i]; }, pct, cursor);
}

BandPick pickInBandRows(std::span<const double> values, std::span<const uint32_t> rows,
                        std::span<const std::string> names, double pct, BandCursor& cursor) {
  return pick(
      values.size(), [&](size_t i) { return values[i]; },
      [&](size_t i) -> const std::string& { return names[rows[i]]; }, pct, cursor);
}

}  // namespace openlim::placement
