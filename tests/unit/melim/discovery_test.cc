#include "discovery.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>

namespace openlim::melim {
namespace {

TEST(Discovery, NameRules) {
  EXPECT_EQ(nameVerdict("elim"), "");
  EXPECT_EQ(nameVerdict("elim.nio"), "");
  EXPECT_EQ(nameVerdict("elim_backup"), "-");  // not an elim name at all
  EXPECT_EQ(nameVerdict("melim"), "-");
  EXPECT_NE(nameVerdict("elim.user"), "");
  for (const char* n : {"elim.nio~", "elim.nio.bak", "elim.nio.orig", "elim.nio.rpmsave",
                        "elim.nio.dpkg-old", "elim.nio.dpkg-dist", "elim.nio.swp"})
    EXPECT_EQ(nameVerdict(n), "editor or package leftover") << n;
}

TEST(Discovery, ScansExecutablesOnly) {
  char tmpl[] = "/tmp/melim-disc-XXXXXX";
  std::string dir = ::mkdtemp(tmpl);
  auto touch = [&](const std::string& n, mode_t mode) {
    std::ofstream(dir + "/" + n) << "#!/bin/sh\n";
    ::chmod((dir + "/" + n).c_str(), mode);
  };
  touch("elim.b", 0755);
  touch("elim.a", 0755);
  touch("elim.noexec", 0644);
  touch("elim.a~", 0755);
  touch("elim.user", 0755);
  touch("other", 0755);
  ::mkdir((dir + "/elim.dir").c_str(), 0755);
  ScanResult r = scanElimDir(dir);
  ASSERT_EQ(r.elims.size(), 2u);
  EXPECT_EQ(r.elims[0].name, "elim.a");
  EXPECT_EQ(r.elims[1].path, dir + "/elim.b");
  EXPECT_EQ(r.skipped.size(), 4u);
  EXPECT_TRUE(r.error.empty());
  EXPECT_FALSE(scanElimDir(dir + "/missing").error.empty());
  std::system(("rm -rf " + dir).c_str());
}

}  // namespace
}  // namespace openlim::melim
