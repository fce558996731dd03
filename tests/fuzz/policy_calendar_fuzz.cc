// Fuzz the holidays and dedicated-time readers and the calendar over what they read.
// The input is split at the first form feed: holidays text, then dedicated text.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "policy/calendar.h"

using namespace openlim::policy;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  size_t ff = text.find('\f');
  std::string_view holidays = text.substr(0, ff);
  std::string_view dedicated = ff == std::string_view::npos ? "" : text.substr(ff + 1);
  HolidaysLoad h = parseHolidays(holidays, "lsf.holidays");
  DedicatedLoad d = parseDedicated(dedicated, "lsf.dedicated");
  for (const DedicatedWindow& w : d.windows)
    if (w.endStamp <= w.startStamp || !isValid(w.start) || !isValid(w.end)) __builtin_trap();
  (void)h.holidays.staleYear(2026);
  Calendar c(h.holidays, d.windows);
  int year = h.holidays.year ? h.holidays.year : 2026;
  for (int month = 1; month <= 12; month += 5)
    for (int hour = 0; hour < 24; hour += 7) {
      LocalTime t{year, month, 28, hour, 59};
      PeriodInfo p = c.periodAt(t);
      if (p.period == Period::kDedicated && p.windowLine <= 0) __builtin_trap();
    }
  for (const DedicatedWindow& w : d.windows)
    if (c.periodAt(w.start).period != Period::kDedicated) __builtin_trap();
  return 0;
}
