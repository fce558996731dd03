// The lsf.holidays reader (see holidays_file.h).
#include "policy/holidays_file.h"

#include <algorithm>
#include <cctype>

#include "config/diag.h"
#include "policy/plain_lines.h"
#include "util/strict_number.h"

namespace openlim::policy {

using config::DiagSink;
using config::q;

int HolidaysLoad::errors() const {
  return static_cast<int>(std::count_if(diagnostics.begin(), diagnostics.end(),
                                        [](auto& d) { return d.severity == Severity::kError; }));
}

bool primeUnder(const DayRule& r, int minute) {
  using K = DayField::Kind;
  if (r.prime.kind == K::kAll) return true;
  if (r.nonPrime.kind == K::kAll) return false;
  if (r.prime.kind == K::kNone) return false;
  if (r.nonPrime.kind == K::kNone) return true;
  int p = r.prime.minute, np = r.nonPrime.minute;
  if (p < np) return minute >= p && minute < np;
  return !(minute >= np && minute < p);
}

bool Holidays::isHoliday(const LocalTime& t) const {
  int yday = dayOfYear(t.year, t.month, t.day);
  return std::any_of(holidays.begin(), holidays.end(),
                     [&](const Holiday& h) { return h.year == t.year && h.yday == yday; });
}

bool Holidays::isPrime(const LocalTime& t) const {
  if (isHoliday(t)) return false;
  return primeUnder(days[weekday(t.year, t.month, t.day)], minuteOfDay(t));
}

std::optional<std::string> Holidays::staleYear(int currentYear) const {
  if (year == 0 || year >= currentYear) return std::nullopt;
  return "the holidays file is for " + std::to_string(year) + " and it is now " +
         std::to_string(currentYear) +
         ": its holidays have passed; update YEAR and the holiday lines";
}

namespace {

bool allDigits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// HHMM (exactly four digits), all, or none.
std::optional<DayField> dayField(std::string_view w) {
  std::string l = config::lower(w);
  if (l == "all") return DayField{DayField::Kind::kAll, 0};
  if (l == "none") return DayField{DayField::Kind::kNone, 0};
  if (w.size() != 4 || !allDigits(w)) return std::nullopt;
  int hh = (w[0] - '0') * 10 + (w[1] - '0'), mm = (w[2] - '0') * 10 + (w[3] - '0');
  if (hh > 23 || mm > 59) return std::nullopt;
  return DayField{DayField::Kind::kTime, hh * 60 + mm};
}

// Day keywords: weekday is index 7 (Monday to Friday unless a day has its own line).
int dayIndex(std::string_view w) {
  static const char* const kDays[] = {"sunday",   "monday", "tuesday",  "wednesday",
                                      "thursday", "friday", "saturday", "weekday"};
  std::string l = config::lower(w);
  for (int i = 0; i < 8; ++i)
    if (l == kDays[i]) return i;
  return -1;
}

// A holiday whose year is YEAR's, resolved when the whole file has been read.
struct Pending {
  int line = 0;
  int year = 0;   // 0 = the YEAR line's (an ISO date carries its own)
  int yday = 0;   // 0 = given by month and day
  int month = 0;  // 0 = given by day of year
  int day = 0;
  std::string name;
};

std::string joinRest(const std::vector<std::string_view>& w, size_t from) {
  std::string s;
  for (size_t i = from; i < w.size(); ++i) s += (s.empty() ? "" : " ") + std::string(w[i]);
  return s;
}

class Reader {
 public:
  Reader(const std::string& file, HolidaysLoad* out) : diag_(file, &out->diagnostics), out_(out) {}
  void line(const config::Line& l);
  void finish();

 private:
  void yearLine(int line, const std::vector<std::string_view>& w);
  void dayLine(int line, int index, const std::vector<std::string_view>& w);
  bool isoHoliday(int line, const std::vector<std::string_view>& w);
  void ydayHoliday(int line, const std::vector<std::string_view>& w);
  void dateHoliday(int line, const std::vector<std::string_view>& w, size_t at, int yday);
  void addHoliday(int line, int year, int yday, std::string name);
  void resolve(const Pending& p);
  void warnOdd(int line, std::string_view day, const DayRule& r);

