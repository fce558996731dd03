// lsf.cluster HostGroup section: groups resolved once to hosts; nesting, exclusions, `all`;
// unknown members and cycles named at their line.
#include <gtest/gtest.h>

#include "config_fixture.h"

namespace openlim::testing {
namespace {

constexpr Severity kW = Severity::kWarning;
constexpr Severity kE = Severity::kError;

class HostGroupSection : public ::testing::Test {
 protected:
  // kCluster with hostC and hostD added, then `groups` appended.
  ConfigLoad load(const std::string& groups) {
    std::string c = kCluster;
    c.insert(c.find("End Host"),
             "hostC Generic LINUX86 1 () () ()\nhostD Generic LINUX86 1 () () ()\n");
    text_ = c + groups;
    dir_.write("lsf.shared", kShared);
    dir_.write("lsf.cluster.test", text_);
    return dir_.load();
  }
  int line(const std::string& marker) const { return lineOf(text_, marker); }
  static std::vector<std::string> hostsOf(const ConfigSnapshot& s, const std::string& g) {
    std::vector<std::string> out;
    const HostGroup* group = s.findHostGroup(g);
    if (!group) return {"<none>"};
    for (size_t h : group->hosts) out.push_back(s.hosts[h].name);
    return out;
  }
  ConfigDir dir_;
  std::string text_;
};

TEST_F(HostGroupSection, NestedGroupsExclusionsAndAllResolveToHosts) {
  auto l = load(R"(
Begin HostGroup
GROUP_NAME   GROUP_MEMBER
everything   (linux @others)
linux        (hostA hostb)
others       (all ~linux ~hostD)
one          hostC
End HostGroup
)");
  ASSERT_TRUE(l.snapshot) << dump(l);
  EXPECT_TRUE(l.diagnostics.empty()) << dump(l);
  const auto& s = *l.snapshot;
  ASSERT_EQ(s.hostGroups.size(), 4u);
  EXPECT_EQ(hostsOf(s, "linux"), (std::vector<std::string>{"hostA", "hostB"}));
  EXPECT_EQ(hostsOf(s, "others"), (std::vector<std::string>{"hostC"}));
  EXPECT_EQ(hostsOf(s, "everything"), (std::vector<std::string>{"hostA", "hostB", "hostC"}));
  EXPECT_EQ(hostsOf(s, "one"), (std::vector<std::string>{"hostC"}));
  EXPECT_EQ(s.findHostGroup("linux")->members, (std::vector<std::string>{"hostA", "hostb"}));
  EXPECT_EQ(s.findHostGroup("linux")->line, line("linux        (hostA"));
}

TEST_F(HostGroupSection, UnknownMembersAreWarnedAndIgnored) {
  auto l =
      load("Begin HostGroup\nGROUP_NAME GROUP_MEMBER\ng1 (hostA ghost @nogroup)\nEnd HostGroup\n");
  ASSERT_TRUE(l.snapshot) << dump(l);
  int at = line("g1 (hostA");
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", at, kW, "unknown host or host group <ghost>"), 1)
      << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", at, kW, "unknown host or host group <@nogroup>"), 1);
  EXPECT_EQ(hostsOf(*l.snapshot, "g1"), (std::vector<std::string>{"hostA"}));
}

TEST_F(HostGroupSection, ACycleIsAnErrorAtTheGroupThatClosesIt) {
  auto l = load(
      "Begin HostGroup\nGROUP_NAME GROUP_MEMBER\na (hostA b)\nb (hostB c)\nc (hostC a)\n"
      "self (hostD self)\nEnd HostGroup\n");
  EXPECT_FALSE(l.snapshot);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("c (hostC"), kE,
                      "host group <c> contains itself through <a>"),
            1)
      << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("self (hostD"), kE,
                      "host group <self> contains itself through <self>"),
            1)
      << dump(l);
  EXPECT_EQ(l.errors(), 2) << dump(l);
}

TEST_F(HostGroupSection, BadRowsAreWarnedAndIgnored) {
  auto l = load(
      "Begin HostGroup\nGROUP_NAME GROUP_MEMBER\nhostA (hostB)\nall (hostB)\ng (hostB)\n"
      "g (hostC)\nbad/name (hostB)\nEnd HostGroup\nBegin HostGroup\nNAME MEMBERS\nEnd HostGroup\n");
  ASSERT_TRUE(l.snapshot) << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("hostA (hostB)"), kW, "has the name of a host"),
            1)
      << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("all (hostB)"), kW, "bad host group name <all>"),
            1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("g (hostC)"), kW, "defined twice"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("bad/name"), kW, "bad host group name"), 1);
  EXPECT_EQ(countDiag(l, "lsf.cluster.test", line("Begin HostGroup\nNAME"), kW,
                      "needs the columns GROUP_NAME and GROUP_MEMBER"),
            1)
      << dump(l);
  EXPECT_EQ(hostsOf(*l.snapshot, "g"), (std::vector<std::string>{"hostB"}));
}

TEST_F(HostGroupSection, ADeepChainResolvesWithoutRecursion) {
  std::string rows = "Begin HostGroup\nGROUP_NAME GROUP_MEMBER\n";
  for (int i = 0; i < 3000; ++i)
    rows += "g" + std::to_string(i) + " (" + (i == 2999 ? "hostA" : "g" + std::to_string(i + 1)) +
            ")\n";
  auto l = load(rows + "End HostGroup\n");
  ASSERT_TRUE(l.snapshot) << dump(l);
  EXPECT_EQ(hostsOf(*l.snapshot, "g0"), (std::vector<std::string>{"hostA"}));
}

}  // namespace
}  // namespace openlim::testing
