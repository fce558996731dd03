// lsf.shared: every malformed form is reported once, at its own line, with its severity.
#include <gtest/gtest.h>

#include "config_fixture.h"

namespace openlim::testing {
namespace {

constexpr Severity kW = Severity::kWarning;
constexpr Severity kE = Severity::kError;

// kShared with `resources` appended to its Resource section (before End Resource).
std::string sharedWith(const std::string& resources, const std::string& tail = "") {
  std::string s = kShared;
  s.insert(s.find("End Resource"), resources);
  return s + tail;
}

class LsfShared : public ::testing::Test {
 protected:
  ConfigLoad load(const std::string& shared) {
    text_ = shared;
    dir_.write("lsf.shared", shared);
    dir_.write("lsf.cluster.test", kCluster);
    return dir_.load();
  }
  int line(const std::string& marker) const { return lineOf(text_, marker); }
  ConfigDir dir_;
  std::string text_;
};

TEST_F(LsfShared, BaseFileIsClean) {
  auto l = load(kShared);
  EXPECT_TRUE(l.diagnostics.empty()) << dump(l);
  ASSERT_TRUE(l.snapshot);
  EXPECT_EQ(l.snapshot->clusterName, "test");
}

TEST_F(LsfShared, UnknownSectionIsAWarningAtItsBeginLine) {
  auto l = load(std::string(kShared) + "\nBegin RemoteClusters\nA\nb\nEnd RemoteClusters\n");
  EXPECT_ONLY_DIAG(l, "lsf.shared", line("Begin RemoteClusters"), kW, "unknown section");
  EXPECT_TRUE(l.snapshot);
}

TEST_F(LsfShared, UnknownColumnIsAWarningAtTheHeader) {
  std::string s = kShared;
  s.replace(s.find("ARCHITECTURE"), 12, "ARCHITECTURE  COLOUR");
  s.replace(s.find("(x86_64)"), 8, "(x86_64)  red");
  auto l = load(s);
  EXPECT_ONLY_DIAG(l, "lsf.shared", line("COLOUR"), kW, "unknown column <COLOUR>");
  EXPECT_DOUBLE_EQ(l.snapshot->findModel("Generic")->cpuFactor, 100);
}

TEST_F(LsfShared, EndMissingIsAnErrorAtBeginAndDoesNotCascade) {
  std::string s = kShared;
  s.erase(s.find("End HostModel"), 13);
  auto l = load(s);
  EXPECT_ONLY_DIAG(l, "lsf.shared", line("Begin HostModel"), kE, "Begin HostModel has no End");
  EXPECT_FALSE(l.snapshot);
  ASSERT_TRUE(l.draft);
  EXPECT_NE(l.draft->findModel("Generic"), nullptr);
  EXPECT_NE(l.draft->findResource("nio"), nullptr);
}

TEST_F(LsfShared, RowWithWrongValueCountIsIgnoredAndReferencesStaySilent) {
  // nio loses its INCREASING value; the ResourceMap in kCluster does not map it, so map it.
  std::string s = kShared;
  s.replace(s.find("nio           Numeric  15        Y"), 34, "nio           Numeric  15");
  auto l = load(s);
  EXPECT_ONLY_DIAG(l, "lsf.shared", line("nio "), kW, "row has 4 values but the header has 5");
  EXPECT_EQ(l.snapshot->findResource("nio"), nullptr);
}

TEST_F(LsfShared, BadNumbersAreWarningsNamingTheValue) {
  std::string s = sharedWith("bad_iv   Numeric  0x10  N  ()\nzero_iv  Numeric  0  N  ()\n");
  s.replace(s.find("Generic    100"), 14, "Generic    fast");
  auto l = load(s);
  EXPECT_EQ(countDiag(l, "lsf.shared", line("bad_iv"), kW, "bad INTERVAL <0x10>"), 1) << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.shared", line("zero_iv"), kW, "bad INTERVAL <0>"), 1);
  EXPECT_EQ(countDiag(l, "lsf.shared", line("Generic    fast"), kW, "bad CPUFACTOR <fast>"), 1);
  // hostA names model Generic, which was rejected: that is not reported a second time.
  EXPECT_EQ(l.diagnostics.size(), 3u) << dump(l);
  EXPECT_FALSE(l.snapshot->findResource("bad_iv")->dynamic);
}

TEST_F(LsfShared, DuplicateResourceModelAndTypeAreIgnoredAtTheSecondLine) {
  std::string s = sharedWith("nio  Numeric  15  N  (again)\n");
  s.insert(s.find("End HostModel"), "Generic    50         ()\n");
  s.insert(s.find("End HostType"), "LINUX86\n");
  auto l = load(s);
  EXPECT_EQ(
      countDiag(l, "lsf.shared", line("nio  Numeric  15  N  (again)"), kW,
                "duplicate resource <nio> (first at line " + std::to_string(line("nio ")) + ")"),
      1)
      << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.shared", line("Generic    50"), kW, "duplicate host model"), 1);
  EXPECT_EQ(countDiag(l, "lsf.shared", line("LINUX86\nEnd HostType"), kW, "duplicate host type"), 1)
      << dump(l);
  EXPECT_EQ(l.diagnostics.size(), 3u);
  EXPECT_EQ(l.snapshot->findResource("nio")->direction, Direction::kIncreasing);
}

TEST_F(LsfShared, IllegalNamesAreIgnored) {
  auto l =
      load(sharedWith("9lives  Boolean () () ()\nmy-res  Boolean () () ()\n"
                      "a.b  Boolean () () ()\nswap  Boolean () () ()\n"
                      "inf  Boolean () () ()\nok_1  Boolean () () ()\n"));
  EXPECT_EQ(countDiag(l, "lsf.shared", line("9lives"), kW, "<9lives> begins with a digit"), 1)
      << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.shared", line("my-res"), kW, "forbidden character '-'"), 1);
  EXPECT_EQ(countDiag(l, "lsf.shared", line("a.b"), kW, "forbidden character '.'"), 1);
  EXPECT_EQ(countDiag(l, "lsf.shared", line("swap "), kW, "reserved"), 1);
  EXPECT_EQ(countDiag(l, "lsf.shared", line("inf "), kW, "reads as a number"), 1);
  EXPECT_EQ(l.diagnostics.size(), 5u);
  EXPECT_NE(l.snapshot->findResource("ok_1"), nullptr);
}

TEST_F(LsfShared, RedefinedBuiltinWithAnotherTypeIsIgnored) {
  auto l =
      load(sharedWith("mem  String  ()  ()  ()\nr1m  Numeric  15  N  ()\n"
                      "r15s  Numeric  15  Y  (same as built-in: accepted)\n"));
  EXPECT_EQ(countDiag(l, "lsf.shared", line("mem  String"), kW, "redefines a built-in"), 1)
      << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.shared", line("r1m  Numeric"), kW, "redefines a built-in"), 1);
  EXPECT_EQ(l.diagnostics.size(), 2u);
  const ResourceDef* mem = l.snapshot->findResource("mem");
  EXPECT_EQ(mem->type, ResourceType::kNumeric);
  EXPECT_TRUE(mem->builtin);
  EXPECT_EQ(l.snapshot->resourceIndex("r15s"), 0);
}

TEST_F(LsfShared, TypeAndIncreasingProblems) {
  auto l =
      load(sharedWith("t1  Integer  ()  N  ()\nt2  Numeric  ()  ()  ()\n"
                      "t3  Numeric  ()  maybe  ()\nt4  String  ()  Y  ()\n"));
  EXPECT_EQ(countDiag(l, "lsf.shared", line("t1 "), kW, "bad TYPE <Integer>"), 1) << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.shared", line("t2 "), kW, "has no INCREASING"), 1);
  EXPECT_EQ(countDiag(l, "lsf.shared", line("t3 "), kW, "bad INCREASING <maybe>"), 1);
  EXPECT_EQ(countDiag(l, "lsf.shared", line("t4 "), kW, "INCREASING is meaningless"), 1);
  EXPECT_EQ(l.diagnostics.size(), 4u);
  EXPECT_NE(l.snapshot->findResource("t4"), nullptr);
}

TEST_F(LsfShared, NoClusterNameIsAnError) {
  std::string s = kShared;
  s.replace(s.find("test\nEnd Cluster"), 4, "");
  auto l = load(s);
  EXPECT_ONLY_DIAG(l, "lsf.shared", 0, kE, "no ClusterName");
  EXPECT_FALSE(l.snapshot);
}

TEST_F(LsfShared, BinaryGarbageIsAnError) {
  std::string garbage = "Begin Cluster\n";
  for (int i = 0; i < 4096; ++i) garbage.push_back(static_cast<char>((i * 7919) % 256));
  auto l = load(garbage);
  EXPECT_EQ(countDiag(l, "lsf.shared", 2, kE, "binary data"), 1) << dump(l);
  EXPECT_FALSE(l.snapshot);
}

TEST_F(LsfShared, ResourcesAreBuiltinsFirstThenFileOrder) {
  auto l = load(kShared);
  const auto& r = l.snapshot->resources;
  const char* order[] = {
      "r15s",     "r1m",     "r15m",   "ut",       "pg",     "io",     "ls",     "it",     "tmp",
      "swp",      "mem",     "type",   "model",    "hname",  "status", "cpuf",   "ncpus",  "ncores",
      "nthreads", "nprocs",  "ndisks", "maxmem",   "maxswp", "maxtmp", "server", "rexpri", "slots",
      "maxslots", "usr_tmp", "nio",    "licenses", "fluent", "cs",     "osrel"};
  // Then the derived resources openlim adds (NLB values, averaged indices), and only them.
  ASSERT_GT(r.size(), std::size(order));
  for (size_t i = 0; i < std::size(order); ++i) EXPECT_EQ(r[i].name, order[i]);
  for (size_t i = 0; i < r.size(); ++i) EXPECT_EQ(r[i].derived, i >= std::size(order)) << i;
  for (size_t i = 0; i < 11; ++i) EXPECT_TRUE(r[i].builtinIndex && r[i].dynamic);
  EXPECT_FALSE(r[11].builtinIndex);
  EXPECT_TRUE(r[10].memoryLike);                      // mem
  EXPECT_TRUE(r[21].memoryLike);                      // maxmem
  EXPECT_FALSE(r[3].memoryLike);                      // ut
  EXPECT_EQ(r[7].direction, Direction::kDecreasing);  // it
  EXPECT_EQ(r[25].direction, Direction::kNone);       // rexpri
  EXPECT_TRUE(r[29].dynamic);                         // nio
  EXPECT_EQ(r[29].interval, 15);
  EXPECT_FALSE(r[31].dynamic);                   // fluent
  EXPECT_EQ(r[33].type, ResourceType::kString);  // osrel
  EXPECT_EQ(r[28].line, lineOf(kShared, "usr_tmp"));
}

}  // namespace
}  // namespace openlim::testing
