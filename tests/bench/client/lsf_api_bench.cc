// Latency of LSF's C API from one process: ls_placereq and ls_load with a resource
// requirement and -n, CALLS calls of each in a row against a running cluster ($LSF_ENVDIR).
// Prints p50 and p99 per call. Usage: lsf_api_bench RESREQ N CALLS
// (client_latency.py starts the cluster, fills it with simulated hosts and runs this.)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "lsf/lsf.h"

namespace {

using Clock = std::chrono::steady_clock;

void report(const char* name, std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  double p50 = ms[ms.size() / 2];
  double p99 = ms[std::min(ms.size() - 1, ms.size() * 99 / 100)];
  std::printf("%-34s p50 %7.3f ms  p99 %7.3f ms  (n=%zu)\n", name, p50, p99, ms.size());
}

bool timed(int calls, const std::function<bool()>& call, std::vector<double>* out) {
  for (int i = 0; i < calls; ++i) {
    auto t0 = Clock::now();
    bool ok = call();
    out->push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    if (!ok) return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: lsf_api_bench RESREQ N CALLS\n");
    return 2;
  }
  std::string resreq = argv[1];
  int n = std::atoi(argv[2]);
  int calls = std::atoi(argv[3]);
  std::vector<double> place, load;
  bool ok = timed(
      calls,
      [&] {
        int num = n;
        return ls_placereq(resreq.data(), &num, 0, nullptr) != nullptr && num == n;
      },
      &place);
  if (!ok) return ls_perror(const_cast<char*>("ls_placereq")), 1;
  ok = timed(
      calls,
      [&] {
        int num = n;
        return ls_load(resreq.data(), &num, 0, nullptr) != nullptr && num == n;
      },
      &load);
  if (!ok) return ls_perror(const_cast<char*>("ls_load")), 1;
  std::string what = " -R '" + resreq + "' -n " + std::to_string(n);
  report(("ls_placereq" + what).c_str(), place);
  report(("ls_load" + what).c_str(), load);
  return 0;
}
