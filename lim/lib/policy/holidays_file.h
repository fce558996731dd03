#pragma once
// The lsf.holidays file (the UNICOS / PBS holidays format): when prime time is.
//
//   * a comment (a line starting with '*'; '#' is accepted too)
//   YEAR 2026
//   weekday   0800  1730      prime time starts at 08:00, non-prime time at 17:30
//   saturday  none  all       no prime time; non-prime all day
//   sunday    none  all
//   1    Jan 1    New Year's Day      day of YEAR, its date (checked), a name
//   Dec 25 Christmas                  a date of YEAR
//   2027-01-01 New Year               an ISO date, any year
//
// monday .. friday lines are accepted too and win over the weekday line.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "openlim/config.h"
#include "policy/local_time.h"

namespace openlim::policy {

// One of the two columns of a day line: a time of day (minutes after midnight), all or none.
struct DayField {
  enum class Kind : uint8_t { kTime, kAll, kNone };
  Kind kind = Kind::kAll;
  int minute = 0;  // kTime only
};

struct DayRule {
  DayField prime;     // when prime time starts
  DayField nonPrime;  // when non-prime time starts
  int line = 0;       // 0 = no line in the file: prime time all day
};

struct Holiday {
  int year = 0;
  int yday = 0;  // 1 = January 1st
  std::string name;
  int line = 0;
};

struct Holidays {
  int year = 0;  // the YEAR line
  int yearLine = 0;
  std::array<DayRule, 7> days;  // by weekday, 0 = Sunday
  std::vector<Holiday> holidays;

  bool isHoliday(const LocalTime& t) const;
  // Prime or non-prime (true = prime) at a time, holidays included.
  bool isPrime(const LocalTime& t) const;
  // A warning when the file's YEAR is before currentYear: its day-of-year and month-day
  // holidays no longer fall on any date, so every day follows the weekly rules.
  std::optional<std::string> staleYear(int currentYear) const;
};

// Prime or not at minuteOfDay under one day rule, as PBS reads the two columns:
// prime all -> prime; non-prime all -> non-prime; prime none -> non-prime; non-prime none ->
// prime; otherwise prime from the prime start up to the non-prime start, wrapping past
// midnight when the non-prime start comes first (equal starts: prime all day).
bool primeUnder(const DayRule& rule, int minuteOfDay);

struct HolidaysLoad {
  Holidays holidays;
  std::vector<Diagnostic> diagnostics;
  int errors() const;
};

inline constexpr size_t kMaxHolidays = 1000;

HolidaysLoad parseHolidays(std::string_view text, const std::string& file);

}  // namespace openlim::policy