  DiagSink diag_;
  HolidaysLoad* out_;
  std::array<DayRule, 8> given_{};  // as written, weekday at 7
  std::vector<Pending> pending_;
  bool yearSeen_ = false;  // a YEAR line, good or bad, was read
};

void Reader::line(const config::Line& l) {
  std::vector<std::string_view> w = words(l.text);
  std::string first = config::lower(w[0]);
  if (first == "year") return yearLine(l.number, w);
  if (first == "holidayfile_version1") return;  // written by PBS tools; nothing to read
  if (int d = dayIndex(w[0]); d >= 0) return dayLine(l.number, d, w);
  if (isoHoliday(l.number, w)) return;
  if (allDigits(w[0])) return ydayHoliday(l.number, w);
  if (monthFromName(w[0]) != 0) return dateHoliday(l.number, w, 0, 0);
  diag_.error(l.number, "unknown line " + q(l.text) +
                            "; expected YEAR, a day line (weekday, saturday, sunday, monday "
                            "... friday) or a holiday");
}

// YEAR yyyy
void Reader::yearLine(int line, const std::vector<std::string_view>& w) {
  Holidays& h = out_->holidays;
  yearSeen_ = true;
  if (h.yearLine != 0) {
    diag_.error(line, "YEAR is already given at line " + std::to_string(h.yearLine));
    return;
  }
  std::optional<int> y;
  if (w.size() == 2 && w[1].size() == 4 && allDigits(w[1])) y = *parseInt(w[1]);
  if (!y || *y < 1970) {
    diag_.error(line, "YEAR needs one four-digit year (1970 or later), e.g. <YEAR 2026>");
    return;
  }
  h.year = *y;
  h.yearLine = line;
}

// day prime_start non_prime_start
void Reader::dayLine(int line, int index, const std::vector<std::string_view>& w) {
  std::string day = config::lower(w[0]);
  if (given_[index].line != 0) {
    diag_.error(line, day + " is already given at line " + std::to_string(given_[index].line));
    return;
  }
  if (w.size() != 3) {
    diag_.error(line, day +
                          " needs two values, the prime and the non-prime start (HHMM, all "
                          "or none)");
    return;
  }
  auto p = dayField(w[1]), np = dayField(w[2]);
  if (!p || !np) {
    diag_.error(line, day + ": " + q(std::string(p ? w[2] : w[1])) +
                          " is not a time HHMM (0000 to 2359), all or none");
    return;
  }
  given_[index] = DayRule{*p, *np, line};
  warnOdd(line, day, given_[index]);
}

// Pairs other than a time pair, "all none" and "none all" leave one column without effect.
void Reader::warnOdd(int line, std::string_view day, const DayRule& r) {
  using K = DayField::Kind;
  bool pTime = r.prime.kind == K::kTime, npTime = r.nonPrime.kind == K::kTime;
  if (pTime && npTime) {
    if (r.prime.minute == r.nonPrime.minute)
      diag_.warn(line, std::string(day) +
                           ": prime and non-prime time start at the same "
                           "minute; the day reads as prime time all day");
    return;
  }
  bool canonical = (r.prime.kind == K::kAll && r.nonPrime.kind == K::kNone) ||
                   (r.prime.kind == K::kNone && r.nonPrime.kind == K::kAll);
  if (canonical) return;
  diag_.warn(line, std::string(day) + ": this pair reads as " +
                       (primeUnder(r, 0) ? "prime" : "non-prime") +
                       " time all day; write <all none> or <none all> to say so");
}

// YYYY-MM-DD [name]
bool Reader::isoHoliday(int line, const std::vector<std::string_view>& w) {
  std::string_view d = w[0];
  if (d.size() != 10 || d[4] != '-' || d[7] != '-' || !allDigits(d.substr(0, 4)) ||
      !allDigits(d.substr(5, 2)) || !allDigits(d.substr(8, 2)))
    return false;
  int y = *parseInt(d.substr(0, 4)), m = *parseInt(d.substr(5, 2)), dd = *parseInt(d.substr(8, 2));
  if (!isValidDate(y, m, dd)) {
    diag_.error(line, q(std::string(d)) + " is not a date");
    return true;
  }
  pending_.push_back(Pending{line, y, dayOfYear(y, m, dd), 0, 0, joinRest(w, 1)});
  return true;
}

// day_of_year [Mon DD] [name]
void Reader::ydayHoliday(int line, const std::vector<std::string_view>& w) {
  auto n = parseInt(w[0]);
  if (!n || *n < 1 || *n > 366) {
    diag_.error(line, "day of year " + q(std::string(w[0])) + " is not between 1 and 366");
    return;
  }
  // "121 May 1 May Day" gives the date; "121 May Day" is a name that starts with a month.
  if (w.size() >= 3 && monthFromName(w[1]) != 0 && allDigits(w[2]))
    return dateHoliday(line, w, 1, *n);
  pending_.push_back(Pending{line, 0, *n, 0, 0, joinRest(w, 1)});
}

// Mon DD [name], at word `at`; yday (when not 0) must be the same day.
void Reader::dateHoliday(int line, const std::vector<std::string_view>& w, size_t at, int yday) {
  int month = monthFromName(w[at]);
  auto day = at + 1 < w.size() && allDigits(w[at + 1]) ? parseInt(w[at + 1])
                                                       : Result<int>(Status(Code::kInvalid, ""));
  if (!day || *day < 1 || *day > 31) {
    diag_.error(line, "holiday " + q(std::string(w[at])) + " needs a day of the month after it");
    return;
  }
  pending_.push_back(Pending{line, 0, yday, month, *day, joinRest(w, at + 2)});
}

void Reader::addHoliday(int line, int year, int yday, std::string name) {
  auto& list = out_->holidays.holidays;
  if (list.size() >= kMaxHolidays) {
    diag_.error(line, "more than " + std::to_string(kMaxHolidays) + " holidays; ignored");
    return;
  }
  list.push_back(Holiday{year, yday, std::move(name), line});
}

void Reader::resolve(const Pending& p) {
  if (p.year != 0) return addHoliday(p.line, p.year, p.yday, p.name);
  int year = out_->holidays.year;
  if (year == 0) return;  // reported once in finish()
  if (p.month == 0) {
    if (p.yday > daysInYear(year))
      return diag_.error(p.line, "day of year " + std::to_string(p.yday) + " is past the end of " +
                                     std::to_string(year));
    return addHoliday(p.line, year, p.yday, p.name);
  }
  if (!isValidDate(year, p.month, p.day))
    return diag_.error(p.line, "holiday: day " + std::to_string(p.day) + " of month " +
                                   std::to_string(p.month) + " is not a date in " +
                                   std::to_string(year));
  int yday = dayOfYear(year, p.month, p.day);
  if (p.yday != 0 && p.yday != yday)
    return diag_.error(p.line, "holiday: day of year " + std::to_string(p.yday) +
                                   " does not match its date, which is day " +
                                   std::to_string(yday) + " of " + std::to_string(year));
  addHoliday(p.line, year, yday, p.name);
}

void Reader::finish() {
  Holidays& h = out_->holidays;
  if (!yearSeen_)
    diag_.error(pending_.empty() ? 0 : pending_.front().line,
                "no YEAR line: the holidays and their days of the year need one");
  for (const Pending& p : pending_) resolve(p);
  std::string missing;
  for (int d = 0; d < 7; ++d) {
    const DayRule& own = given_[d];
    bool workday = d >= 1 && d <= 5;
    h.days[d] = own.line != 0 ? own : workday ? given_[7] : DayRule{};
    static const char* const kNames[] = {"sunday",   "monday", "tuesday", "wednesday",
                                         "thursday", "friday", "saturday"};
    if (h.days[d].line == 0) missing += (missing.empty() ? "" : ", ") + std::string(kNames[d]);
  }
  if (!missing.empty()) diag_.warn(0, "no rule for " + missing + ": prime time all day there");
}

}  // namespace

HolidaysLoad parseHolidays(std::string_view text, const std::string& file) {
  HolidaysLoad load;
  Reader reader(file, &load);
  DiagSink sink(file, &load.diagnostics);
  for (const config::Line& l : splitPlainLines(text, "*#", sink)) reader.line(l);
  if (text.find('\0') != std::string_view::npos) return load;  // refused whole, said once
  reader.finish();
  std::stable_sort(load.diagnostics.begin(), load.diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.line < b.line; });
  return load;
}

}  // namespace openlim::policy
