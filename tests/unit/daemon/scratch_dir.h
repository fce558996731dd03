#pragma once
// A directory of its own for the running test (named by `prefix`, the process id and the
// test's name, so parallel runs never share one), emptied first; the test removes it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace openlim::testing {

inline std::filesystem::path scratchDir(const std::string& prefix) {
  namespace fs = std::filesystem;
  fs::path p =
      fs::temp_directory_path() / (prefix + "_" + std::to_string(::getpid()) + "_" +
                                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
  fs::remove_all(p);
  return p;
}

}  // namespace openlim::testing
