#pragma once
// The simulated network (docs/simulation.md): every datagram and every request or reply
// between lims goes through here. Faults are drawn from the scenario's seed: latency, loss,
// duplication and reordering (a late copy) per message, and partitions (hosts in different
// groups cannot reach each other) until heal(). Between two hosts, messages arrive in the
// order they were sent (one path, as on a LAN) unless the reorder fault holds one back.
// Requests travel on a reliable stream: they are only late or cut, never lost or
// duplicated, as TCP is.

#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace openlim::sim {

struct NetFaults {
  double minLatency = 0.0002;  // seconds, one way
  double maxLatency = 0.005;
  double drop = 0;            // probability a datagram is lost
  double duplicate = 0;       // probability a datagram arrives twice
  double reorder = 0;         // probability a datagram is held back (arrives after later ones)
  double reorderDelay = 0.5;  // how long at most
};

struct NetCounters {
  uint64_t sent = 0, dropped = 0, cut = 0, duplicated = 0, reordered = 0;
};

class SimNetwork {
 public:
  explicit SimNetwork(uint64_t seed) : rng_(seed) {}

  void setFaults(const NetFaults& f) { faults_ = f; }
  const NetFaults& faults() const { return faults_; }

  // Each list is one side; hosts named in no list form one more side together.
  void partition(const std::vector<std::vector<std::string>>& sides);
  void heal() { side_.clear(); }
  bool partitioned() const { return !side_.empty(); }
  bool connected(const std::string& a, const std::string& b) const;

  // When the copies of one datagram from `from` to `to` sent at `now` arrive, as delays
  // from now: none when it is lost or cut, two when it is duplicated.
  std::vector<double> datagramDelays(const std::string& from, const std::string& to, double now);
  // The delay of a request or reply on a stream; nullopt when the hosts are cut apart.
  std::optional<double> streamDelay(const std::string& from, const std::string& to, double now);

  const NetCounters& counters() const { return counters_; }

 private:
  double latency();
  // A delay that keeps the link's order: never arriving before what was sent before it.
  double inOrder(const std::string& from, const std::string& to, double now);
  bool chance(double p) { return p > 0 && std::uniform_real_distribution<double>(0, 1)(rng_) < p; }

  std::mt19937_64 rng_;
  NetFaults faults_;
  std::map<std::string, int> side_;  // host -> side; empty: no partition
  std::map<std::pair<std::string, std::string>, double> lastArrival_;  // per link
  NetCounters counters_;
};

}  // namespace openlim::sim
