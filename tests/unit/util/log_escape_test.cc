// escapeForLog: what reaches a log from outside is printable ASCII, one line, bounded.
#include "util/log_escape.h"

#include <gtest/gtest.h>

namespace openlim {
namespace {

TEST(LogEscape, PrintableTextIsKept) {
  EXPECT_EQ(escapeForLog("3 nio 344.0 licenses 5"), "3 nio 344.0 licenses 5");
  EXPECT_EQ(escapeForLog(""), "");
}

TEST(LogEscape, ControlAndBinaryBytesAndTheBackslashAreEscaped) {
  EXPECT_EQ(escapeForLog("\x1b[31mred\x1b[0m"), "\\x1b[31mred\\x1b[0m");
  EXPECT_EQ(escapeForLog(std::string("a\0b\n\r\t\x7f\xff", 8)), "a\\x00b\\x0a\\x0d\\x09\\x7f\\xff");
  EXPECT_EQ(escapeForLog("C:\\x41"), "C:\\\\x41");  // cannot pass for an escape
}

TEST(LogEscape, LongInputIsClippedBeforeEscaping) {
  EXPECT_EQ(escapeForLog("abcdef", 3), "abc...");
  EXPECT_EQ(escapeForLog("abc", 3), "abc");
  EXPECT_EQ(escapeForLog("\x01\x02\x03\x04", 2), "\\x01\\x02...");
}

}  // namespace
}  // namespace openlim
