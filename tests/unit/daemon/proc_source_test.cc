// ProcSource::readKept: a file read at every sample stays open and is read again from its
// start, and still follows a file that changes, grows, goes away or comes back.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "agent/proc_source.h"
#include "scratch_dir.h"

namespace openlim::agent {
namespace {

namespace fs = std::filesystem;

class ProcSourceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = openlim::testing::scratchDir("proc_source");
    fs::create_directories(root_ / "proc");
  }
  void TearDown() override { fs::remove_all(root_); }
  void write(const std::string& text) { std::ofstream(root_ / "proc/stat") << text; }
  // Descriptors this process has open.
  static size_t openFds() {
    size_t n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator("/proc/self/fd")) ++n;
    return n;
  }
  fs::path root_;
};

TEST_F(ProcSourceTest, KeptFileIsReadAgainFromItsStartAndFollowsRewrites) {
  write("cpu 1 2 3\n");
  ProcSource src(root_.string());
  auto first = src.readKept("/proc/stat");
  ASSERT_TRUE(first.isOk());
  EXPECT_EQ(*first, "cpu 1 2 3\n");
  const size_t fds = openFds();
  write("cpu 4 5\n");  // rewritten in place (truncated), as a sample of procfs changes
  auto second = src.readKept("/proc/stat");
  ASSERT_TRUE(second.isOk());
  EXPECT_EQ(*second, "cpu 4 5\n");
  EXPECT_EQ(openFds(), fds);  // no descriptor opened or left behind per read
}

TEST_F(ProcSourceTest, KeptFileGrowsPastItsBuffer) {
  write("x");
  ProcSource src(root_.string());
  ASSERT_TRUE(src.readKept("/proc/stat").isOk());
  const std::string big(100000, 'y');
  write(big);
  auto text = src.readKept("/proc/stat");
  ASSERT_TRUE(text.isOk());
  EXPECT_EQ(text->size(), big.size());
  EXPECT_EQ(*text, big);
}

TEST_F(ProcSourceTest, RemovedFileIsNotFoundAndReadAgainOnceBack) {
  write("old\n");
  ProcSource src(root_.string());
  ASSERT_TRUE(src.readKept("/proc/stat").isOk());
  fs::remove(root_ / "proc/stat");
  auto gone = src.readKept("/proc/stat");
  ASSERT_FALSE(gone.isOk());
  EXPECT_EQ(gone.status().code(), Code::kNotFound);
  write("new\n");
  auto back = src.readKept("/proc/stat");
  ASSERT_TRUE(back.isOk());
  EXPECT_EQ(*back, "new\n");
}

TEST_F(ProcSourceTest, RealProcfsFileReadsWholeEachTime) {
  ProcSource src("/");
  auto a = src.readKept("/proc/self/status");
  ASSERT_TRUE(a.isOk());
  const std::string first(*a);
  auto b = src.readKept("/proc/self/status");
  ASSERT_TRUE(b.isOk());
  EXPECT_NE(first.find("Name:"), std::string::npos);
  EXPECT_EQ(b->substr(0, 5), "Name:");  // from the start again, not where the last read ended
  EXPECT_EQ(b->back(), '\n');
}

// procfs and sysfs never replace what a path names while it is open: their kept files and
// directories are read again without asking; a fixture tree's are asked at every read.
TEST_F(ProcSourceTest, OnlyKeptFilesOfARealFilesystemAreCheckedForReplacement) {
  ProcSource real("/");
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(real.readKept("/proc/self/stat").isOk());
    ASSERT_FALSE(real.listKept("/proc").empty());
  }
  EXPECT_EQ(real.replacementChecks(), 0u);
  write("cpu 1\n");
  fs::create_directories(root_ / "sys/block/sda");
  ProcSource fixture(root_.string());
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(fixture.readKept("/proc/stat").isOk());
    ASSERT_FALSE(fixture.listKept("/sys/block").empty());
  }
  EXPECT_EQ(fixture.replacementChecks(), 4u);  // every read but each one's first (the open)
}

TEST_F(ProcSourceTest, KeptDirectoryIsListedAgainWithItsNewEntries) {
  fs::create_directories(root_ / "sys/block/sda");
  ProcSource src(root_.string());
  EXPECT_EQ(src.listKept("/sys/block"), std::vector<std::string>{"sda"});
  const size_t fds = openFds();
  fs::create_directories(root_ / "sys/block/sdb");
  auto names = src.listKept("/sys/block");
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"sda", "sdb"}));
  EXPECT_EQ(openFds(), fds);
  fs::remove_all(root_ / "sys/block");
  EXPECT_TRUE(src.listKept("/sys/block").empty());  // gone: nothing listed, no error
  fs::create_directories(root_ / "sys/block/vda");
  EXPECT_EQ(src.listKept("/sys/block"), std::vector<std::string>{"vda"});
}

}  // namespace
}  // namespace openlim::agent
