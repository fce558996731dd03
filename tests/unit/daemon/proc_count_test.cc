// ProcSource::countNumericKept: NLB_NUMPROC's count of /proc's processes from getdents64 into a
// kept buffer, on a fixture tree (listed whole each time) and on the real /proc (from where
// the processes begin, after the first listing).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "agent/proc_source.h"
#include "load/procfs/nlb_host.h"
#include "scratch_dir.h"

namespace openlim::agent {
namespace {

namespace fs = std::filesystem;

class ProcCountTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = openlim::testing::scratchDir("proc_count");
    fs::create_directories(root_ / "proc");
  }
  void TearDown() override { fs::remove_all(root_); }
  void entry(const std::string& name) { fs::create_directories(root_ / "proc" / name); }
  fs::path root_;
};

TEST_F(ProcCountTest, AFixtureTreeCountsItsNumericEntriesEachTimeAfresh) {
  for (const char* n : {"1", "22", "self", "cpuinfo", "4x"}) entry(n);
  ProcSource src(root_.string());
  EXPECT_EQ(src.countNumericKept("/proc"), 2);
  entry("333");  // a real filesystem lists in no fixed order: always whole
  fs::remove_all(root_ / "proc/1");
  entry("4444");
  EXPECT_EQ(src.countNumericKept("/proc"), 3);
  EXPECT_EQ(src.entriesCounted(), 7u + 8u);  // two whole listings, "." and ".." included
}

TEST_F(ProcCountTest, AMissingDirectoryHasNoCount) {
  ProcSource src(root_.string());
  EXPECT_FALSE(src.countNumericKept("/nowhere").has_value());
  EXPECT_EQ(src.countNumericKept("/proc"), 0);
}

// The count equals readdir's count of numeric names taken just before and just after it (a
// task that came or went between them makes the try again), and a second count reads only
// from where the processes begin: fewer entries than the whole of /proc.
TEST(ProcCountReal, TheRealProcCountsAsReaddirDoesAndSkipsItsOwnFilesAfterTheFirstListing) {
  ProcSource src("/");
  ASSERT_TRUE(src.countNumericKept("/proc").has_value());
  const uint64_t whole = src.entriesCounted();
  bool agreed = false;
  for (int attempt = 0; attempt < 50 && !agreed; ++attempt) {
    const int before = procfs::countProcesses(src.list("/proc"));
    const uint64_t read = src.entriesCounted();
    const auto n = src.countNumericKept("/proc");
    ASSERT_TRUE(n.has_value());
    const int after = procfs::countProcesses(src.list("/proc"));
    if (before != after) continue;
    agreed = true;
    EXPECT_EQ(*n, before);
    EXPECT_EQ(src.entriesCounted() - read, static_cast<uint64_t>(*n) + 1);  // + "thread-self"
    EXPECT_LT(src.entriesCounted() - read, whole);
  }
  EXPECT_TRUE(agreed) << "/proc never held still across one count";
}

}  // namespace
}  // namespace openlim::agent
