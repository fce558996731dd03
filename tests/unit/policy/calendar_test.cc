// The calendar and the policy choice under fixed times: prime/non-prime switches, weekends,
// holidays, dedicated window boundaries, and the policies allowed in each period.
#include "policy/calendar.h"

#include <gtest/gtest.h>

#include <string>

namespace openlim::policy {
namespace {

Calendar makeCalendar(const char* dedicated =
                          "03/04/2026 18:00 03/05/2026 06:00 benchmark\n"
                          "03/10/2026 12:00 03/10/2026 13:00\n") {
  HolidaysLoad h = parseHolidays(
      "YEAR 2026\nweekday 0800 1730\nsaturday none all\nsunday none all\n359 Dec 25 Xmas\n",
      "lsf.holidays");
  EXPECT_TRUE(h.diagnostics.empty());
  DedicatedLoad d = parseDedicated(dedicated, "lsf.dedicated");
  EXPECT_TRUE(d.diagnostics.empty());
  return Calendar(h.holidays, d.windows);
}

Period at(const Calendar& c, int month, int day, int hour, int minute) {
  return c.periodAt(LocalTime{2026, month, day, hour, minute}).period;
}

TEST(Calendar, NoFilesMeansPrimeAroundTheClock) {
  Calendar c;
  for (int hour : {0, 7, 8, 17, 23}) EXPECT_EQ(at(c, 3, 7, hour, 0), Period::kPrime);
  EXPECT_EQ(at(c, 12, 25, 12, 0), Period::kPrime);
}

TEST(Calendar, PrimeAndNonPrimeSwitchAtTheMinute) {
  Calendar c = makeCalendar();
  EXPECT_EQ(at(c, 3, 2, 7, 59), Period::kNonPrime);
  EXPECT_EQ(at(c, 3, 2, 8, 0), Period::kPrime);
  EXPECT_EQ(at(c, 3, 2, 17, 29), Period::kPrime);
  EXPECT_EQ(at(c, 3, 2, 17, 30), Period::kNonPrime);
  EXPECT_EQ(at(c, 3, 7, 12, 0), Period::kNonPrime);    // Saturday
  EXPECT_EQ(at(c, 3, 8, 12, 0), Period::kNonPrime);    // Sunday
  EXPECT_EQ(at(c, 12, 25, 12, 0), Period::kNonPrime);  // holiday on a Friday
  EXPECT_EQ(at(c, 12, 24, 12, 0), Period::kPrime);
}

TEST(Calendar, DedicatedWindowStartIsInsideAndEndIsOutside) {
  Calendar c = makeCalendar();
  EXPECT_EQ(at(c, 3, 4, 17, 59), Period::kNonPrime);
  PeriodInfo in = c.periodAt(LocalTime{2026, 3, 4, 18, 0});
  EXPECT_EQ(in.period, Period::kDedicated);
  EXPECT_EQ(in.policy, "benchmark");
  EXPECT_EQ(in.windowLine, 1);
  EXPECT_EQ(formatLocal(in.windowEnd), "03/05/2026 06:00");
  EXPECT_EQ(at(c, 3, 4, 23, 59), Period::kDedicated);  // across midnight
  EXPECT_EQ(at(c, 3, 5, 5, 59), Period::kDedicated);
  EXPECT_EQ(at(c, 3, 5, 6, 0), Period::kNonPrime);  // ends; 06:00 is before 08:00
  EXPECT_EQ(at(c, 3, 10, 11, 59), Period::kPrime);
  PeriodInfo noon = c.periodAt(LocalTime{2026, 3, 10, 12, 0});
  EXPECT_EQ(noon.period, Period::kDedicated);
  EXPECT_EQ(noon.policy, "");
  EXPECT_EQ(at(c, 3, 10, 13, 0), Period::kPrime);
}

TEST(Calendar, DedicatedTimeWinsOverHolidaysAndWeekends) {
  Calendar c = makeCalendar(
      "12/25/2026 00:00 12/26/2026 00:00\n03/07/2026 10:00 03/07/2026 "
      "11:00\n");
  EXPECT_EQ(at(c, 12, 25, 12, 0), Period::kDedicated);
  EXPECT_EQ(at(c, 3, 7, 10, 30), Period::kDedicated);
  EXPECT_EQ(at(c, 3, 7, 11, 0), Period::kNonPrime);
}

TEST(Calendar, InvalidTimeReadsAsPrime) {
  Calendar c = makeCalendar();
  EXPECT_EQ(c.periodAt(LocalTime{2026, 2, 30, 12, 0}).period, Period::kPrime);
}

PolicySet policies() {
  PoliciesLoad l = parsePolicies(
      "policy: day\nwhen: prime\npolicy: any\npolicy: night\nwhen: non_prime\n"
      "policy: benchmark\nwhen: dedicated\npolicy: maint\nwhen: dedicated\npolicy: solo\n"
      "when: prime\n",
      "lsf.policies");
  EXPECT_EQ(l.errors(), 0);
  return l.set;
}

std::string chosen(const PolicySet& s, const PeriodInfo& at, const char* name = "") {
  auto r = choosePolicy(s, at, name);
  return r ? (*r)->name : "ERROR " + r.status().message();
}

PeriodInfo period(Period p, const char* policy = "") {
  PeriodInfo i;
  i.period = p;
  i.policy = policy;
  i.windowEnd = LocalTime{2026, 3, 5, 6, 0};
  return i;
}

TEST(PolicyChoice, DefaultIsTheFirstPolicyAllowedInThePeriod) {
  PolicySet s = policies();
  EXPECT_EQ(chosen(s, period(Period::kPrime)), "day");
  EXPECT_EQ(chosen(s, period(Period::kNonPrime)), "any");
  EXPECT_EQ(chosen(s, period(Period::kDedicated)), "benchmark");
  EXPECT_EQ(chosen(s, period(Period::kDedicated, "MAINT")), "maint");
}

TEST(PolicyChoice, NamedPolicyOutsideItsPeriodIsRefusedClearly) {
  PolicySet s = policies();
  EXPECT_EQ(chosen(s, period(Period::kNonPrime), "NIGHT"), "night");
  EXPECT_EQ(chosen(s, period(Period::kPrime), "night"),
            "ERROR policy <night> is for non_prime time only; it is prime time now");
  EXPECT_EQ(chosen(s, period(Period::kPrime), "benchmark"),
            "ERROR policy <benchmark> is for dedicated time only; it is prime time now");
  EXPECT_EQ(chosen(s, period(Period::kDedicated), "any"),
            "ERROR policy <any> is for prime and non_prime time only; it is dedicated time "
            "now, until 03/05/2026 06:00");
  // Any dedicated policy may be named in a window, and the window's own policy always.
  EXPECT_EQ(chosen(s, period(Period::kDedicated, "benchmark"), "maint"), "maint");
  EXPECT_EQ(chosen(s, period(Period::kDedicated, "solo"), "solo"), "solo");
  auto r = choosePolicy(s, period(Period::kPrime), "night");
  EXPECT_EQ(r.status().code(), Code::kUnavailable);
}

TEST(PolicyChoice, UnknownNamesAndEmptySetsAreRefused) {
  PolicySet s = policies();
  EXPECT_EQ(chosen(s, period(Period::kPrime), "nosuch"), "ERROR unknown policy <nosuch>");
  EXPECT_EQ(choosePolicy(s, period(Period::kPrime), "nosuch").status().code(), Code::kNotFound);
  EXPECT_EQ(chosen(s, period(Period::kDedicated, "gone")),
            "ERROR the dedicated window names policy <gone>, which is not defined");
  EXPECT_EQ(chosen(PolicySet(), period(Period::kPrime)), "ERROR no policies are defined");
  PolicySet onlyDay = parsePolicies("policy: day\nwhen: prime\n", "p").set;
  EXPECT_EQ(chosen(onlyDay, period(Period::kNonPrime)),
            "ERROR no policy may be used now (it is non_prime time now; no policy has when: all "
            "or non_prime)");
  EXPECT_EQ(chosen(onlyDay, period(Period::kDedicated)),
            "ERROR no policy may be used now (it is dedicated time now, until 03/05/2026 06:00; "
            "no policy has when: dedicated)");
}

TEST(PolicyChoice, AllowedInTable) {
  EXPECT_TRUE(allowedIn(When::kAll, Period::kPrime));
  EXPECT_TRUE(allowedIn(When::kAll, Period::kNonPrime));
  EXPECT_FALSE(allowedIn(When::kAll, Period::kDedicated));
  EXPECT_TRUE(allowedIn(When::kPrime, Period::kPrime));
  EXPECT_FALSE(allowedIn(When::kPrime, Period::kNonPrime));
  EXPECT_TRUE(allowedIn(When::kNonPrime, Period::kNonPrime));
  EXPECT_TRUE(allowedIn(When::kDedicated, Period::kDedicated));
  EXPECT_FALSE(allowedIn(When::kDedicated, Period::kPrime));
}

}  // namespace
}  // namespace openlim::policy
