// Host snapshot JSON (LSF's command reference): reading rules, malformed input, write/read round
// trip.
#include <gtest/gtest.h>

#include "config/derived_resources.h"
#include "config/diag.h"
#include "format/snapshot_json.h"
#include "test_support.h"

namespace openlim {
namespace {

ConfigPtr config() {
  auto c = testing::makeConfig();
  HostConfig h;
  h.name = "hostB";
  h.model = "Fast";
  h.thresholds["r1m"] = 2;
  c->hosts.push_back(h);
  return c;
}

const char* kSnapshot = R"({
  "cluster": "demo", "extra": [1, 2],
  "hosts": [
    {"name": "hostA", "status": "ok",
     "values": {"r15s": 0.5, "mem": 23552, "type": "LINUX86", "ncpus": 8, "cs": true,
                "osrel": "bookworm", "gpu_free": null, "nosuch": 3, "hname": "ignored"},
     "ages": {"gpu_free": 3.5}},
    {"name": "hostB", "status": "busy", "values": {"r1m": 5, "ncpus": 2, "fs": false}}
  ]})";

TEST(SnapshotJson, ReadsValuesByTypeAndFillsDerivedColumns) {
  ConfigPtr cfg = config();
  auto t = format::readSnapshotJson(kSnapshot, cfg);
  ASSERT_TRUE(t) << t.status().message();
  ASSERT_EQ(t->size(), 2u);
  EXPECT_EQ(t->names[1], "hostB");
  EXPECT_EQ(t->status[1], HostStatus::kBusy);
  EXPECT_DOUBLE_EQ(t->number(0, "mem"), 23552);
  EXPECT_TRUE(isUnknown(t->number(0, "gpu_free")));
  EXPECT_TRUE(isUnknown(t->number(1, "mem")));
  const Column& cs = t->columns[static_cast<size_t>(cfg->resourceIndex("cs"))];
  EXPECT_EQ(cs.booleans[0], 1);
  EXPECT_EQ(cs.booleans[1], 0);  // absent boolean: false, never unknown
  const Column& hname = t->columns[static_cast<size_t>(cfg->resourceIndex("hname"))];
  EXPECT_EQ(t->strings.get(hname.strings[0]), "hostA");
  const Column& status = t->columns[static_cast<size_t>(cfg->resourceIndex("status"))];
  EXPECT_EQ(t->strings.get(status.strings[1]), "busy");
  EXPECT_FLOAT_EQ(t->age(static_cast<size_t>(cfg->resourceIndex("gpu_free")), 0), 3.5f);
  EXPECT_DOUBLE_EQ(t->number(1, "cpuf"), 200);  // from hostB's configured model
  EXPECT_TRUE(isUnknown(t->number(0, "cpuf")));
  // hostB is busy: r1m effective 5/2 = 2.5 > threshold 2
  ASSERT_EQ(t->busyIndices[1].size(), 1u);
  EXPECT_EQ(t->busyIndices[1][0], cfg->resourceIndex("r1m"));
}

TEST(SnapshotJson, ConfiguredSiteAttributesFillWhatTheSnapshotLeavesOut) {
  auto c = testing::makeConfig();
  for (const char* n : {"hostA", "hostB"}) {
    HostConfig h;
    h.name = n;
    h.numbers["tokens"] = n[4] == 'A' ? 4 : 9;
    h.strings["osrel"] = "site";
    h.booleans.push_back("fs");
    h.siteAttributes = {"tokens", "osrel", "fs"};
    c->hosts.push_back(h);
  }
  c->hosts[1].siteAttributes.clear();  // the same values, from the Host section: not filled
  ResourceDef tokens = testing::numeric("tokens", Direction::kDecreasing);
  c->resources.push_back(tokens);
  c->buildIndexes();
  auto t = format::readSnapshotJson(kSnapshot, c);
  ASSERT_TRUE(t) << t.status().message();
  EXPECT_DOUBLE_EQ(t->number(0, "tokens"), 4);
  EXPECT_TRUE(isUnknown(t->number(1, "tokens")));
  const Column& osrel = t->columns[static_cast<size_t>(c->resourceIndex("osrel"))];
  EXPECT_EQ(t->strings.get(osrel.strings[0]), "bookworm");  // the snapshot's value wins
  const Column& fs = t->columns[static_cast<size_t>(c->resourceIndex("fs"))];
  EXPECT_EQ(fs.booleans[0], 1);
  EXPECT_EQ(fs.booleans[1], 0);
}

struct Bad {
  const char* json;
  const char* message;
};

