// jsonQuote escapes exactly the bytes JSON needs escaped, wherever they fall in the eight-byte
// words its fast path skips over.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "format/json.h"

namespace openlim::format {
namespace {

// The byte-at-a-time rule.
std::string reference(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"')
      out += "\\\"";
    else if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (c == '\r')
      out += "\\r";
    else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

TEST(JsonQuote, EveryByteAtEveryPositionOfTwoWords) {
  for (int c = 0; c < 256; ++c)
    for (size_t len = 1; len <= 19; ++len)
      for (size_t at = 0; at < len; ++at) {
        std::string s(len, 'a');
        s[at] = static_cast<char>(c);
        ASSERT_EQ(jsonQuote(s), reference(s)) << "byte " << c << " at " << at << " of " << len;
      }
}

TEST(JsonQuote, PlainTextAndUtf8PassThrough) {
  std::string s = "résumé \xe2\x82\xac and a long line of plain words for several words";
  EXPECT_EQ(jsonQuote(s), "\"" + s + "\"");
  EXPECT_EQ(jsonQuote(""), "\"\"");
  EXPECT_EQ(jsonQuote("line one\nline two\n"), "\"line one\\nline two\\n\"");
}

}  // namespace
}  // namespace openlim::format
