// Civil date arithmetic (see local_time.h).
#include "policy/local_time.h"

#include <cstdio>

#include "config/lines.h"

namespace openlim::policy {

bool isLeapYear(int year) {
  return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

int daysInMonth(int year, int month) {
  static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month < 1 || month > 12) return 0;
  return month == 2 && isLeapYear(year) ? 29 : kDays[month - 1];
}

int daysInYear(int year) {
  return isLeapYear(year) ? 366 : 365;
}

bool isValidDate(int year, int month, int day) {
  return year >= 1 && year <= 9999 && day >= 1 && day <= daysInMonth(year, month);
}

bool isValid(const LocalTime& t) {
  return isValidDate(t.year, t.month, t.day) && t.hour >= 0 && t.hour <= 23 && t.minute >= 0 &&
         t.minute <= 59;
}

// The days-from-civil algorithm: count whole 400-year eras, then the year of the era, with
// the year starting in March so the leap day falls at its end.
int64_t daysFromCivil(int year, int month, int day) {
  int64_t y = year - (month <= 2 ? 1 : 0);
  int64_t era = (y >= 0 ? y : y - 399) / 400;
  int64_t yoe = y - era * 400;
  int64_t mp = (month + 9) % 12;
  int64_t doy = (153 * mp + 2) / 5 + day - 1;
  int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

int weekday(int year, int month, int day) {
  int64_t w = (daysFromCivil(year, month, day) + 4) % 7;  // 1970-01-01 was a Thursday
  return static_cast<int>(w < 0 ? w + 7 : w);
}

int dayOfYear(int year, int month, int day) {
  return static_cast<int>(daysFromCivil(year, month, day) - daysFromCivil(year, 1, 1)) + 1;
}

int64_t minuteStamp(const LocalTime& t) {
  return daysFromCivil(t.year, t.month, t.day) * 1440 + t.hour * 60 + t.minute;
}

int monthFromName(std::string_view word) {
  static const char* const kNames[] = {"january",   "february", "march",    "april",
                                       "may",       "june",     "july",     "august",
                                       "september", "october",  "november", "december"};
  std::string w = config::lower(word);
  if (w.size() < 3) return 0;
  for (int m = 0; m < 12; ++m) {
    std::string_view full(kNames[m]);
    if (w == full.substr(0, 3) || w == full) return m + 1;
  }
  return 0;
}

std::string formatLocal(const LocalTime& t) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%02d/%02d/%04d %02d:%02d", t.month, t.day, t.year, t.hour,
                t.minute);
  return buf;
}

}  // namespace openlim::policy
