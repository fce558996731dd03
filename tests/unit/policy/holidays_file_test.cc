// The holidays file: prime time switches at the right minute, weekends, holidays, and every
// malformed line named by number.
#include "policy/holidays_file.h"

#include <gtest/gtest.h>

#include <string>

namespace openlim::policy {
namespace {

std::string diagText(const HolidaysLoad& l) {
  std::string s;
  for (const Diagnostic& d : l.diagnostics)
    s += (d.severity == Severity::kError ? "E " : "W ") + d.toString() + "\n";
  return s;
}

const char* const kFile = R"(* Prime time on working days, none at weekends.
YEAR 2026
*   day       prime   non-prime
    weekday   0800    1730
    saturday  none    all
    sunday    none    all
*   day of year   date      name
    1             Jan 1     New Year's Day
    359           Dec 25    Christmas Day
    Jul 3         Independence Day (observed)
    2026-11-26    Thanksgiving
    2027-01-01    New Year's Day 2027
)";

Holidays load(const char* text = kFile) {
  HolidaysLoad l = parseHolidays(text, "lsf.holidays");
  EXPECT_TRUE(l.diagnostics.empty()) << diagText(l);
  return l.holidays;
}

TEST(HolidaysFile, ReadsTheYearDaysAndHolidays) {
  Holidays h = load();
  EXPECT_EQ(h.year, 2026);
  ASSERT_EQ(h.holidays.size(), 5u);
  EXPECT_EQ(h.holidays[0].yday, 1);
  EXPECT_EQ(h.holidays[0].name, "New Year's Day");
  EXPECT_EQ(h.holidays[1].yday, 359);
  EXPECT_EQ(h.holidays[2].yday, 184);
  EXPECT_EQ(h.holidays[2].name, "Independence Day (observed)");
  EXPECT_EQ(h.holidays[3].yday, 330);
  EXPECT_EQ(h.holidays[4].year, 2027);
  EXPECT_EQ(h.holidays[4].line, 12);
}

TEST(HolidaysFile, WeekdaySwitchesAtTheExactMinute) {
  Holidays h = load();
  // Monday 2 March 2026.
  EXPECT_FALSE(h.isPrime(LocalTime{2026, 3, 2, 0, 0}));
  EXPECT_FALSE(h.isPrime(LocalTime{2026, 3, 2, 7, 59}));
  EXPECT_TRUE(h.isPrime(LocalTime{2026, 3, 2, 8, 0}));
  EXPECT_TRUE(h.isPrime(LocalTime{2026, 3, 2, 17, 29}));
  EXPECT_FALSE(h.isPrime(LocalTime{2026, 3, 2, 17, 30}));
  EXPECT_FALSE(h.isPrime(LocalTime{2026, 3, 2, 23, 59}));
}

TEST(HolidaysFile, WeekendsAreNonPrimeAllDay) {
  Holidays h = load();
  for (int day : {7, 8})
    for (int hour : {0, 8, 12, 23}) EXPECT_FALSE(h.isPrime(LocalTime{2026, 3, day, hour, 0}));
}

TEST(HolidaysFile, HolidaysAreNonPrimeAllDayInTheirYearOnly) {
  Holidays h = load();
  EXPECT_TRUE(h.isHoliday(LocalTime{2026, 12, 25, 10, 0}));
  EXPECT_FALSE(h.isPrime(LocalTime{2026, 12, 25, 10, 0}));  // a Friday, but Christmas
  EXPECT_FALSE(h.isPrime(LocalTime{2026, 1, 1, 9, 0}));
  EXPECT_FALSE(h.isPrime(LocalTime{2026, 7, 3, 9, 0}));
  EXPECT_FALSE(h.isPrime(LocalTime{2026, 11, 26, 9, 0}));
  EXPECT_FALSE(h.isPrime(LocalTime{2027, 1, 1, 9, 0}));    // the ISO holiday of 2027
  EXPECT_TRUE(h.isPrime(LocalTime{2026, 12, 24, 10, 0}));  // a Thursday
  EXPECT_TRUE(h.isPrime(LocalTime{2025, 12, 25, 10, 0}));  // Christmas 2025: a Thursday
  EXPECT_TRUE(h.isPrime(LocalTime{2027, 12, 24, 10, 0}));  // day 358 of 2027 is no holiday
}

TEST(HolidaysFile, StaleYearIsAWarningForTheCaller) {
  Holidays h = load();
  EXPECT_FALSE(h.staleYear(2026));
  EXPECT_FALSE(h.staleYear(2025));
  auto w = h.staleYear(2027);
  ASSERT_TRUE(w);
  EXPECT_NE(w->find("2026"), std::string::npos);
  EXPECT_NE(w->find("2027"), std::string::npos);
}

DayRule rule(const char* p, const char* np) {
  std::string text =
      std::string("YEAR 2026\nweekday ") + p + " " + np + "\nsaturday all none\nsunday all none\n";
  HolidaysLoad l = parseHolidays(text, "f");
  EXPECT_EQ(l.errors(), 0) << diagText(l);
  return l.holidays.days[1];
}

TEST(HolidaysFile, AllAndNoneAsPbsReadsThem) {
  for (int m : {0, 600, 1439}) {
    EXPECT_TRUE(primeUnder(rule("all", "none"), m));
    EXPECT_FALSE(primeUnder(rule("none", "all"), m));
    EXPECT_TRUE(primeUnder(rule("all", "all"), m));     // prime all wins
    EXPECT_FALSE(primeUnder(rule("none", "none"), m));  // no prime time
    EXPECT_FALSE(primeUnder(rule("none", "0800"), m));
    EXPECT_TRUE(primeUnder(rule("0800", "none"), m));  // no non-prime time
    EXPECT_FALSE(primeUnder(rule("0800", "all"), m));
    EXPECT_TRUE(primeUnder(rule("all", "0800"), m));
    EXPECT_TRUE(primeUnder(rule("0900", "0900"), m));  // same minute: prime all day
  }
}

TEST(HolidaysFile, PrimeTimeWrapsPastMidnightWhenNonPrimeStartsFirst) {
  DayRule night = rule("2000", "0600");  // prime from 20:00 to 06:00
  EXPECT_TRUE(primeUnder(night, 0));
  EXPECT_TRUE(primeUnder(night, 5 * 60 + 59));
  EXPECT_FALSE(primeUnder(night, 6 * 60));
  EXPECT_FALSE(primeUnder(night, 19 * 60 + 59));
  EXPECT_TRUE(primeUnder(night, 20 * 60));
}

TEST(HolidaysFile, OddPairsWarnSaysHowTheyRead) {
  HolidaysLoad l =
      parseHolidays("YEAR 2026\nweekday 0800 all\nsaturday 0900 0900\nsunday none all\n", "f");
  EXPECT_EQ(l.errors(), 0);
  EXPECT_EQ(diagText(l),
            "W f:2: weekday: this pair reads as non-prime time all day; write <all none> or "
            "<none all> to say so\n"
            "W f:3: saturday: prime and non-prime time start at the same minute; the day reads "
            "as prime time all day\n");
}

TEST(HolidaysFile, SingleDaysWinOverTheWeekdayLineInAnyOrder) {
  HolidaysLoad l = parseHolidays(
      "YEAR 2026\nfriday 0800 1200\nweekday 0800 1730\nSaturday none all\nSUNDAY none all\n", "f");
  ASSERT_EQ(l.errors(), 0) << diagText(l);
  EXPECT_TRUE(l.diagnostics.empty()) << diagText(l);
  const Holidays& h = l.holidays;
  EXPECT_FALSE(h.isPrime(LocalTime{2026, 3, 6, 12, 0}));  // Friday afternoon
  EXPECT_TRUE(h.isPrime(LocalTime{2026, 3, 5, 12, 0}));   // Thursday afternoon
}

TEST(HolidaysFile, MissingDaysArePrimeAllDayWithAWarning) {
  HolidaysLoad l = parseHolidays("YEAR 2026\nweekday 0800 1730\n", "f");
  EXPECT_EQ(diagText(l), "W f: no rule for sunday, saturday: prime time all day there\n");
  EXPECT_TRUE(l.holidays.isPrime(LocalTime{2026, 3, 7, 3, 0}));
}

TEST(HolidaysFile, ADayOfYearHolidayMayHaveANameStartingWithAMonth) {
  HolidaysLoad l = parseHolidays(
      "YEAR 2026\nweekday 0800 1730\nsaturday none all\nsunday none all\n121 May Day\n"
      "121 May 1 May Day\n",
      "f");
  ASSERT_TRUE(l.diagnostics.empty()) << diagText(l);
  ASSERT_EQ(l.holidays.holidays.size(), 2u);
  EXPECT_EQ(l.holidays.holidays[0].name, "May Day");
  EXPECT_EQ(l.holidays.holidays[1].name, "May Day");
  EXPECT_EQ(l.holidays.holidays[1].yday, 121);
}

TEST(HolidaysFile, PbsVersionLineAndCaseAreAccepted) {
  HolidaysLoad l = parseHolidays(
      "HOLIDAYFILE_VERSION1\nyear 2026\nWEEKDAY 0400 1130\nsaturday NONE ALL\nsunday none all\n"
      "# hash comments too\n  * indented comment\n",
      "f");
  EXPECT_TRUE(l.diagnostics.empty()) << diagText(l);
}

struct Case {
  const char* name;
  const char* text;
  const char* expected;  // the first diagnostic
};

TEST(HolidaysFile, MalformedLinesAreErrorsWithTheirLine) {
  const char* kDays = "weekday 0800 1700\nsaturday none all\nsunday none all\n";
  const Case kCases[] = {
      {"no year", "weekday 0800 1700\n1 Jan 1 x\n",
       "E f:2: no YEAR line: the holidays and their days of the year need one"},
      {"year twice", "YEAR 2026\nYEAR 2027\n", "E f:2: YEAR is already given at line 1"},
      {"year word", "YEAR next\n", "E f:1: YEAR needs one four-digit year"},
      {"year short", "YEAR 26\n", "E f:1: YEAR needs one four-digit year"},
      {"year old", "YEAR 1900\n", "E f:1: YEAR needs one four-digit year"},
      {"year extra", "YEAR 2026 2027\n", "E f:1: YEAR needs one four-digit year"},
      {"year missing", "YEAR\n", "E f:1: YEAR needs one four-digit year"},
      {"day twice", "YEAR 2026\nweekday 0800 1700\nweekday 0900 1700\n",
       "E f:3: weekday is already given at line 2"},
      {"day one value", "YEAR 2026\nweekday 0800\n",
       "E f:2: weekday needs two values, the prime and the non-prime start"},
      {"day three values", "YEAR 2026\nsunday none all all\n", "E f:2: sunday needs two values"},
      {"hour 24", "YEAR 2026\nweekday 2400 1700\n",
       "E f:2: weekday: <2400> is not a time HHMM (0000 to 2359), all or none"},
      {"minute 60", "YEAR 2026\nweekday 0800 1760\n", "E f:2: weekday: <1760> is not a time"},
      {"three digits", "YEAR 2026\nweekday 800 1700\n", "E f:2: weekday: <800> is not a time"},
      {"colon time", "YEAR 2026\nweekday 08:00 17:00\n", "E f:2: weekday: <08:00> is not a time"},
      {"word time", "YEAR 2026\nweekday always never\n", "E f:2: weekday: <always> is not a time"},
      {"yday zero", "YEAR 2026\n0 New\n", "E f:2: day of year <0> is not between 1 and 366"},
      {"yday big", "YEAR 2026\n400 x\n", "E f:2: day of year <400> is not between 1 and 366"},
      {"yday 366 in common year", "YEAR 2026\n366 Last\n",
       "E f:2: day of year 366 is past the end of 2026"},
      {"yday mismatch", "YEAR 2026\n358 Dec 25 Christmas\n",
       "E f:2: holiday: day of year 358 does not match its date, which is day 359 of 2026"},
      {"month without day", "YEAR 2026\nDec Christmas\n",
       "E f:2: holiday <Dec> needs a day of the month after it"},
      {"bad month day", "YEAR 2026\nFeb 30 Nothing\n",
       "E f:2: holiday: day 30 of month 2 is not a date in 2026"},
      {"bad iso", "YEAR 2026\n2026-02-30 x\n", "E f:2: <2026-02-30> is not a date"},
      {"unknown line", "YEAR 2026\nholiday Christmas\n",
       "E f:2: unknown line <holiday Christmas>; expected YEAR, a day line"},
      {"control", "YEAR 2026\nweekday 0800\x02 1700\n",
       "E f:2: line holds control characters (binary data?); ignored"},
  };
  for (const Case& c : kCases) {
    std::string text = std::string(c.text) + kDays;
    HolidaysLoad l = parseHolidays(text, "f");
    std::string got = diagText(l);
    EXPECT_EQ(got.substr(0, std::string(c.expected).size()), c.expected) << c.name << "\n" << got;
    EXPECT_GT(l.errors(), 0) << c.name;
  }
}

TEST(HolidaysFile, BinaryAndOverlongInputIsRefused) {
  HolidaysLoad nul = parseHolidays(std::string_view("YEAR 2026\n\0", 11), "f");
  EXPECT_EQ(diagText(nul), "E f:2: binary data (NUL byte) in file; file not read\n");
  std::string longLine = "YEAR 2026\n1 " + std::string(5000, 'x') + "\n";
  HolidaysLoad l = parseHolidays(longLine, "f");
  EXPECT_EQ(l.errors(), 1);
  EXPECT_NE(diagText(l).find("E f:2: line is longer than 4096 bytes"), std::string::npos);
  std::string many = "YEAR 2024\n";
  for (int i = 0; i < 1001; ++i) many += "2024-01-01 x\n";
  EXPECT_EQ(parseHolidays(many, "f").errors(), 1);
}

}  // namespace
}  // namespace openlim::policy
