// A host record's string values by slot (master/slot_strings.h): what was set is found by
// its slot, whatever order the slots came in, and setting a slot again replaces its value.
#include "master/slot_strings.h"

#include <gtest/gtest.h>

#include <string>

namespace openlim::master {
namespace {

TEST(SlotStrings, NothingIsFoundBeforeItIsSet) {
  SlotStrings s;
  EXPECT_EQ(s.find(0), nullptr);
  EXPECT_EQ(s.size(), 0u);
}

TEST(SlotStrings, EachSlotKeepsItsOwnValueInAnyOrderOfArrival) {
  SlotStrings s;
  s.set(7, "x86_64");
  s.set(2, "Linux");
  s.set(30, "6.1");
  s.set(5, "");
  ASSERT_NE(s.find(7), nullptr);
  EXPECT_EQ(*s.find(7), "x86_64");
  EXPECT_EQ(*s.find(2), "Linux");
  EXPECT_EQ(*s.find(30), "6.1");
  ASSERT_NE(s.find(5), nullptr);  // an empty value is a value
  EXPECT_EQ(*s.find(5), "");
  for (int absent : {0, 3, 6, 8, 31}) EXPECT_EQ(s.find(absent), nullptr) << absent;
  EXPECT_EQ(s.size(), 4u);
}

TEST(SlotStrings, SettingASlotAgainReplacesItsValue) {
  SlotStrings s;
  s.set(4, "a value longer than the short-string buffer");
  s.set(1, "one");
  s.set(4, "four");
  EXPECT_EQ(*s.find(4), "four");
  EXPECT_EQ(*s.find(1), "one");
  EXPECT_EQ(s.size(), 2u);
}

}  // namespace
}  // namespace openlim::master
