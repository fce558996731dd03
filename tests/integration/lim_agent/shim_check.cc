// Runs the real LoadCollector on this host's /proc with tmp at argv[1], under the statvfs
// shim (LD_PRELOAD). Mode "hung": statvfs there blocks forever; the collector must keep
// sampling (ticks counted, mem/r15s known) and report tmp unknown with a timeout counted.
// Mode "ok": tmp must become known. Exit 0 on success, 1 with a message otherwise.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <thread>

#include "agent/load_collector.h"

using openlim::BuiltinIndex;

namespace {

double value(const openlim::agent::LoadCollector& c, BuiltinIndex i) {
  return c.builtins()[static_cast<size_t>(i)];
}

int fail(const char* what) {
  std::fprintf(stderr, "FAIL: %s\n", what);
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) return fail("usage: lim_agent_shim_check TMPDIR hung|ok");
  bool hung = std::strcmp(argv[2], "hung") == 0;
  openlim::ConfigSnapshot cfg;
  openlim::agent::CollectorOptions opts;
  opts.tmpPath = argv[1];
  opts.statvfsTimeout = 1.0;
  openlim::agent::LoadCollector c("/", cfg, "shimhost", opts);
  // Fake time advances 0.25 s per 5 ms real step so the test is quick; the worker thread
  // answers (or hangs) in real time, so each step also waits a little.
  const int kSteps = 200;
  for (int i = 0; i < kSteps; ++i) {
    c.tick(i * 0.25);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (!hung && !std::isnan(value(c, BuiltinIndex::kTmp))) break;
  }
  std::printf("ticks=%llu tmp=%g mem=%g r15s=%g timeouts=%llu\n",
              static_cast<unsigned long long>(c.counters().ticks), value(c, BuiltinIndex::kTmp),
              value(c, BuiltinIndex::kMem), value(c, BuiltinIndex::kR15s),
              static_cast<unsigned long long>(c.counters().tmpTimeouts));
  if (std::isnan(value(c, BuiltinIndex::kMem))) return fail("mem unknown");
  if (std::isnan(value(c, BuiltinIndex::kR15s))) return fail("r15s unknown");
  if (!hung) return std::isnan(value(c, BuiltinIndex::kTmp)) ? fail("tmp never known") : 0;
  if (c.counters().ticks != kSteps) return fail("sampling stopped");
  if (c.counters().tmpTimeouts < 1) return fail("no statvfs timeout counted");
  if (!std::isnan(value(c, BuiltinIndex::kTmp))) return fail("tmp known on a hung mount");
  return 0;
}
