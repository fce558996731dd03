#pragma once
// Civil (wall-clock) dates and times for the calendar, with no clock and no time zone:
// the shell turns "now" into a LocalTime (localtime_r) and the core only does arithmetic.

#include <cstdint>
#include <ctime>
#include <string>
#include <string_view>

namespace openlim::policy {

struct LocalTime {
  int year = 1970;
  int month = 1;   // 1..12
  int day = 1;     // 1..31
  int hour = 0;    // 0..23
  int minute = 0;  // 0..59
};

// From the C library's broken-down time (for the shell; reads nothing else).
inline LocalTime fromTm(const std::tm& t) {
  return LocalTime{t.tm_year + 1900, t.tm_mon + 1, t.tm_mday, t.tm_hour, t.tm_min};
}

bool isLeapYear(int year);
int daysInMonth(int year, int month);  // 0 when month is out of range
int daysInYear(int year);
// A real date of the proleptic Gregorian calendar, year 1..9999.
bool isValidDate(int year, int month, int day);
bool isValid(const LocalTime& t);
// Days since 1970-01-01 (negative before).
int64_t daysFromCivil(int year, int month, int day);
// 0 = Sunday ... 6 = Saturday.
int weekday(int year, int month, int day);
// 1 = January 1st.
int dayOfYear(int year, int month, int day);
// Minutes since 1970-01-01 00:00 of the same wall clock: orders times and windows.
int64_t minuteStamp(const LocalTime& t);
inline int minuteOfDay(const LocalTime& t) {
  return t.hour * 60 + t.minute;
}

// "Jan".."Dec" (any case, also full names) to 1..12; 0 when not a month.
int monthFromName(std::string_view word);
// "MM/DD/YYYY HH:MM" for messages.
std::string formatLocal(const LocalTime& t);

}  // namespace openlim::policy
