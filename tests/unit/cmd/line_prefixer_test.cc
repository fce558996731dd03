// lsgrun -p's line assembly: whole lines, each prefixed, never a partial one.
#include "line_prefixer.h"

#include <gtest/gtest.h>

namespace openlim::cmd {
namespace {

TEST(LinePrefixer, HoldsPartialLinesUntilTheirNewline) {
  LinePrefixer p("h1: ");
  EXPECT_EQ(p.feed("abc"), "");
  EXPECT_EQ(p.feed("def\nxy"), "h1: abcdef\n");
  EXPECT_EQ(p.feed("\n\nz1\nz2\n"), "h1: xy\nh1: \nh1: z1\nh1: z2\n");
  EXPECT_EQ(p.finish(), "");
}

TEST(LinePrefixer, FinishEndsTheLastLine) {
  LinePrefixer p("b: ");
  EXPECT_EQ(p.feed("one\ntwo"), "b: one\n");
  EXPECT_EQ(p.finish(), "b: two\n");
  EXPECT_EQ(p.finish(), "");
}

TEST(LinePrefixer, SplitsAnOverlongLineIntoBoundedPieces) {
  LinePrefixer p("h: ");
  std::string out;
  // Fed in odd-sized chunks, no newline: every piece is at most kMaxLine long.
  std::string chunk(1000, 'x');
  for (size_t fed = 0; fed < 3 * LinePrefixer::kMaxLine; fed += chunk.size()) out += p.feed(chunk);
  out += p.finish();
  size_t lines = 0, total = 0;
  for (size_t pos = 0; pos < out.size();) {
    size_t nl = out.find('\n', pos);
    ASSERT_NE(nl, std::string::npos);
    std::string line = out.substr(pos, nl - pos);
    ASSERT_EQ(line.rfind("h: ", 0), 0u);
    EXPECT_LE(line.size() - 3, LinePrefixer::kMaxLine);
    total += line.size() - 3;
    ++lines;
    pos = nl + 1;
  }
  EXPECT_EQ(total, 3 * LinePrefixer::kMaxLine +
                       (chunk.size() - (3 * LinePrefixer::kMaxLine) % chunk.size()) % chunk.size());
  EXPECT_GE(lines, 3u);
}

}  // namespace
}  // namespace openlim::cmd
