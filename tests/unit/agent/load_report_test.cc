// What the agent's load report carries: built-ins with elim overrides, static facts,
// externals by type, the lock.
#include "agent/load_report.h"

#include <gtest/gtest.h>

#include <cmath>

#include "config/builtins.h"
#include "config/derived_resources.h"

namespace openlim::agent {
namespace {

ConfigPtr makeConfig() {
  auto c = std::make_shared<ConfigSnapshot>();
  c->resources = config::builtinResources();
  c->resources.push_back({.name = "nio", .type = ResourceType::kNumeric, .dynamic = true});
  c->resources.push_back({.name = "os", .type = ResourceType::kString, .dynamic = true});
  return c;
}

ExternalValue known(double v) {
  return {.known = true, .number = v, .text = std::to_string(v)};
}

const protocol::NumericValue* number(const protocol::LoadReport& r, const std::string& name) {
  for (const auto& v : r.numbers)
    if (v.name == name) return &v;
  return nullptr;
}

const protocol::StringValue* text(const protocol::LoadReport& r, const std::string& name) {
  for (const auto& v : r.strings)
    if (v.name == name) return &v;
  return nullptr;
}

ReportInputs inputs() {
  ReportInputs in{.host = "hostB", .checksum = "sum", .master = "hostA"};
  in.builtins.fill(1.0);
  in.statics = {{"ncpus", 4}, {"cpuf", 100}};
  in.type = "LINUX86";
  in.model = "Generic";
  return in;
}

TEST(LoadReport, CarriesTheBuiltinsInOrderThenTheStaticFacts) {
  ConfigPtr c = makeConfig();
  protocol::LoadReport r = buildLoadReport(inputs(), *c);
  EXPECT_EQ(r.host, "hostB");
  EXPECT_EQ(r.checksum, "sum");
  EXPECT_EQ(r.master, "hostA");
  EXPECT_EQ(r.flags, 0u);
  ASSERT_EQ(r.numbers.size(), kBuiltinNames.size() + 2);
  for (size_t i = 0; i < kBuiltinNames.size(); ++i) EXPECT_EQ(r.numbers[i].name, kBuiltinNames[i]);
  EXPECT_EQ(number(r, "ncpus")->value, 4);
  EXPECT_TRUE(std::isnan(number(r, "ncpus")->age));
  EXPECT_EQ(text(r, "type")->value, "LINUX86");
  EXPECT_EQ(text(r, "model")->value, "Generic");
}

TEST(LoadReport, AKnownElimValueOverridesABuiltinAndADashKeepsLimsOwn) {
  ConfigPtr c = makeConfig();
  ExternalVector ext{{"mem", known(123)}, {"ut", ExternalValue{}}};
  ReportInputs in = inputs();
  in.external = &ext;
  protocol::LoadReport r = buildLoadReport(in, *c);
  EXPECT_EQ(number(r, "mem")->value, 123);
  EXPECT_EQ(number(r, "ut")->value, 1.0);
  size_t mems = 0;
  for (const auto& v : r.numbers) mems += v.name == "mem";
  EXPECT_EQ(mems, 1u);  // folded in, not listed twice
}

TEST(LoadReport, ExternalsGoByTheirTypeWithAgesAndUnknownsMarked) {
  ConfigPtr c = makeConfig();
  ExternalVector ext{{"nio", known(7)},
                     {"os", {.known = true, .text = "rhel9"}},
                     {"undeclared", known(2)},
                     {"gone", ExternalValue{}}};
  ReportInputs in = inputs();
  in.external = &ext;
  in.ageOf = [](const std::string& name) { return name == "nio" ? 2.5 : 9.0; };
  protocol::LoadReport r = buildLoadReport(in, *c);
  EXPECT_EQ(number(r, "nio")->value, 7);
  EXPECT_FLOAT_EQ(number(r, "nio")->age, 2.5);  // each value its own age
  EXPECT_FLOAT_EQ(number(r, "undeclared")->age, 9);
  EXPECT_EQ(text(r, "os")->value, "rhel9");
  EXPECT_EQ(number(r, "undeclared")->value, 2);  // the master counts names it does not know
  EXPECT_TRUE(std::isnan(number(r, "gone")->value));
  EXPECT_TRUE(std::isnan(number(r, "gone")->age));  // an unknown value has no age
  ext["os"] = ExternalValue{};
  EXPECT_EQ(text(buildLoadReport(in, *c), "os")->value, "-");
  in.ageOf = [](const std::string&) { return -1.0; };  // a clock step: age 0, never negative
  EXPECT_EQ(number(buildLoadReport(in, *c), "nio")->age, 0);
}

TEST(LoadReport, AnExpectedResourceMelimDoesNotGiveIsSentAsUnknown) {
  // Left out, the master would keep the last value it had for ever.
  ConfigPtr c = makeConfig();
  ExternalVector ext{{"nio", known(7)}};
  ReportInputs in = inputs();
  in.external = &ext;
  in.expected = {"nio", "scratch"};
  protocol::LoadReport r = buildLoadReport(in, *c);
  ASSERT_NE(number(r, "scratch"), nullptr);
  EXPECT_TRUE(std::isnan(number(r, "scratch")->value));
  EXPECT_EQ(number(r, "nio")->value, 7);
}

TEST(LoadReport, ALockedHostSaysSoWithTheSecondsLeft) {
  ConfigPtr c = makeConfig();
  ReportInputs in = inputs();
  in.locked = true;
  in.lockSeconds = 30;
  protocol::LoadReport r = buildLoadReport(in, *c);
  EXPECT_TRUE(r.flags & protocol::kReportLocked);
  EXPECT_EQ(r.lockSeconds, 30u);
}

TEST(LoadReport, CarriesTheNlbValuesTheConfigurationKnows) {
  auto c = std::make_shared<ConfigSnapshot>();
  c->resources = config::builtinResources();
  for (auto& r : config::collectedNlbResources()) c->resources.push_back(r);
  c->buildIndexes();
  ReportInputs in = inputs();
  in.nlbNumbers = {{"NLB_SYSCPU", 12.5}, {"NLB_CLOCK", 400}, {"NLB_NOSUCH", 1}};
  in.nlbStrings = {{"NLB_HARDWARE", "x86_64"}, {"NLB_OSNAME", "Linux"}, {"NLB_RELEASE", ""}};
  auto r = buildLoadReport(in, *c);
  ASSERT_NE(number(r, "NLB_SYSCPU"), nullptr);
  EXPECT_EQ(number(r, "NLB_SYSCPU")->value, 12.5);
  EXPECT_TRUE(std::isnan(number(r, "NLB_SYSCPU")->age));  // the lim's own: no age
  EXPECT_EQ(number(r, "NLB_CLOCK")->value, 400);
  EXPECT_EQ(number(r, "NLB_NOSUCH"), nullptr);
  ASSERT_NE(text(r, "NLB_HARDWARE"), nullptr);
  EXPECT_EQ(text(r, "NLB_HARDWARE")->value, "x86_64");
  EXPECT_EQ(text(r, "NLB_RELEASE"), nullptr);  // unread: not sent
  // A configuration without them (an older one) sends none.
  auto plain = buildLoadReport(in, *makeConfig());
  EXPECT_EQ(number(plain, "NLB_SYSCPU"), nullptr);
  EXPECT_EQ(text(plain, "NLB_HARDWARE"), nullptr);
}

}  // namespace
}  // namespace openlim::agent