TEST(SnapshotJson, RefusesMalformedInputWithAReason) {
  ConfigPtr cfg = config();
  const Bad cases[] = {
      {"{\"hosts\": [", "snapshot: "},
      {"[]", "snapshot: "},
      {"{}", "snapshot: missing \"hosts\" array"},
      {R"({"hosts": [{"status": "ok"}]})", "host #1: missing \"name\""},
      {R"({"hosts": [{"name": 5}]})", "host #1: \"name\" must be a string, not a number"},
      {R"({"hosts": [{"name": ""}]})", "host #1: \"name\" is empty"},
      {R"({"hosts": [{"name": "a"}, {"name": ""}]})", "host #2: \"name\" is empty"},
      {R"({"hosts": [{"name": "a", "status": 3}]})",
       "host a: \"status\" must be a string (ok, busy, lockU, lockW or unavail), not a number"},
      {R"({"hosts": [{"name": "a", "status": null}]})",
       "host a: \"status\" must be a string (ok, busy, lockU, lockW or unavail), not null"},
      {R"({"hosts": [{"name": "a", "status": "sleeping"}]})",
       "host a: unknown status \"sleeping\""},
      {R"({"hosts": [{"name": "a"}, {"name": "A"}]})", "host A: listed twice"},
      {R"({"hosts": [{"name": "a", "values": {"mem": "lots"}}]})",
       "host a: <mem> must be a number or null"},
      {R"({"hosts": [{"name": "a", "values": {"mem": true}}]})",
       "host a: <mem> must be a number or null"},
      {R"({"hosts": [{"name": "a", "values": {"cs": 1}}]})",
       "host a: <cs> must be true, false or null"},
      {R"({"hosts": [{"name": "a", "values": {"type": 86}}]})",
       "host a: <type> must be a string or null"},
  };
  for (const Bad& b : cases) {
    auto t = format::readSnapshotJson(b.json, cfg);
    ASSERT_FALSE(t) << b.json;
    EXPECT_EQ(t.status().message().rfind(b.message, 0), 0u) << t.status().message();
    EXPECT_EQ(t.status().message().find("status \"\""), std::string::npos);  // a type, named
  }
}

TEST(SnapshotJson, WriterOutputReadsBackToTheSameTable) {
  ConfigPtr cfg = config();
  auto t = format::readSnapshotJson(kSnapshot, cfg);
  ASSERT_TRUE(t);
  std::string text = format::writeSnapshotJson(*t, "demo", "hostA");
  EXPECT_NE(text.find("\"cluster\": \"demo\""), std::string::npos) << text;
  auto back = format::readSnapshotJson(text, cfg);
  ASSERT_TRUE(back) << back.status().message() << "\n" << text;
  ASSERT_EQ(back->size(), t->size());
  for (size_t r = 0; r < t->size(); ++r) {
    EXPECT_EQ(back->names[r], t->names[r]);
    EXPECT_EQ(back->status[r], t->status[r]);
    for (size_t c = 0; c < cfg->resources.size(); ++c) {
      const Column& a = t->columns[c];
      const Column& b = back->columns[c];
      if (a.type == ResourceType::kNumeric) {
        if (isUnknown(a.numbers[r])) {
          EXPECT_TRUE(isUnknown(b.numbers[r])) << cfg->resources[c].name;
        } else {
          EXPECT_DOUBLE_EQ(a.numbers[r], b.numbers[r]) << cfg->resources[c].name;
        }
      } else if (a.type == ResourceType::kBoolean) {
        EXPECT_EQ(a.booleans[r], b.booleans[r]);
      } else {
        EXPECT_EQ(a.strings[r] < 0, b.strings[r] < 0);
        if (a.strings[r] >= 0) {
          EXPECT_EQ(t->strings.get(a.strings[r]), back->strings.get(b.strings[r]));
        }
      }
    }
  }
}

// A live `lsload -json` snapshot carries each host's age, its averaged indices and the NLB
// values the lim collects: all replayable by `lsplace --from`.
TEST(SnapshotJson, ReadsAgeAveragesAndNlbValues) {
  auto c = testing::makeConfig();
  std::vector<Diagnostic> diags;
  config::DiagSink sink("lsf.shared", &diags);
  config::addDerivedResources(c.get(), sink);
  ASSERT_TRUE(diags.empty());
  const char* text = R"({"hosts": [
    {"name": "hostA", "status": "ok", "age": 12.5,
     "values": {"ut": 0.5, "A_ut": 0.25, "NLB_SYSCPU": 3.5, "NLB_A_SYSCPU": 2,
                "NLB_HARDWARE": "x86_64", "NLB_CLOCK": 400}},
    {"name": "hostB", "status": "ok", "values": {}}]})";
  auto t = format::readSnapshotJson(text, c);
  ASSERT_TRUE(t) << t.status().message();
  EXPECT_DOUBLE_EQ(t->reportedAt[0], -12.5);  // age 12.5 at now = 0
  EXPECT_TRUE(std::isnan(t->reportedAt[1]));
  EXPECT_DOUBLE_EQ(t->number(0, "A_ut"), 0.25);
  EXPECT_DOUBLE_EQ(t->number(0, "NLB_A_SYSCPU"), 2);
  EXPECT_DOUBLE_EQ(t->number(0, "NLB_SYSCPU"), 3.5);
  EXPECT_DOUBLE_EQ(t->number(0, "NLB_CLOCK"), 400);
  int hw = c->resourceIndex("NLB_HARDWARE");
  EXPECT_EQ(t->strings.get(t->columns[static_cast<size_t>(hw)].strings[0]), "x86_64");
  // The age goes back out with the rest.
  std::string out = format::writeSnapshotJson(*t, "demo", "hostA");
  EXPECT_NE(out.find("\"age\""), std::string::npos) << out;
  auto again = format::readSnapshotJson(out, c);
  ASSERT_TRUE(again);
  EXPECT_DOUBLE_EQ(again->reportedAt[0], -12.5);
}

TEST(SnapshotJson, RefusesABadAge) {
  auto c = testing::makeConfig();
  for (const char* age : {"-1", "\"old\"", "true", "[1]"}) {
    std::string text = std::string(R"({"hosts": [{"name": "hostA", "age": )") + age + "}]}";
    auto t = format::readSnapshotJson(text, c);
    ASSERT_FALSE(t) << age;
    EXPECT_NE(t.status().message().find("\"age\" must be a number of seconds"), std::string::npos)
        << t.status().message();
  }
}

}  // namespace
}  // namespace openlim
