// The lsf.quotas reader: sets, rules, filters and limits, and every problem by file:line.
#include "quota/quotas_file.h"

#include <gtest/gtest.h>

#include "quota_fixture.h"

namespace openlim::quota {
namespace {

using testing::diagText;
using testing::load;

// The diagnostics of a load, one "E lsf.quotas:N: message" line each.
std::string only(const QuotasLoad& l) {
  return diagText(l.diagnostics);
}

TEST(QuotasFile, ReadsASetWithEveryAttribute) {
  auto l = load(R"(# per-user slots
{
   name         max_slots_per_user
   description  "each user at most 20 slots, 5 per CPU on the linux hosts"
   enabled      true
   limit        users {*} hosts {@lx_hosts} to slots=$num_proc*5
   limit        name total users {*} to slots=20, virtual_free=4G
}
)");
  ASSERT_EQ(l.errors(), 0) << diagText(l.diagnostics);
  EXPECT_TRUE(l.diagnostics.empty()) << diagText(l.diagnostics);
  ASSERT_EQ(l.config.sets.size(), 1u);
  const RuleSet& s = l.config.sets[0];
  EXPECT_EQ(s.name, "max_slots_per_user");
  EXPECT_EQ(s.description, "each user at most 20 slots, 5 per CPU on the linux hosts");
  EXPECT_EQ(s.enabled, Enabled::kTrue);
  EXPECT_EQ(s.line, 2);
  ASSERT_EQ(s.rules.size(), 2u);
  const Rule& r1 = s.rules[0];
  EXPECT_EQ(r1.label(), "1");
  EXPECT_EQ(r1.line, 6);
  EXPECT_TRUE(r1.filter(FilterKind::kUsers).expand);
  EXPECT_TRUE(r1.filter(FilterKind::kUsers).all);
  const Filter& hosts = r1.filter(FilterKind::kHosts);
  EXPECT_TRUE(hosts.expand);
  EXPECT_EQ(hosts.hostMember, (std::vector<bool>{true, true, false, false}));
  EXPECT_FALSE(hosts.othersMatch);
  ASSERT_EQ(r1.limits.size(), 1u);
  ASSERT_EQ(r1.limits[0].dynamic.size(), 1u);
  EXPECT_EQ(r1.limits[0].dynamic[0].resource, "ncpus");
  EXPECT_EQ(r1.limits[0].dynamic[0].weight, 5);
  const Rule& r2 = s.rules[1];
  EXPECT_EQ(r2.label(), "total");
  EXPECT_FALSE(r2.filter(FilterKind::kHosts).present);
  ASSERT_EQ(r2.limits.size(), 2u);
  EXPECT_EQ(r2.limits[0].value, 20);
  EXPECT_EQ(r2.limits[0].kind, LimitKind::kSlots);
  EXPECT_EQ(r2.limits[1].value, 4096);  // MB
  EXPECT_TRUE(r2.limits[1].memory);
  EXPECT_EQ(r2.limits[1].kind, LimitKind::kPerHost);
}

// A shared resource under a rule that names hosts is counted per host, so it may have a
// dynamic limit read from each host's values.
TEST(QuotasFile, ASharedResourceTakesAPerHostDynamicLimit) {
  auto l = load("{\nname lic\nlimit users {*} hosts {@sol_hosts} to compiler_lic=$ncpus*2-1\n}\n");
  ASSERT_EQ(l.errors(), 0) << diagText(l.diagnostics);
  EXPECT_TRUE(l.diagnostics.empty()) << diagText(l.diagnostics);  // no "never counted" warning
  const Limit& lim = l.config.sets[0].rules[0].limits[0];
  EXPECT_EQ(lim.kind, LimitKind::kShared);
  EXPECT_FALSE(lim.value);
  ASSERT_EQ(lim.dynamic.size(), 2u);
  EXPECT_EQ(lim.dynamic[0].resource, "ncpus");
  EXPECT_EQ(lim.dynamic[1].weight, -1);
}

// A site consumable has no unit of its own: a limit written with a size unit is read in MB
// and printed with units; a plain number stays in the resource's own unit.
TEST(QuotasFile, SizeUnitsOnASiteConsumableAreMegabytes) {
  auto l = load("{\nname sz\nlimit users {*} to scratch=3g\nlimit users * to scratch=700\n}\n");
  ASSERT_EQ(l.errors(), 0) << diagText(l.diagnostics);
  const Limit& sized = l.config.sets[0].rules[0].limits[0];
  EXPECT_EQ(sized.kind, LimitKind::kPerHost);
  EXPECT_EQ(sized.value, 3 * 1024);
  EXPECT_TRUE(sized.memory);
  const Limit& plain = l.config.sets[0].rules[1].limits[0];
  EXPECT_EQ(plain.value, 700);
  EXPECT_FALSE(plain.memory);
}

TEST(QuotasFile, StringAndBooleanResourcesTakeAValueToMatch) {
  auto l = load(
      "{\nname m\nlimit name os users @eng to osrel=sles-15.4\n"
      "limit users * to fs=TRUE, slots=4\nlimit users * to fs=0\n}\n");
  ASSERT_EQ(l.errors(), 0) << diagText(l.diagnostics);
  const auto& rules = l.config.sets[0].rules;
  EXPECT_EQ(rules[0].limits[0].kind, LimitKind::kString);
  EXPECT_EQ(rules[0].limits[0].match, "sles-15.4");
  EXPECT_FALSE(rules[0].limits[0].value);
  EXPECT_EQ(rules[1].limits[0].kind, LimitKind::kBoolean);
  EXPECT_EQ(rules[1].limits[0].match, "true");
  EXPECT_EQ(rules[1].limits[1].kind, LimitKind::kSlots);
  EXPECT_EQ(rules[2].limits[0].match, "false");
}

TEST(QuotasFile, EnabledTakesBooleansAndPeriods) {
  auto l = load(
      "{\nname a\nenabled FALSE\n}\n{\nname b\nenabled prime\n}\n"
      "{\nname c\nenabled non_prime\n}\n{\nname d\nenabled 1\n}\n");
  ASSERT_EQ(l.config.sets.size(), 4u);
  EXPECT_EQ(l.config.sets[0].enabled, Enabled::kFalse);
  EXPECT_EQ(l.config.sets[1].enabled, Enabled::kPrime);
  EXPECT_EQ(l.config.sets[2].enabled, Enabled::kNonPrime);
  EXPECT_EQ(l.config.sets[3].enabled, Enabled::kTrue);
  EXPECT_EQ(l.errors(), 0);  // sets without rules are only warned about
  EXPECT_EQ(l.warnings(), 4);
}

TEST(QuotasFile, FilterListsAndTheirForms) {
  auto l = load(R"({
name f
limit users roland, andre projects {p1,p2} pes !* queues * hosts @lx_hosts,!carc to slots=1
limit users @staff,!roland,roland projects !*,p3 to slots=2
limit users !bob to slots=3
}
)");
  ASSERT_EQ(l.errors(), 0) << diagText(l.diagnostics);
  const Rule& r = l.config.sets[0].rules[0];
  const Filter& u = r.filter(FilterKind::kUsers);
  EXPECT_FALSE(u.expand);
  EXPECT_EQ(u.names, (std::vector<std::string>{"roland", "andre"}));
  EXPECT_EQ(u.text, "roland,andre");
  EXPECT_TRUE(r.filter(FilterKind::kProjects).expand);
  EXPECT_TRUE(r.filter(FilterKind::kPes).noneGiven);
  EXPECT_FALSE(r.filter(FilterKind::kPes).all);
  EXPECT_TRUE(r.filter(FilterKind::kQueues).all);
  EXPECT_EQ(r.filter(FilterKind::kHosts).hostMember,
            (std::vector<bool>{true, false, false, false}));
  const Rule& r2 = l.config.sets[0].rules[1];
  EXPECT_EQ(r2.filter(FilterKind::kUsers).groups, (std::vector<std::string>{"staff"}));
  EXPECT_EQ(r2.filter(FilterKind::kUsers).groupMembers[0],
            (std::vector<std::string>{"roland", "alice", "bob"}));
  EXPECT_EQ(r2.filter(FilterKind::kUsers).excluded, (std::vector<std::string>{"roland"}));
  EXPECT_TRUE(r2.filter(FilterKind::kProjects).noneGiven);
  EXPECT_EQ(r2.filter(FilterKind::kProjects).names, (std::vector<std::string>{"p3"}));
  // Exclusions alone mean "everyone but".
  EXPECT_TRUE(l.config.sets[0].rules[2].filter(FilterKind::kUsers).all);
}

TEST(QuotasFile, ContinuationsAndCommentsInsideASet) {
  auto l = load("{\n  name c # the name\n  limit users {*} \\\n    to slots=4\n}\n");
  ASSERT_EQ(l.errors(), 0) << diagText(l.diagnostics);
  ASSERT_EQ(l.config.sets[0].rules.size(), 1u);
  EXPECT_EQ(l.config.sets[0].rules[0].line, 3);
}

TEST(QuotasFile, FullSixtyFourBitLimits) {
  auto l = load("{\nname big\nlimit users * to slots=9223372036854775807\n}\n");
  ASSERT_EQ(l.errors(), 0) << diagText(l.diagnostics);
  EXPECT_EQ(l.config.sets[0].rules[0].limits[0].value, INT64_MAX);
}

struct Bad {
  const char* text;
  const char* diag;
};

class QuotasFileProblems : public ::testing::TestWithParam<Bad> {};

TEST_P(QuotasFileProblems, NamedAtTheirLine) {
  auto l = load(GetParam().text);
  EXPECT_EQ(only(l), std::string(GetParam().diag) + "\n");
}

INSTANTIATE_TEST_SUITE_P(
    Each, QuotasFileProblems,
    ::testing::Values(
        Bad{"{\nname a\nlimit users * slots=2\n}\n",
            "E lsf.quotas:3: malformed rule: unexpected <slots=2> (want name, users, projects, "
            "pes, queues, hosts or to)"},
        Bad{"{\nname a\nlimit users *\n}\n",
            "E lsf.quotas:3: malformed rule: no `to`: a rule ends with `to resource=value`"},
        Bad{"{\nname a\nlimit users * to\n}\n",
            "E lsf.quotas:3: malformed rule: nothing after `to`: want resource=value"},
        Bad{"{\nname a\nlimit users to slots=1\n}\n",
            "E lsf.quotas:3: malformed rule: users has no list"},
        Bad{"{\nname a\nlimit users a users b to slots=1\n}\n",
            "E lsf.quotas:3: malformed rule: the rule names users twice"},
        Bad{"{\nname a\nlimit users {a,b to slots=1\n}\n",
            "E lsf.quotas:3: malformed rule: users: `{` is never closed"},
        Bad{"{\nname a\nlimit users a}b to slots=1\n}\n",
            "E lsf.quotas:3: users: braces must enclose the whole list in <a}b>"},
        Bad{"{\nname a\nlimit users a,,b to slots=1\n}\n",
            "E lsf.quotas:3: users: empty item in <a,,b>"},
        Bad{"{\nname a\nlimit users !* to slots=1\n}\n",
            "E lsf.quotas:3: users: `!*` is only for projects, pes and queues (it means none "
            "given)"},
        Bad{"{\nname a\nlimit projects @p to slots=1\n}\n",
            "E lsf.quotas:3: projects: groups (@) are only for users and hosts"},
        Bad{"{\nname a\nlimit users * to slots\n}\n",
            "E lsf.quotas:3: want resource=value, not <slots>"},
        Bad{"{\nname a\nlimit users * to gizmo=1\n}\n", "E lsf.quotas:3: unknown resource <gizmo>"},
        Bad{"{\nname a\nlimit users * to nio=1\n}\n",
            "E lsf.quotas:3: resource <nio> cannot be limited: a quota takes slots, a "
            "consumable numeric resource or a string or boolean one"},
        Bad{"{\nname a\nlimit hosts {*} to osrel=$ncpus\n}\n",
            "E lsf.quotas:3: limit <$ncpus> for <osrel> cannot be dynamic: a string or boolean "
            "resource takes a value"},
        Bad{"{\nname a\nlimit users * to fs=maybe\n}\n",
            "E lsf.quotas:3: bad limit <maybe> for boolean <fs> (want true or false)"},
        Bad{"{\nname a\nlimit users * to scratch=5Q\n}\n",
            "E lsf.quotas:3: bad limit <5Q>: unknown unit 'Q'; want K KB M MB G GB T TB P PB for "
            "<scratch>"},
        Bad{"{\nname a\nlimit users * to ut=5G\n}\n",
            "E lsf.quotas:3: bad limit <5G> (want a whole number >= 0) for <ut>"},
        Bad{"{\nname a\nlimit users * to compiler_lic=$ncpus\n}\n",
            "E lsf.quotas:3: dynamic limit <$ncpus> for <compiler_lic> needs the rule's hosts in "
            "braces (one limit per host)"},
        Bad{"{\nname a\nlimit users * to slots=-3\n}\n",
            "E lsf.quotas:3: negative limit <-3> for <slots>"},
        Bad{"{\nname a\nlimit users * to slots=many\n}\n",
            "E lsf.quotas:3: bad limit <many> (want a whole number >= 0) for <slots>"},
        Bad{"{\nname a\nlimit users * to slots=2.5\n}\n",
            "E lsf.quotas:3: bad limit <2.5> (want a whole number >= 0) for <slots>"},
        Bad{"{\nname a\nlimit users * to virtual_free=4Q\n}\n",
            "E lsf.quotas:3: bad limit <4Q>: unknown unit 'Q'; want K KB M MB G GB T TB P PB for "
            "<virtual_free>"},
        Bad{"{\nname a\nlimit users * to virtual_free=-1G\n}\n",
            "E lsf.quotas:3: negative limit <-1G> for <virtual_free>"},
        Bad{"{\nname a\nlimit users {*} to slots=$ncpus*5\n}\n",
            "E lsf.quotas:3: dynamic limit <$ncpus*5> for <slots> needs the rule's hosts in "
            "braces (one limit per host)"},
        Bad{"{\nname a\nlimit hosts @lx_hosts to slots=$ncpus*5\n}\n",
            "E lsf.quotas:3: dynamic limit <$ncpus*5> for <slots> needs the rule's hosts in "
            "braces (one limit per host)"},
        Bad{"{\nname a\nlimit hosts {*} to slots=$ncpus*x\n}\n",
            "E lsf.quotas:3: bad weight <x> in dynamic limit"},
        Bad{"{\nname a\nlimit hosts {*} to slots=$gizmo*2\n}\n",
            "E lsf.quotas:3: dynamic limit <$gizmo*2> reads <gizmo>, which is not a numeric "
            "resource"},
        Bad{"{\nname a\nlimit users * to slots=1,slots=2\n}\n",
            "E lsf.quotas:3: resource <slots> is limited twice in one rule"},
        Bad{"{\nname a\n}\n{\nname a\n}\n",
            "W lsf.quotas:1: rule set <a> has no rules\nW lsf.quotas:4: rule set <a> has no "
            "rules\nE lsf.quotas:5: duplicate rule set name <a>"},
        Bad{"{\nname a\nlimit name r users * to slots=1\nlimit name r users * to slots=2\n}\n",
            "E lsf.quotas:4: duplicate rule name <r>"},
        Bad{"{\nlimit users * to slots=1\n}\n", "E lsf.quotas:1: rule set has no name"},
        Bad{"{\nname 9lives\nname b\nlimit users * to slots=1\n}\n",
            "E lsf.quotas:2: bad rule set name <9lives> (want a letter, then letters, digits, "
            "'_' or '-')"},
        Bad{"{\nname a\nname b\nlimit users * to slots=1\n}\n",
            "E lsf.quotas:3: rule set gives name twice"},
        Bad{"{\nname a\nenabled maybe\nlimit users * to slots=1\n}\n",
            "E lsf.quotas:3: bad enabled <maybe> (want true, false, prime or non_prime)"},
        Bad{"{\nname a\nowner me\nlimit users * to slots=1\n}\n",
            "E lsf.quotas:3: unknown attribute <owner> (want name, description, enabled or "
            "limit)"},
        Bad{"name a\n",
            "E lsf.quotas:1: text outside a rule set (a set starts with `{` on its "
            "own line)"},
        Bad{"}\n", "E lsf.quotas:1: `}` closes no rule set"},
        Bad{"{\nname a\nlimit users * to slots=1\n", "E lsf.quotas:1: rule set has no closing `}`"},
        Bad{"{\nname a\nlimit users * to slots=1\n{\nname b\nlimit users * to slots=1\n}\n",
            "E lsf.quotas:1: rule set has no closing `}` before the next `{`"},
        Bad{"{\nname a\nlimit hosts @nowhere to slots=1\n}\n",
            "E lsf.quotas:3: unknown host group <@nowhere>"},
        Bad{"{\nname a\nlimit hosts {ghost} to slots=1\n}\n",
            "W lsf.quotas:3: unknown host <ghost> in hosts"},
        Bad{"{\nname a\nlimit users mallory to slots=1\n}\n",
            "W lsf.quotas:3: unknown user <mallory>"},
        Bad{"{\nname a\nlimit users @nogroup to slots=1\n}\n",
            "W lsf.quotas:3: unknown user group <@nogroup>"}));

TEST(QuotasFile, NulByteRefusesTheWholeFile) {
  std::string text("{\nname a\nlimit users a");
  text.push_back('\0');
  text += " to slots=1\n}\n";
  auto l = load(text);
  EXPECT_EQ(only(l), "E lsf.quotas:3: binary data (NUL byte) in file; file not read\n");
  EXPECT_TRUE(l.config.sets.empty());
}

TEST(QuotasFile, TooManySetsAreRefusedOnce) {
  std::string text;
  for (size_t i = 0; i <= kMaxRuleSets; ++i)
    text += "{\nname s" + std::to_string(i) + "\nlimit users * to slots=1\n}\n";
  auto l = load(text);
  EXPECT_EQ(l.config.sets.size(), kMaxRuleSets);
  EXPECT_EQ(l.errors(), 1);
}

TEST(QuotasFile, WithoutADirectoryUsersAreNotChecked) {
  ConfigSnapshot c = testing::cluster();
  auto l = loadQuotas("{\nname a\nlimit users mallory,@nogroup to slots=1\n}\n", "q", c, nullptr);
  EXPECT_TRUE(l.diagnostics.empty()) << diagText(l.diagnostics);
}

}  // namespace
}  // namespace openlim::quota

namespace openlim::quota {
namespace {

class CountingUsers : public testing::FakeUsers {
 public:
  mutable int asked = 0;
  std::optional<std::vector<std::string>> groupMembers(const std::string& g) const override {
    ++asked;
    return FakeUsers::groupMembers(g);
  }
};

TEST(QuotasFile, EachGroupIsAskedForOncePerLoad) {
  CountingUsers users;
  auto l = testing::load(
      "{\nname a\nlimit users @staff to slots=1\nlimit users !@staff,@eng to slots=2\n}\n"
      "{\nname b\nlimit users {@staff} to slots=3\n}\n",
      &users);
  ASSERT_EQ(l.errors(), 0) << testing::diagText(l.diagnostics);
  EXPECT_EQ(users.asked, 2);
}

TEST(QuotasFile, ABrokenFilterDoesNotCascadeIntoItsLimits) {
  auto l = testing::load("{\nname a\nlimit hosts {a,,b} to slots=$ncpus\n}\n");
  EXPECT_EQ(testing::diagText(l.diagnostics), "E lsf.quotas:3: hosts: empty item in <{a,,b}>\n");
}

}  // namespace
}  // namespace openlim::quota
