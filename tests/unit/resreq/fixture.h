#pragma once
// A small cluster for the resreq tests: five hosts with known values (see each row).

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "openlim/resreq.h"
#include "test_support.h"

namespace openlim::testing {

inline HostTable fixtureTable(const ConfigPtr& cfg) {
  using S = std::string;
  TableBuilder b(cfg);
  // name, status, values
  b.host("hostA", HostStatus::kOk,
         {{"type", S("LINUX86")},
          {"model", S("Generic")},
          {"mem", 4096.0},
          {"swp", 400.0},
          {"ut", 0.2},
          {"r15s", 0.5},
          {"r1m", 2.0},
          {"r15m", 0.5},
          {"pg", 1.0},
          {"ncpus", 4.0},
          {"cpuf", 100.0},
          {"cs", true},
          {"osrel", S("bookworm")},
          {"licenses", 3.0},
          {"gpu_free", 2.0},
          {"maxmem", 16384.0},
          {"tmp", 100.0}});
  b.host("hostB", HostStatus::kOk,
         {{"type", S("MIPS")},
          {"model", S("Generic")},
          {"mem", 800.0},
          {"swp", 60.0},
          {"ut", 0.7},
          {"r15s", 0.1},
          {"r1m", 0.1},
          {"r15m", 0.1},
          {"pg", 0.0},
          {"ncpus", 1.0},
          {"cpuf", 100.0},
          {"fs", true},
          {"osrel", S("buster")},
          {"licenses", 0.0},
          {"maxmem", 2048.0}});
  b.host("hostC", HostStatus::kOk,
         {{"type", S("ALPHA")},
          {"model", S("Fast")},
          {"mem", 65536.0},
          {"swp", 40.0},
          {"ut", 0.1},
          {"r15s", 4.0},
          {"r1m", 4.0},
          {"r15m", 4.0},
          {"pg", 0.0},
          {"ncpus", 8.0},
          {"cpuf", 200.0},
          {"cs", true},
          {"osrel", S("trixie")},
          {"gpu_free", 0.0},
          {"maxmem", 131072.0}});
  // hostD: load unknown (just came up).
  b.host("hostD", HostStatus::kOk,
         {{"type", S("LINUX86")},
          {"model", S("Generic")},
          {"ncpus", 2.0},
          {"cpuf", 100.0},
          {"osrel", S("host06-x12 \"q\"")}});
  b.host("hostE", HostStatus::kBusy,
         {{"type", S("LINUX86")},
          {"model", S("Generic")},
          {"mem", 8192.0},
          {"swp", 500.0},
          {"ut", 0.9},
          {"r15s", 3.0},
          {"r1m", 3.9},
          {"r15m", 3.0},
          {"pg", 5.0},
          {"ncpus", 1.0},
          {"cpuf", 100.0},
          {"cs", true},
          {"maxmem", 16384.0}});
  return b.build();
}

// Names of the hosts a select keeps, sorted by name (order is tested separately).
inline std::string selectedNames(const std::string& text, const ConfigSnapshot& cfg,
                                 const HostTable& t, const CompileOptions& o = {}) {
  auto r = compileRequest(text, cfg, o);
  if (!r) return "ERROR " + r.status().message();
  auto s = selectHosts(**r, t);
  std::set<std::string> names;
  for (uint32_t row : s.rows) names.insert(t.names[row]);
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : " ") + n;
  return out;
}

// Names in order.
inline std::string orderedNames(const std::string& text, const ConfigSnapshot& cfg,
                                const HostTable& t, size_t limit = 0) {
  auto r = compileRequest(text, cfg);
  if (!r) return "ERROR " + r.status().message();
  SelectOptions so;
  so.limit = limit;
  auto s = selectHosts(**r, t, so);
  std::string out;
  for (uint32_t row : s.rows) out += (out.empty() ? "" : " ") + t.names[row];
  return out;
}

}  // namespace openlim::testing
