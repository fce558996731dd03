// Drives one openlim::Client from 8 threads against a running cluster: every call must
// succeed and agree with the others. Usage: client_threads CALLS_PER_THREAD RESREQ
// Prints "ok <calls>" and exits 0, or names the first failure and exits 1.
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "openlim/client.h"

int main(int argc, char** argv) {
  int calls = argc > 1 ? std::atoi(argv[1]) : 100;
  std::string resreq = argc > 2 ? argv[2] : "";
  auto client = openlim::Client::fromEnvironment();
  if (!client) {
    std::fprintf(stderr, "%s\n", client.status().message().c_str());
    return 1;
  }
  openlim::Client& c = **client;
  auto first = c.load({});
  if (!first) return std::fprintf(stderr, "load: %s\n", first.status().message().c_str()), 1;
  const size_t hosts = first->hosts.size();
  std::atomic<int> done{0};
  std::atomic<int> failed{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < calls && failed == 0; ++i) {
        bool ok = true;
        switch ((i + t) % 4) {
          case 0: {
            auto r = c.load({});
            ok = r && r->hosts.size() == hosts;
            break;
          }
          case 1: {
            auto r = c.masterName();
            ok = r && *r == first->master;
            break;
          }
          case 2: {
            auto r = c.place({.resreq = resreq, .n = 1});
            ok = r && r->slots.size() == 1;
            break;
          }
          default: {
            auto r = c.hosts({});
            ok = r && r->size() == hosts;
          }
        }
        if (!ok) {
          std::fprintf(stderr, "thread %d call %d failed\n", t, i);
          ++failed;
        }
        ++done;
      }
    });
  for (auto& th : threads) th.join();
  if (failed != 0) return 1;
  std::printf("ok %d\n", done.load());
  return 0;
}
