// lsmon's screen model: what each row shows for a reply, a terminal size and the settings,
// and the diff that keeps unchanged rows from being redrawn.
#include "format/monitor_view.h"

#include <gtest/gtest.h>

#include "format/load_format.h"
#include "monitor_test_data.h"

namespace openlim::format {
namespace {

using testing::monitorSnapshot;

struct View {
  LoadSnapshot snap;
  ClusterInfo info;
  MonitorSettings settings;
  std::string clock = "Mon Jan  5 10:00:00 2026";
  std::string error;

  std::vector<std::string> lines(int rows, int cols, bool withSnap = true) {
    MonitorFrame f{withSnap ? &snap : nullptr, &info, &settings, clock, error};
    return monitorLines(f, {rows, cols});
  }
};

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> out;
  for (size_t at = 0; at < text.size();) {
    size_t end = text.find('\n', at);
    out.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

TEST(MonitorView, RowsAreTitleErrorLsloadTableAndKeyHelp) {
  View v{monitorSnapshot(5)};
  auto lines = v.lines(12, 200);
  ASSERT_EQ(lines.size(), 12u);
  EXPECT_NE(lines[0].find("cluster mon"), std::string::npos);
  EXPECT_NE(lines[0].find("master node0000"), std::string::npos);
  EXPECT_NE(lines[0].find("hosts 5"), std::string::npos);
  EXPECT_NE(lines[0].find("every 10s"), std::string::npos);
  EXPECT_NE(lines[0].find(v.clock), std::string::npos);
  EXPECT_EQ(lines[1], "");
  // Rows 2.. are lsload's own table for the same reply: header and one row per host.
  auto table = splitLines(formatLoad(v.snap, v.info, v.settings.load));
  ASSERT_EQ(table.size(), 6u);
  for (size_t i = 0; i < table.size(); ++i) EXPECT_EQ(lines[2 + i], table[i]) << i;
  for (size_t i = 8; i < 11; ++i) EXPECT_EQ(lines[i], "") << i;
  EXPECT_EQ(lines[11], keyHelp());
}

TEST(MonitorView, BusyValuesAreMarkedAsLsloadMarksThem) {
  View v{monitorSnapshot(5)};
  auto lines = v.lines(12, 200);
  // node0003 is busy on r1m: its row carries the '*' lsload puts before the value.
  EXPECT_EQ(lines[2 + 1 + 3].rfind("node0003", 0), 0u);
  EXPECT_NE(lines[2 + 1 + 3].find("*0.3"), std::string::npos);
  EXPECT_EQ(lines[2 + 1 + 2].find('*'), std::string::npos);
}

TEST(MonitorView, RunQueueModeChangesTheValuesAndTheTitle) {
  View v{monitorSnapshot(30)};
  v.settings.load.maxCpuFactor = 1;
  auto raw = v.lines(10, 200);
  v.settings.load.runQueues = RunQueueMode::kEffective;
  auto effective = v.lines(10, 200);
  EXPECT_NE(raw[0], effective[0]);
  EXPECT_NE(effective[0].find("run queues effective"), std::string::npos);
  // node0004's r1m is 0.4 raw; effective over its 4 CPUs 0.1: the row changed.
  ASSERT_EQ(raw[2 + 1 + 4].rfind("node0004", 0), 0u);
  EXPECT_NE(raw[2 + 1 + 4], effective[2 + 1 + 4]);
}

TEST(MonitorView, MoreHostsThanRowsEndsWithTheCountNotShown) {
  View v{monitorSnapshot(100)};
  auto lines = v.lines(10, 120);
  ASSERT_EQ(lines.size(), 10u);
  // Rows 3..7: five hosts; row 8 says how many more; row 9 the help.
  EXPECT_EQ(lines[7].rfind("node0004", 0), 0u);
  EXPECT_EQ(lines[8], "... 95 more host(s)");
  EXPECT_EQ(lines[9], keyHelp());
}

TEST(MonitorView, ExactlyFittingHostsNeedNoCountLine) {
  View v{monitorSnapshot(6)};
  auto lines = v.lines(10, 120);
  EXPECT_EQ(lines[8].rfind("node0005", 0), 0u);
}

TEST(MonitorView, LinesAreCutToTheTerminalWidth) {
  View v{monitorSnapshot(3)};
  for (int cols : {1, 7, 20, 79}) {
    auto lines = v.lines(8, cols);
    for (const auto& l : lines) EXPECT_LE(l.size(), static_cast<size_t>(cols)) << l;
    EXPECT_EQ(lines[3], v.lines(8, 300)[3].substr(0, cols));
  }
}

TEST(MonitorView, TinyTerminalsKeepTheTopRows) {
  View v{monitorSnapshot(3)};
  EXPECT_TRUE(v.lines(0, 80).empty());
  EXPECT_TRUE(v.lines(5, 0).empty());
  EXPECT_EQ(v.lines(1, 80).size(), 1u);
  EXPECT_EQ(v.lines(2, 80).size(), 2u);
  EXPECT_EQ(v.lines(3, 80).size(), 2u);  // no room for a table row and the help
  auto four = v.lines(4, 80);
  ASSERT_EQ(four.size(), 4u);
  EXPECT_EQ(four[2].rfind("HOST_NAME", 0), 0u);
  EXPECT_EQ(four[3], keyHelp());
  auto five = v.lines(5, 80);
  EXPECT_EQ(five[3], "... 3 more host(s)");
}

TEST(MonitorView, ErrorLineKeepsTheLastTable) {
  View v{monitorSnapshot(3)};
  auto before = v.lines(10, 120);
  v.error = "LIM is down; try later (retrying every 10s)";
  auto after = v.lines(10, 120);
  EXPECT_EQ(after[1], "lsmon: LIM is down; try later (retrying every 10s)");
  for (size_t i = 2; i < after.size(); ++i) EXPECT_EQ(after[i], before[i]) << i;
}

TEST(MonitorView, BeforeTheFirstReplyOnlyTitleAndHelp) {
  View v;
  auto lines = v.lines(6, 80, false);
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_EQ(lines[0].find("cluster"), std::string::npos);
  EXPECT_EQ(lines[2], "");
  EXPECT_EQ(lines[5], keyHelp());
}

TEST(MonitorView, TitleNeverCarriesTerminalEscapes) {
  View v{monitorSnapshot(1)};
  v.snap.cluster = "evil\x1b[2J";
  v.settings.resreq = "select[\x1b]]";
  auto lines = v.lines(6, 300);
  EXPECT_EQ(lines[0].find('\x1b'), std::string::npos);
}

TEST(MonitorDiff, OnlyChangedRowsAreRedrawn) {
  std::vector<std::string> a = {"t1", "", "h", "x", "y"};
  std::vector<std::string> b = {"t2", "", "h", "x", "z"};
  EXPECT_EQ(changedRows(a, b), (std::vector<int>{0, 4}));
  EXPECT_TRUE(changedRows(a, a).empty());
}

TEST(MonitorDiff, RowsThatGoAwayAreClearedAndNewRowsDrawn) {
  std::vector<std::string> a = {"t", "x", "y"};
  std::vector<std::string> b = {"t"};
  EXPECT_EQ(changedRows(a, b), (std::vector<int>{1, 2}));
  EXPECT_EQ(changedRows(b, a), (std::vector<int>{1, 2}));
  EXPECT_EQ(changedRows({}, b), (std::vector<int>{0}));
}

TEST(MonitorDiff, ARefreshWithTheSameLoadRedrawsOnlyTheClock) {
  View v{monitorSnapshot(500)};
  auto before = v.lines(40, 160);
  v.clock = "Mon Jan  5 10:00:10 2026";
  auto after = v.lines(40, 160);
  EXPECT_EQ(changedRows(before, after), (std::vector<int>{0}));
  // One host's load moved: its row and the clock, nothing else.
  v.snap.hosts[4].values[1] = Value::num(9.5);
  auto moved = v.lines(40, 160);
  EXPECT_EQ(changedRows(after, moved), (std::vector<int>{2 + 1 + 4}));
}

}  // namespace
}  // namespace openlim::format
