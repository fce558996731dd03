#include "core/settings.h"

#include <gtest/gtest.h>

#include <map>

namespace openlim::melim {
namespace {

EnvFn envOf(std::map<std::string, std::string> m) {
  return [m](const std::string& k) -> std::optional<std::string> {
    auto it = m.find(k);
    if (it == m.end()) return std::nullopt;
    return it->second;
  };
}

const NameSpec* find(const Settings& s, const std::string& n) {
  for (const auto& x : s.names)
    if (x.name == n) return &x;
  return nullptr;
}

TEST(Settings, NoConfigUsesLsfResourcesAsNumericExternals) {
  std::vector<std::string> w;
  Settings s = buildSettings(nullptr, envOf({{"LSF_RESOURCES", "licenses  nio"}}), w);
  ASSERT_NE(find(s, "licenses"), nullptr);
  EXPECT_EQ(find(s, "licenses")->kind, NameKind::kNumeric);
  EXPECT_DOUBLE_EQ(find(s, "licenses")->interval, 60);
  EXPECT_EQ(find(s, "tmp")->kind, NameKind::kBuiltin);
  for (const char* n : {"r1m", "it", "ls", "swp"}) EXPECT_EQ(find(s, n)->kind, NameKind::kBuiltin);
  for (const char* n : {"cpu", "idle", "login", "swap"})
    EXPECT_EQ(find(s, n)->kind, NameKind::kAlias);
  EXPECT_EQ(find(s, "status")->kind, NameKind::kNotOverridable);
  EXPECT_TRUE(w.empty());
}

TEST(Settings, ConfigThenEnvironmentOverrides) {
  ConfigSnapshot c;
  c.params.elimRestartInterval = 30;
  c.params.elimArgs = "-v -x";
  ResourceDef nio{.name = "nio", .type = ResourceType::kNumeric, .interval = 15, .dynamic = true};
  ResourceDef os{.name = "osrel", .type = ResourceType::kString, .interval = 0};
  ResourceDef fs{.name = "fs", .type = ResourceType::kBoolean};
  ResourceDef slots{.name = "slots", .type = ResourceType::kNumeric};
  slots.builtin = true;  // a static built-in, as lsf.shared's catalogue gives it
  c.resources = {nio, os, fs, slots};
  std::vector<std::string> w;
  Settings s = buildSettings(&c,
                             envOf({{"LSF_ELIM_BLOCKTIME", "1"},
                                    {"LSF_ELIM_RESTARTS", "abc"},
                                    {"LSF_RESOURCES", "nio"},
                                    {"ELIM_ABORT_VALUE", "42"}}),
                             w);
  EXPECT_DOUBLE_EQ(s.rules.restartInterval, 30);
  EXPECT_DOUBLE_EQ(s.blockTime, 1);
  EXPECT_EQ(s.rules.maxRestarts, -1);  // bad value ignored, reported
  EXPECT_EQ(w.size(), 1u);
  EXPECT_EQ(s.rules.abortValue, 42);
  EXPECT_EQ(s.elimArgs, (std::vector<std::string>{"-v", "-x"}));
  EXPECT_DOUBLE_EQ(find(s, "nio")->interval, 15);
  EXPECT_TRUE(find(s, "nio")->expected);
  EXPECT_EQ(find(s, "osrel")->kind, NameKind::kNotOverridable);  // static: not an elim's
  ASSERT_NE(find(s, "slots"), nullptr);  // static, but a scheduler's probe may report it
  EXPECT_EQ(find(s, "slots")->kind, NameKind::kBuiltin);
  EXPECT_EQ(find(s, "fs")->kind, NameKind::kBoolean);
}

TEST(Settings, WithoutLsfResourcesEveryDynamicExternalIsExpected) {
  ConfigSnapshot c;
  ResourceDef nio{.name = "nio", .type = ResourceType::kNumeric, .interval = 15, .dynamic = true};
  c.resources = {nio};
  std::vector<std::string> w;
  Settings s = buildSettings(&c, envOf({}), w);
  EXPECT_TRUE(find(s, "nio")->expected);
}

}  // namespace
}  // namespace openlim::melim
