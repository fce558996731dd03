#pragma once
// Test helpers: a temporary LSF_ENVDIR with files, and diagnostic matchers.

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "openlim/config.h"

namespace openlim::testing {

// A fresh directory holding lsf.conf (LSF_CONFDIR=.) and whatever files a test writes.
class ConfigDir {
 public:
  ConfigDir() {
    char tmpl[] = "/tmp/openlim_config_XXXXXX";
    dir_ = mkdtemp(tmpl);
    write("lsf.conf", "LSF_CONFDIR=.\n");
  }
  ~ConfigDir() { std::filesystem::remove_all(dir_); }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ + "/" + name, std::ios::binary) << text;
  }
  const std::string& dir() const { return dir_; }
  std::string path(const std::string& name) const { return dir_ + "/" + name; }
  ConfigLoad load(std::map<std::string, std::string> env = {}) const {
    return loadConfig(dir_, [env](const std::string& k) -> std::optional<std::string> {
      auto it = env.find(k);
      if (it == env.end()) return std::nullopt;
      return it->second;
    });
  }

 private:
  std::string dir_;
};

inline const char* kShared = R"(Begin Cluster
ClusterName
test
End Cluster

Begin HostType
TYPENAME
LINUX86
End HostType

Begin HostModel
MODELNAME  CPUFACTOR  ARCHITECTURE
Generic    100        (x86_64)
End HostModel

Begin Resource
RESOURCENAME  TYPE     INTERVAL  INCREASING  DESCRIPTION
usr_tmp       Numeric  30        N           (Space in /usr/tmp)
nio           Numeric  15        Y           (Network I/O)
licenses      Numeric  60        N           (Licenses)
fluent        Numeric  ()        N           (Fluent tokens)
cs            Boolean  ()        ()          (Compute server)
osrel         String   ()        ()          (OS release)
End Resource
)";

inline const char* kCluster = R"(Begin Host
HOSTNAME  model    type     server  r1m  ut   RESOURCES
hostA     Generic  LINUX86  1       3.5  90%  (cs osrel=bookworm)
hostB     !        !        1       ()   ()   ()
End Host

Begin ResourceMap
RESOURCENAME  LOCATION
usr_tmp       [default]
licenses      [all]
End ResourceMap
)";

// Counts diagnostics whose file ends with `file`, on `line`, of `sev`, holding `text`.
inline int countDiag(const ConfigLoad& l, const std::string& file, int line, Severity sev,
                     const std::string& text) {
  int n = 0;
  for (const auto& d : l.diagnostics) {
    bool fileOk = d.file.size() >= file.size() &&
                  d.file.compare(d.file.size() - file.size(), file.size(), file) == 0;
    if (fileOk && d.line == line && d.severity == sev && d.message.find(text) != std::string::npos)
      ++n;
  }
  return n;
}

inline std::string dump(const ConfigLoad& l) {
  std::string s;
  for (const auto& d : l.diagnostics)
    s += (d.severity == Severity::kError ? "E " : "W ") + d.toString() + "\n";
  return s;
}

// Exactly one diagnostic in total, and it is this one.
#define EXPECT_ONLY_DIAG(load, file, line, sev, text)                                       \
  do {                                                                                      \
    EXPECT_EQ((load).diagnostics.size(), 1u) << dump(load);                                 \
    EXPECT_EQ(::openlim::testing::countDiag(load, file, line, sev, text), 1) << dump(load); \
  } while (0)

}  // namespace openlim::testing

namespace openlim::testing {

// 1-based line of the first occurrence of `marker` in `text` (0 when absent), so tests name
// the exact line of a problem without hand-counting.
inline int lineOf(const std::string& text, const std::string& marker) {
  size_t at = text.find(marker);
  if (at == std::string::npos) return 0;
  int line = 1;
  for (size_t i = 0; i < at; ++i) line += text[i] == '\n';
  return line;
}

}  // namespace openlim::testing
