// lsmon -L's records (lim.acct's layout): header of index names, one line per host per refresh.
#include "format/load_acct.h"

#include <gtest/gtest.h>

#include "monitor_test_data.h"

namespace openlim::format {
namespace {

TEST(LoadAcct, DefaultIndicesAreLsloadsTenWithoutIo) {
  auto idx = acctIndices(LoadOptions{});
  EXPECT_EQ(acctHeader(idx), "r15s r1m r15m ut pg ls it tmp swp mem\n");
  LoadOptions o;
  o.indices = {"mem", "r1m"};
  EXPECT_EQ(acctHeader(acctIndices(o)), "mem r1m\n");
}

TEST(LoadAcct, OneLinePerHostWithTimeStatusAndRawValues) {
  LoadSnapshot snap = testing::monitorSnapshot(12);
  std::string rec = acctRecord(snap, {"r1m", "mem"}, 1700000000);
  std::vector<std::string> lines;
  for (size_t at = 0; at < rec.size();) {
    size_t end = rec.find('\n', at);
    lines.push_back(rec.substr(at, end - at));
    at = end + 1;
  }
  ASSERT_EQ(lines.size(), 12u);
  EXPECT_EQ(lines[0], "1700000000 node0000 ok 0 1000");
  EXPECT_EQ(lines[3], "1700000000 node0003 ok 0.3 1003");
  // An unavailable host's values are not current: recorded as unknown.
  EXPECT_EQ(lines[10], "1700000000 node0010 unavail - -");
}

TEST(LoadAcct, UnknownIndicesAndValuesAreDashes) {
  LoadSnapshot snap = testing::monitorSnapshot(1);
  snap.hosts[0].values[1] = Value::unknown();
  EXPECT_EQ(acctRecord(snap, {"r1m", "nosuch"}, 5), "5 node0000 ok - -\n");
}

TEST(LoadAcct, ANameCannotSplitOrGarbleARecord) {
  LoadSnapshot snap = testing::monitorSnapshot(1);
  snap.hosts[0].name = "bad name\n\x1b";
  snap.hosts[0].status = "";
  EXPECT_EQ(acctRecord(snap, {"r1m"}, 5), "5 bad_name__ - 0\n");
}

TEST(LoadAcct, EmptyReplyWritesNothing) {
  LoadSnapshot snap;
  EXPECT_EQ(acctRecord(snap, {"r1m"}, 5), "");
}

}  // namespace
}  // namespace openlim::format
