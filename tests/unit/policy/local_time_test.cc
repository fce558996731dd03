// Civil date arithmetic against known calendar facts.
#include "policy/local_time.h"

#include <gtest/gtest.h>

namespace openlim::policy {
namespace {

TEST(LocalTime, DaysWeekdaysAndDaysOfYear) {
  EXPECT_EQ(daysFromCivil(1970, 1, 1), 0);
  EXPECT_EQ(daysFromCivil(1969, 12, 31), -1);
  EXPECT_EQ(daysFromCivil(2026, 3, 2), 20514);
  EXPECT_EQ(daysFromCivil(2000, 3, 1), 11017);
  EXPECT_EQ(weekday(1970, 1, 1), 4);  // Thursday
  EXPECT_EQ(weekday(1969, 12, 31), 3);
  EXPECT_EQ(weekday(2026, 3, 2), 1);    // Monday
  EXPECT_EQ(weekday(2026, 3, 7), 6);    // Saturday
  EXPECT_EQ(weekday(2026, 3, 8), 0);    // Sunday
  EXPECT_EQ(weekday(2026, 12, 25), 5);  // Friday
  EXPECT_EQ(dayOfYear(2026, 1, 1), 1);
  EXPECT_EQ(dayOfYear(2026, 12, 25), 359);
  EXPECT_EQ(dayOfYear(2024, 2, 29), 60);
  EXPECT_EQ(dayOfYear(2024, 12, 31), 366);
}

TEST(LocalTime, Validity) {
  EXPECT_TRUE(isValidDate(2024, 2, 29));
  EXPECT_FALSE(isValidDate(2026, 2, 29));
  EXPECT_FALSE(isValidDate(2100, 2, 29));
  EXPECT_TRUE(isValidDate(2000, 2, 29));
  EXPECT_FALSE(isValidDate(2026, 4, 31));
  EXPECT_FALSE(isValidDate(2026, 13, 1));
  EXPECT_FALSE(isValidDate(2026, 0, 1));
  EXPECT_FALSE(isValid(LocalTime{2026, 1, 1, 24, 0}));
  EXPECT_FALSE(isValid(LocalTime{2026, 1, 1, 0, 60}));
  EXPECT_TRUE(isValid(LocalTime{2026, 1, 1, 23, 59}));
}

TEST(LocalTime, MinuteStampsOrderTimes) {
  EXPECT_EQ(minuteStamp(LocalTime{1970, 1, 2, 0, 0}), 1440);
  EXPECT_LT(minuteStamp(LocalTime{2026, 12, 31, 23, 59}), minuteStamp(LocalTime{2027, 1, 1, 0, 0}));
  EXPECT_EQ(minuteStamp(LocalTime{2027, 1, 1, 0, 0}) - minuteStamp(LocalTime{2026, 12, 31, 23, 59}),
            1);
}

TEST(LocalTime, MonthNamesAndFormatting) {
  EXPECT_EQ(monthFromName("Jan"), 1);
  EXPECT_EQ(monthFromName("DEC"), 12);
  EXPECT_EQ(monthFromName("september"), 9);
  EXPECT_EQ(monthFromName("Ja"), 0);
  EXPECT_EQ(monthFromName("Janu"), 0);
  EXPECT_EQ(monthFromName("Foo"), 0);
  EXPECT_EQ(formatLocal(LocalTime{2026, 3, 7, 8, 5}), "03/07/2026 08:05");
  std::tm tm{};
  tm.tm_year = 126, tm.tm_mon = 2, tm.tm_mday = 7, tm.tm_hour = 8, tm.tm_min = 5;
  LocalTime t = fromTm(tm);
  EXPECT_EQ(formatLocal(t), "03/07/2026 08:05");
}

}  // namespace
}  // namespace openlim::policy
