// The core JSON reader and writer on a load reply of N hosts × 20 values (the size of a full
// `lsload -l -json` at 10,000 hosts: ~4 MB): what a command pays to read a big reply and the
// lim pays to write one.
#include <benchmark/benchmark.h>

#include <string>

#include "format/json.h"

namespace {

using openlim::format::Json;

Json loadReply(int hosts) {
  static const char* kIndices[] = {
      "r15s", "r1m", "r15m",    "ut",       "pg",       "io",      "ls",   "it",    "tmp",   "swp",
      "mem",  "nio", "usr_tmp", "licenses", "gpu_free", "scratch", "tmp2", "lic_a", "lic_b", "net"};
  Json hs = Json::array();
  for (int h = 0; h < hosts; ++h) {
    Json values = Json::object();
    for (int i = 0; i < 20; ++i) values.add(kIndices[i], Json::number(h * 0.37 + i * 13.25));
    Json host = Json::object();
    host.add("name", Json::string("host" + std::to_string(h)));
    host.add("status", Json::string(h % 7 ? "ok" : "busy"));
    host.add("values", std::move(values));
    Json busy = Json::array();
    if (h % 7 == 0) busy.push(Json::string("r1m"));
    host.add("busy", std::move(busy));
    hs.push(std::move(host));
  }
  Json reply = Json::object();
  reply.add("ok", Json::boolean(true)).add("cluster", Json::string("bench"));
  reply.add("master", Json::string("host0")).add("hosts", std::move(hs));
  return reply;
}

void BM_ParseLoadReply(benchmark::State& state) {
  std::string text = loadReply(static_cast<int>(state.range(0))).compact();
  for (auto _ : state) {
    auto parsed = openlim::format::parseJson(text);
    benchmark::DoNotOptimize(parsed);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
  state.counters["reply_bytes"] = static_cast<double>(text.size());
}
BENCHMARK(BM_ParseLoadReply)->Arg(1)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

void BM_BuildLoadReply(benchmark::State& state) {
  for (auto _ : state) {
    Json reply = loadReply(static_cast<int>(state.range(0)));
    benchmark::DoNotOptimize(reply);
  }
}
BENCHMARK(BM_BuildLoadReply)->Arg(1)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

void BM_WriteLoadReply(benchmark::State& state) {
  Json reply = loadReply(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    std::string text = reply.compact();
    benchmark::DoNotOptimize(text);
  }
}
BENCHMARK(BM_WriteLoadReply)->Arg(1)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
