// Runs only the LoadCollector (real /proc, fake 5 s steps) and prints this process's RssAnon
// and the CPU time per tick. Usage: lim_agent_rss [ticks]
#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "agent/load_collector.h"

namespace {

std::string rssAnon() {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("RssAnon:", 0) == 0) return line;
  return "RssAnon: ?";
}

double cpuSeconds() {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
         (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
}

}  // namespace

int main(int argc, char** argv) {
  int ticks = argc > 1 ? std::atoi(argv[1]) : 10000;
  std::printf("before collector: %s\n", rssAnon().c_str());
  openlim::ConfigSnapshot cfg;
  openlim::agent::LoadCollector c("/", cfg, "rss");
  double t0 = cpuSeconds();
  for (int i = 0; i < ticks; ++i) c.tick(i * 5.0);
  double t1 = cpuSeconds();
  std::printf("after %d ticks: %s\n", ticks, rssAnon().c_str());
  std::printf("cpu per tick: %.1f us; at one tick per 5 s: %.5f%% of a core\n",
              (t1 - t0) / ticks * 1e6, (t1 - t0) / ticks / 5 * 100);
  auto m = c.builtinMap();
  for (const auto& [k, v] : m) std::printf("%s=%g ", k.c_str(), v);
  std::printf("\n");
  return 0;
}
