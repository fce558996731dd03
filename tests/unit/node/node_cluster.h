#pragma once
// A few LimNodes in one process, for the node's own tests: fake ports, a fake clock, and a
// message pump that delivers every datagram and request at once unless a partition cuts
// it. No loss, delay or crash (the simulator in tests/sim does those): what is tested here is
// the node's decisions in a clean network and across one clean cut.

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "../master/generic_cluster.h"
#include "format/json.h"
#include "node/lim_node.h"

namespace openlim::node::testing {

class FakeHost : public HostPort {
 public:
  agent::ReportInputs measured(double) const override {
    agent::ReportInputs in;
    in.statics = {{"ncpus", 4}, {"maxmem", 8000}};
    return in;
  }
  format::Json elimStatus() const override { return format::Json::object(); }
  std::vector<std::string> melimResources() const override { return {}; }
  std::vector<std::pair<std::string, uint64_t>> shellCounters() const override { return {}; }
};

class FakeFiles : public ConfigPort {
 public:
  explicit FakeFiles(ConfigPtr c) : config_(std::move(c)) {}
  ConfigLoad reload() override { return {config_, {}}; }
  QuotaFile quotas(const ConfigSnapshot&) override { return {}; }

 private:
  ConfigPtr config_;
};

// hostA hostB hostC, all master candidates (in that order), 4 CPUs each.
inline ConfigPtr clusterConfig(ReservationConsistency mode) {
  auto c = openlim::testing::genericCluster({"hostA", "hostB", "hostC"});
  c->clusterName = "sim";
  c->masterList = {"hostA", "hostB", "hostC"};
  c->admins = {"lsfadmin"};
  c->params.exInterval = 15;
  c->params.probeTimeout = 2;
  c->params.reservationConsistency = mode;
  c->buildIndexes();
  return c;
}

class NodeCluster {
 public:
  NodeCluster(const NodeCluster&) = delete;  // the nodes keep references to the fakes
  explicit NodeCluster(ConfigPtr config) : config_(std::move(config)), files_(config_) {
    for (const auto& h : config_->hosts) {
      nodes_[h.name] = std::make_unique<LimNode>(h.name, config_, host_, files_, now());
      apply(h.name, nodes_[h.name]->start({}, now()));
    }
  }

  Now now() const {
    Now n;
    n.mono = mono_;
    n.wall = 1.8e9 + mono_;
    return n;
  }
  LimNode& node(const std::string& h) { return *nodes_.at(h); }
  // Hosts on different sides of `side` hear nothing of each other until heal().
  void split(std::set<std::string> side) { side_ = std::move(side); }
  void heal() { side_.clear(); }
  // Datagrams for which this says true are lost (unset: none).
  std::function<bool(const std::string& from, const Datagram& d)> lose;

  // Advances the clock in steps of `step`, ticking every node.
  void run(double seconds, double step = 0.05) {
    for (double end = mono_ + seconds; mono_ < end; mono_ += step)
      for (auto& [h, n] : nodes_) apply(h, n->onTick(now()));
  }
  // A local request of `user` on host `on` (as lsreserve sends it); its reply once the
  // network and the clock (up to `wait` seconds) gave one.
  format::Json local(const std::string& on, const std::string& body, double wait = 5,
                     const std::string& user = "alice") {
    const uint64_t conn = nextConn_++;
    protocol::Frame f{.kind = protocol::Kind::kRequest, .body = body};
    apply(on, node(on).onRequest({conn, f, true, user}, now()));
    for (double waited = 0; !replies_.count(conn) && waited < wait; waited += 0.05) run(0.05);
    if (!replies_.count(conn)) return format::Json();
    auto parsed = format::parseJson(replies_[conn]);
    return parsed ? *parsed : format::Json();
  }
  std::string master(const std::string& h) { return node(h).election().master(); }
  // An admin datagram `body` from `from` to `to`, as the network delivers it: what `to` does
  // comes back, not carried out.
  Effects inject(const std::string& from, const std::string& to, const std::string& body) {
    protocol::Frame f{.kind = protocol::Kind::kAdmin,
                      .isSigned = true,
                      .epoch = 1,
                      .seq = ++seq_[from],
                      .body = body};
    return node(to).onDatagram(f, now());
  }

 private:
  bool cut(const std::string& a, const std::string& b) const {
    return !side_.empty() && side_.count(a) != side_.count(b);
  }
  void apply(const std::string& from, Effects fx) {
    for (auto& r : fx.replies) replies_[r.conn] = r.body;
    auto deliver = [&](const Datagram& d) {
      if (cut(from, d.to) || !nodes_.count(d.to) || (lose && lose(from, d))) return;
      protocol::Frame f{
          .kind = d.kind, .isSigned = true, .epoch = 1, .seq = ++seq_[from], .body = d.body};
      apply(d.to, node(d.to).onDatagram(f, now()));
    };
    for (const auto& d : fx.datagrams) deliver(d);
    for (const auto& d : fx.committedDatagrams) deliver(d);
    for (const auto& s : fx.subRequests) {
      if (cut(from, s.host) || !nodes_.count(s.host)) {
        apply(from, node(from).onSubReply(s.id, Status(Code::kUnavailable, "cut"), now()));
        continue;
      }
      // The remote answers on a connection of its own; its reply goes back as the sub-reply.
      const uint64_t conn = nextConn_++;
      protocol::Frame f{.kind = protocol::Kind::kRequest,
                        .isSigned = s.sign,
                        .epoch = 1,
                        .seq = ++seq_[from],
                        .body = s.body};
      subs_[conn] = {from, s.id};
      apply(s.host, node(s.host).onRequest({conn, f, false, ""}, now()));
    }
    for (auto it = subs_.begin(); it != subs_.end();) {
      if (!replies_.count(it->first)) {
        ++it;
        continue;
      }
      auto [origin, id] = it->second;
      std::string body = replies_[it->first];
      it = subs_.erase(it);
      apply(origin, node(origin).onSubReply(id, body, now()));
    }
  }

  ConfigPtr config_;
  FakeHost host_;
  FakeFiles files_;
  double mono_ = 1000;
  std::map<std::string, std::unique_ptr<LimNode>> nodes_;
  std::set<std::string> side_;
  std::map<std::string, uint64_t> seq_;
  std::map<uint64_t, std::string> replies_;
  std::map<uint64_t, std::pair<std::string, uint64_t>> subs_;  // conn -> (origin, sub id)
  uint64_t nextConn_ = 1;
};

}  // namespace openlim::node::testing
