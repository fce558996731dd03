// Durable reserve + release pairs per second against a real lim, from many concurrent
// connections: each of `clients` threads sends, over the lim's local socket and through the
// client library (shell::requestJsonLocal, as lsreserve and lsrelease do), a reserve and then
// a release of what it got, `pairs / clients` times. A C++ driver, so the figure is the
// lim's and not the clients' (a Python client process costs more CPU per request than the
// lim). reserve_pairs.py starts the cluster and runs this.
//
// Run: reserve_pairs SOCKET PAIRS CLIENTS [ACTIVE]
//   ACTIVE: reservations created first and held throughout (each is in the host's state).
// Prints one line: pairs, seconds, pairs/s, and the median and 99th percentile pair latency.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "request_client.h"

namespace {

using Clock = std::chrono::steady_clock;

std::string idOf(const std::string& reply) {
  const std::string key = "\"id\":\"";
  size_t p = reply.find(key);
  if (p == std::string::npos || reply.find("\"ok\":true") == std::string::npos) return "";
  p += key.size();
  return reply.substr(p, reply.find('"', p) - p);
}

std::string reserve(const std::string& socket, const openlim::shell::Timeouts& t) {
  auto r = openlim::shell::requestJsonLocal(socket, R"({"n":1,"op":"reserve"})", t);
  if (!r) {
    std::fprintf(stderr, "reserve: %s\n", r.status().message().c_str());
    return "";
  }
  std::string id = idOf(*r);
  if (id.empty()) std::fprintf(stderr, "reserve refused: %s\n", r->c_str());
  return id;
}

bool release(const std::string& socket, const std::string& id, const openlim::shell::Timeouts& t) {
  auto r =
      openlim::shell::requestJsonLocal(socket, R"({"ids":[")" + id + R"("],"op":"release"})", t);
  return r && r->find("\"ok\":true") != std::string::npos;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: reserve_pairs SOCKET PAIRS CLIENTS [ACTIVE]\n");
    return 2;
  }
  const std::string socket = argv[1];
  const int clients = std::max(1, std::atoi(argv[3]));
  const int each = std::max(1, std::atoi(argv[2]) / clients);
  const int active = argc > 4 ? std::atoi(argv[4]) : 0;
  const openlim::shell::Timeouts t{5, 30};
  for (int i = 0; i < active; ++i)
    if (reserve(socket, t).empty()) return 1;
  std::atomic<int> failures{0};
  std::vector<std::vector<double>> latencies(static_cast<size_t>(clients));
  auto t0 = Clock::now();
  std::vector<std::thread> threads;
  for (int c = 0; c < clients; ++c)
    threads.emplace_back([&, c] {
      auto& lat = latencies[static_cast<size_t>(c)];
      lat.reserve(static_cast<size_t>(each));
      for (int i = 0; i < each; ++i) {
        auto p0 = Clock::now();
        std::string id = reserve(socket, t);
        if (id.empty() || !release(socket, id, t)) {
          ++failures;
          continue;
        }
        lat.push_back(std::chrono::duration<double>(Clock::now() - p0).count());
      }
    });
  for (auto& th : threads) th.join();
  double secs = std::chrono::duration<double>(Clock::now() - t0).count();
  std::vector<double> all;
  for (const auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
  std::sort(all.begin(), all.end());
  auto pct = [&](double q) {
    return all.empty() ? 0.0 : all[std::min(all.size() - 1, static_cast<size_t>(q * all.size()))];
  };
  std::printf(
      "%zu pairs in %.2f s from %d clients: %.0f durable pairs/s (pair latency p50 %.2f "
      "ms, p99 %.2f ms; %d failed; %d held throughout)\n",
      all.size(), secs, clients, static_cast<double>(all.size()) / secs, pct(0.5) * 1e3,
      pct(0.99) * 1e3, failures.load(), active);
  return failures.load() == 0 ? 0 : 1;
}
