// The insensitivity band: which hosts are equal, and their round-robin over placements.
#include "placement/sort_band.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace openlim::placement {
namespace {

TEST(SortBand, PercentIsZeroToOneHundred) {
  EXPECT_EQ(*parseBandPercent("10"), 10);
  EXPECT_EQ(*parseBandPercent("0"), 0);
  EXPECT_EQ(*parseBandPercent("100"), 100);
  EXPECT_EQ(*parseBandPercent("2.5%"), 2.5);
  for (const char* bad : {"-1", "101", "x", "", "%", "10%%", "1e400"}) {
    auto r = parseBandPercent(bad);
    ASSERT_FALSE(r) << bad;
    EXPECT_NE(r.status().message().find("want a percentage 0-100"), std::string::npos);
  }
}

TEST(SortBand, WithinBandIsRelativeToTheBest) {
  EXPECT_TRUE(withinBand(100, 95, 5));
  EXPECT_FALSE(withinBand(100, 94.9, 5));
  EXPECT_TRUE(withinBand(-2, -2.05, 5));  // a smaller-is-better value sorted best first
  EXPECT_TRUE(withinBand(7, 7, 0));
  EXPECT_FALSE(withinBand(7, 6.99, 0));
  EXPECT_FALSE(withinBand(7, std::nan(""), 100));
}

// Ten placements: hosts within 5% of the best take turns by name; the fourth is never used.
TEST(SortBand, TheBandIsUsedRoundRobinOverTenPlacements) {
  std::vector<std::string> names = {"hostC", "hostA", "hostB", "hostD"};
  std::vector<double> values = {100, 98, 96, 80};
  BandCursors cursors;
  std::vector<std::string> got;
  for (int i = 0; i < 10; ++i) {
    BandPick p = pickInBand(values, names, 5, cursors.of("rated"));
    EXPECT_EQ(p.bandSize, 3u);
    got.push_back(names[p.index]);
  }
  EXPECT_EQ(got, (std::vector<std::string>{"hostA", "hostB", "hostC", "hostA", "hostB", "hostC",
                                           "hostA", "hostB", "hostC", "hostA"}));
}

// Each placement lowers the chosen host's value and the caller sorts again: the turn goes by
// name, so it still visits every member once per round.
TEST(SortBand, TheTurnSurvivesTheMembersChangingPlaces) {
  std::vector<std::pair<double, std::string>> hosts = {
      {100, "h1"}, {99, "h2"}, {98, "h3"}, {50, "h4"}};
  BandCursor cursor;
  std::vector<std::string> got;
  for (int i = 0; i < 6; ++i) {
    std::sort(hosts.begin(), hosts.end(), [](auto& a, auto& b) { return a.first > b.first; });
    std::vector<double> v;
    std::vector<std::string> n;
    for (auto& [value, name] : hosts) v.push_back(value), n.push_back(name);
    BandPick p = pickInBand(v, n, 10, cursor);
    got.push_back(n[p.index]);
    hosts[p.index].first -= 1.5;  // the rating drop
  }
  EXPECT_EQ(got, (std::vector<std::string>{"h1", "h2", "h3", "h1", "h2", "h3"}));
}

TEST(SortBand, ZeroPercentTakesOnlyTiesAndAnEmptyListGivesNothing) {
  std::vector<std::string> names = {"b", "a", "c"};
  std::vector<double> values = {5, 5, 4};
  BandCursor cursor;
  EXPECT_EQ(pickInBand(values, names, 0, cursor).bandSize, 2u);
  EXPECT_EQ(names[pickInBand(values, names, 0, cursor).index], "b");  // "a" was first
  EXPECT_EQ(pickInBand({}, {}, 10, cursor).bandSize, 0u);
}

TEST(SortBand, TheCandidatesNeedNoOrderAndUnknownValuesAreLeftOut) {
  std::vector<std::string> names = {"d", "c", "b", "a"};
  std::vector<double> values = {90, std::nan(""), 100, 50};
  BandCursor cursor;
  BandPick p = pickInBand(values, names, 10, cursor);
  EXPECT_EQ(p.bandSize, 2u);  // b (the best) and d
  EXPECT_EQ(names[p.index], "b");
  EXPECT_EQ(names[pickInBand(values, names, 10, cursor).index], "d");
  EXPECT_EQ(names[pickInBand(values, names, 10, cursor).index], "b");
  std::vector<double> unknown = {std::nan(""), std::nan("")};
  EXPECT_EQ(pickInBand(unknown, std::span(names).first(2), 10, cursor).bandSize, 0u);
}

TEST(SortBand, RowsOfATablePickAsTheirNamesWould) {
  std::vector<std::string> table = {"x", "d", "c", "b", "a"};  // row 0 is not a candidate
  std::vector<uint32_t> rows = {1, 2, 3, 4};
  std::vector<double> values = {90, std::nan(""), 100, 50};
  BandCursor byRow, byName;
  std::vector<std::string> names = {"d", "c", "b", "a"};
  for (int i = 0; i < 3; ++i) {
    BandPick r = pickInBandRows(values, rows, table, 10, byRow);
    BandPick n = pickInBand(values, names, 10, byName);
    EXPECT_EQ(r.index, n.index);
    EXPECT_EQ(r.bandSize, n.bandSize);
    EXPECT_EQ(byRow.last, byName.last);
  }
}

TEST(SortBand, CursorsAreKeptPerPolicyAndSurviveUntilThePolicyGoes) {
  BandCursors cursors;
  cursors.of("p1").last = "hostB";
  cursors.of("p2").last = "hostA";
  std::vector<std::string> live = {"p1", "p3"};
  cursors.retain(live);  // a reconfig that dropped p2
  EXPECT_EQ(cursors.size(), 1u);
  EXPECT_EQ(cursors.of("p1").last, "hostB");
}

}  // namespace
}  // namespace openlim::placement
