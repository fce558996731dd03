#include "sim_failover.h"

#include <map>
#include <random>
#include <string>
#include <vector>

#include "format/json.h"
#include "sim_cluster.h"

namespace openlim::sim {

namespace {

constexpr double kPoll = 0.25;
constexpr double kGiveUp = 600;  // simulated seconds

NetFaults lossy(double loss) {
  NetFaults f;
  f.drop = loss;
  return f;
}

// Replies of the probes: whether `conn` was answered ok, and any redirect named.
struct Probe {
  std::map<uint64_t, bool> ok;
  std::string redirect;
  bool anyOk(const std::vector<uint64_t>& conns) const {
    for (uint64_t q : conns)
      if (auto it = ok.find(q); it != ok.end() && it->second) return true;
    return false;
  }
};

// Elected, reports in, the first rebuild window closed: the master ("" if none settled; under
// loss the cluster may be between masters a while).
std::string settledMaster(SimCluster& c) {
  c.runFor(120);
  for (int i = 0;
       i < 600 && (c.masters().size() != 1 || c.masters()[0]->reservations().rebuilding(c.now()));
       ++i)
    c.runFor(1);
  return c.masters().size() == 1 ? c.masters()[0]->self() : "";
}

}  // namespace

FailoverTimes measureFailover(uint64_t seed, double loss, const ClusterShape& shape) {
  SimCluster c(shape, seed);
  c.net().setFaults(lossy(loss));
  std::mt19937_64 rng(seed + 17);
  Probe probe;
  c.onClientReply = [&](const ClientReply& r) {
    auto j = format::parseJson(r.body);
    const format::Json* ok = j ? j->find("ok") : nullptr;
    probe.ok[r.conn] = ok && ok->isBool() && ok->asBool();
    if (j && j->find("redirect")) probe.redirect = j->stringOr("redirect");
  };
  FailoverTimes out;
  const std::string dead = settledMaster(c);
  if (dead.empty()) return out;
  c.crash(dead, Damage::kIntact);
  const double t0 = c.now();
  auto pick = [&] {
    std::vector<std::string> live;
    for (const auto& n : c.names())
      if (n != dead) live.push_back(n);
    return live[std::uniform_int_distribution<size_t>(0, live.size() - 1)(rng)];
  };
  std::vector<uint64_t> queries, reserves;
  while (c.now() - t0 < kGiveUp && (out.queries < 0 || out.reserve < 0)) {
    if (out.queries < 0) {  // a redirect is followed on the next poll
      std::string to = !probe.redirect.empty() && c.node(probe.redirect) ? probe.redirect : pick();
      probe.redirect.clear();
      queries.push_back(c.request(to, "alice", R"({"op":"load"})", false));
    }
    if (out.reserve < 0)
      reserves.push_back(c.request(pick(), "alice", R"({"op":"reserve","n":1,"lease":60})"));
    c.runFor(kPoll);
    if (out.queries < 0 && probe.anyOk(queries)) out.queries = c.now() - t0;
    if (out.reserve < 0 && probe.anyOk(reserves)) out.reserve = c.now() - t0;
  }
  return out;
}

uint64_t falseFailovers(uint64_t seed, double loss, double hours, const ClusterShape& shape) {
  SimCluster c(shape, seed);
  c.runFor(120);  // the first election, on a clean network
  c.net().setFaults(lossy(loss));
  std::map<std::string, bool> was;
  for (const auto& n : c.names()) was[n] = c.node(n)->election().isMaster();
  uint64_t changes = 0;
  c.afterEvent = [&] {
    for (const auto& n : c.names()) {
      const bool is = c.node(n)->election().isMaster();
      if (is && !was[n]) ++changes;
      was[n] = is;
    }
  };
  c.runFor(hours * 3600);
  return changes;
}

}  // namespace openlim::sim
