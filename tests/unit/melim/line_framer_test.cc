#include "util/line_framer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace openlim {
namespace {

struct Collected {
  std::vector<std::string> lines;
  std::vector<std::string> overlong;
  auto sink() {
    return [this](FrameEvent e, std::string_view l) {
      (e == FrameEvent::kLine ? lines : overlong).emplace_back(l);
    };
  }
};

TEST(LineFramer, SplitsLinesAcrossFeeds) {
  LineFramer f(100);
  Collected c;
  f.feed("1 a 2\n2 b", c.sink());
  EXPECT_TRUE(f.midLine());
  EXPECT_EQ(f.pending(), "2 b");
  f.feed(" 3 c 4\n", c.sink());
  EXPECT_FALSE(f.midLine());
  EXPECT_EQ(c.lines, (std::vector<std::string>{"1 a 2", "2 b 3 c 4"}));
  EXPECT_EQ(f.newlines(), 2u);
}

TEST(LineFramer, EmptyLinesAreLines) {
  LineFramer f(10);
  Collected c;
  f.feed("\n\n", c.sink());
  EXPECT_EQ(c.lines.size(), 2u);
}

TEST(LineFramer, OverlongLineIsReportedOnceAndSkippedToNewline) {
  LineFramer f(8);
  Collected c;
  f.feed("0123456", c.sink());
  f.feed("789abc", c.sink());
  EXPECT_EQ(c.overlong.size(), 1u);
  EXPECT_TRUE(f.midLine());
  EXPECT_TRUE(f.pending().empty());  // nothing buffered while skipping
  f.feed(std::string(100000, 'x'), c.sink());
  f.feed("yy\nok\n", c.sink());
  EXPECT_EQ(c.overlong.size(), 1u);
  EXPECT_EQ(c.lines, (std::vector<std::string>{"ok"}));
  EXPECT_FALSE(f.midLine());
}

TEST(LineFramer, LineOfExactlyMaxIsAccepted) {
  LineFramer f(4);
  Collected c;
  f.feed("ab", c.sink());
  f.feed("cd\nabcde\n", c.sink());
  EXPECT_EQ(c.lines, (std::vector<std::string>{"abcd"}));
  EXPECT_EQ(c.overlong.size(), 1u);
}

TEST(LineFramer, ResetReportsAndForgetsPartial) {
  LineFramer f(10);
  Collected c;
  f.feed("abc", c.sink());
  EXPECT_TRUE(f.reset());
  EXPECT_FALSE(f.reset());
  f.feed("d\n", c.sink());
  EXPECT_EQ(c.lines, (std::vector<std::string>{"d"}));
}

}  // namespace
}  // namespace openlim
