#pragma once
// A pure multi-candidate election harness: N Elections exchanging heartbeats, probes and
// probe replies through a seeded lossy network on a fake clock (no daemon, no sockets).
// Every datagram is dropped with probability `loss`, independently, and otherwise delivered
// 1 to 5 ms later. A node sleeps until its Election's nextDeadline(), as the daemon's loop
// does, so a deadline the election forgets to report shows up here as a missed failover.
//
// What a node sends mirrors MasterRole: a heartbeat goes to every other candidate, a beat to
// the election's beat targets, a probe to the peers the election names, and a probe is answered at
// once with whether the receiver plays master.

#include <cstdint>
#include <queue>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "master/election.h"

namespace openlim::master::sim {

class ElectionCluster {
 public:
  ElectionCluster(std::vector<std::string> candidates, ElectionParams p, double loss, uint64_t seed)
      : names_(std::move(candidates)), loss_(loss), rng_(seed) {
    for (const auto& n : names_) nodes_.push_back({Election(n, names_, p, 0), true});
  }

  // Stops node i: it sends and receives nothing from now on.
  void kill(size_t i) { nodes_[i].up = false; }
  const Election& node(size_t i) const { return nodes_[i].election; }
  double now() const { return now_; }
  uint64_t sent() const { return sent_; }

  // Runs every event up to `until`; `after` is called after each event with the time.
  template <typename F>
  void runUntil(double until, F&& after) {
    while (true) {
      double next = nextEventTime();
      if (next > until) break;
      // A deadline that stays at `now` after its tick would spin here: stop and say so.
      stalled_ = next == now_ ? stalled_ + 1 : 0;
      if (stalled_ > 1000)
        throw std::logic_error("election deadline stuck at " + std::to_string(now_));
      now_ = next;
      step();
      after(now_);
    }
    now_ = until;
  }
  void runUntil(double until) {
    runUntil(until, [](double) {});
  }

 private:
  enum class Kind { kBeat, kProbe, kReply };
  struct Datagram {
    double at;
    uint64_t seq;
    Kind kind;
    size_t from, to;
    bool claims;
    bool operator>(const Datagram& o) const { return at != o.at ? at > o.at : seq > o.seq; }
  };
  struct Node {
    Election election;
    bool up;
  };

  double nextEventTime() const {
    double next = inFlight_.empty() ? 1e300 : inFlight_.top().at;
    for (const auto& n : nodes_)
      if (n.up) next = std::min(next, std::max(n.election.nextDeadline(), now_));
    return next;
  }

  void step() {
    while (!inFlight_.empty() && inFlight_.top().at <= now_) {
      Datagram d = inFlight_.top();
      inFlight_.pop();
      deliver(d);
    }
    for (size_t i = 0; i < nodes_.size(); ++i)
      if (nodes_[i].up && nodes_[i].election.nextDeadline() <= now_) tick(i);
  }

  void deliver(const Datagram& d) {
    Node& to = nodes_[d.to];
    if (!to.up) return;
    to.election.onClaim(names_[d.from], d.claims, now_);
    if (d.kind == Kind::kProbe) send(Kind::kReply, d.to, d.from);
  }

  void tick(size_t i) {
    ElectionActions a = nodes_[i].election.tick(now_);
    for (const auto& peer : a.probe) send(Kind::kProbe, i, indexOf(peer));
    if (a.heartbeat) {  // every candidate (the master's round reaches them too)
      for (size_t j = 0; j < nodes_.size(); ++j)
        if (j != i) send(Kind::kBeat, i, j);
    } else if (a.beatPeers) {
      for (const auto& peer : nodes_[i].election.beatTargets()) send(Kind::kBeat, i, indexOf(peer));
    }
  }

  void send(Kind k, size_t from, size_t to) {
    ++sent_;
    if (std::uniform_real_distribution<double>(0, 1)(rng_) < loss_) return;
    double delay = std::uniform_real_distribution<double>(0.001, 0.005)(rng_);
    inFlight_.push({now_ + delay, seq_++, k, from, to, nodes_[from].election.isMaster()});
  }

  size_t indexOf(const std::string& name) const {
    for (size_t i = 0; i < names_.size(); ++i)
      if (names_[i] == name) return i;
    return 0;
  }

  std::vector<std::string> names_;
  std::vector<Node> nodes_;
  double loss_;
  std::mt19937_64 rng_;
  double now_ = 0;
  uint64_t seq_ = 0;
  uint64_t sent_ = 0;
  int stalled_ = 0;
  std::priority_queue<Datagram, std::vector<Datagram>, std::greater<Datagram>> inFlight_;
};

}  // namespace openlim::master::sim
