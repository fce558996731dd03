// jsonQuote escapes exactly the bytes JSON needs escaped, wherever they fall in the eight-byte
// words its fast path skips over, and writes valid UTF-8 whatever bytes it is given.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "format/json.h"

namespace openlim::format {
namespace {

// The byte-at-a-time rule, for ASCII text with at most one byte of 0x80 or more (which then
// starts no valid UTF-8 sequence and becomes U+FFFD).
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
    } else if (c >= 0x80) {
      out += "\xEF\xBF\xBD";
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

// An independent check of the output: decodes each sequence to its code point and checks
// the ranges (the writer uses a table of lead and second bytes).
bool validUtf8(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (len == 0 || i + len > s.size()) return false;
    uint32_t cp = len == 1 ? c : c & (0x7F >> len);
    for (size_t k = 1; k < len; ++k) {
      unsigned char d = static_cast<unsigned char>(s[i + k]);
      if ((d >> 6) != 2) return false;
      cp = (cp << 6) | (d & 0x3F);
    }
    uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < least[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += len;
  }
  return true;
}

TEST(JsonQuote, InvalidUtf8BecomesTheReplacementCharacter) {
  const std::string r = "\xEF\xBF\xBD";
  struct Case {
    std::string in, out;
  };
  for (const Case& c : std::vector<Case>{
           {"\x80", r},                                 // a stray continuation byte
           {"a\xC3", "a" + r},                          // cut short at the end
           {"\xC0\xAF", r + r},                         // overlong '/'
           {"\xE0\x80\xAF", r + r + r},                 // overlong, three bytes
           {"\xED\xA0\x80", r + r + r},                 // a surrogate
           {"\xF4\x90\x80\x80", r + r + r + r},         // past U+10FFFF
           {"\xFF\xFE", r + r},                         // never in UTF-8
           {"\xC3\xA9\xE2\x82", "\xC3\xA9" + r + r},    // a good one, then a cut one
           {"\xF0\x9F\x98\x80!", "\xF0\x9F\x98\x80!"},  // four bytes, kept
           {"\xEF\xBF\xBD", r},                         // U+FFFD itself, kept
       }) {
    EXPECT_EQ(jsonQuote(c.in), "\"" + c.out + "\"") << testing::PrintToString(c.in);
  }
}

// Whatever bytes come in (a request's, a config file's), the text is valid UTF-8 JSON that
// reads back; valid input comes back unchanged. Long strings so the sanitizers see the
// word-at-a-time path run over sequences that cross its eight-byte words.
TEST(JsonQuote, AnyBytesGiveValidJsonThatReadsBack) {
  uint32_t seed = 12345;
  auto next = [&] { return seed = seed * 1103515245 + 12345, (seed >> 16) & 0xFF; };
  for (int round = 0; round < 200; ++round) {
    std::string s(static_cast<size_t>(round) * 97 + 1, '\0');
    for (auto& ch : s) ch = static_cast<char>(round % 2 ? next() : (next() % 3 ? 'x' : next()));
    std::string quoted = jsonQuote(s);
    ASSERT_TRUE(validUtf8(quoted)) << "round " << round;
    auto back = parseJson(quoted);
    ASSERT_TRUE(back.isOk()) << back.status().message();
    ASSERT_TRUE(validUtf8(back->asString()));
    if (validUtf8(s)) {
      EXPECT_EQ(back->asString(), s);
    }
  }
  std::string big(1 << 20, 'a');
  for (size_t i = 0; i < big.size(); i += 4096) big.replace(i, 4, "\xE2\x82\xAC\xFF");
  auto back = parseJson(jsonQuote(big));
  ASSERT_TRUE(back.isOk());
  EXPECT_TRUE(validUtf8(back->asString()));
  EXPECT_EQ(back->asString().size(), big.size() + 2 * (big.size() / 4096));  // FF: 1 -> 3 bytes
}

}  // namespace
}  // namespace openlim::format
