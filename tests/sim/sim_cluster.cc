#include "sim_cluster.h"

#include <cmath>
#include <limits>

namespace openlim::sim {

namespace {
constexpr double kNever = std::numeric_limits<double>::infinity();
constexpr size_t kTraceLines = 200;
}  // namespace

SimCluster::SimCluster(const ClusterShape& shape, uint64_t seed, std::string quotasText)
    : shape_(shape),
      config_(simConfig(shape)),
      files_(config_, std::move(quotasText)),
      net_(seed ^ 0x9e3779b97f4a7c15ULL),
      rng_(seed),
      names_(hostNames(shape)) {
  for (const auto& n : names_) {
    auto h = std::make_unique<SimHost>(n);
    h->port = std::make_unique<SimHostPort>(shape.ncpus);
    h->tickAt = kNever;
    hosts_.emplace(n, std::move(h));
  }
  for (const auto& n : names_) restart(n);
}

SimCluster::~SimCluster() = default;

void SimCluster::runUntil(double mono) {
  queue_.runUntil(mono, afterEvent);
}

const node::LimNode* SimCluster::node(const std::string& host) const {
  auto it = hosts_.find(host);
  return it == hosts_.end() ? nullptr : it->second->node.get();
}

std::vector<const node::LimNode*> SimCluster::masters() const {
  std::vector<const node::LimNode*> out;
  for (const auto& n : names_)
    if (const node::LimNode* l = node(n); l && l->election().isMaster()) out.push_back(l);
  return out;
}

bool SimCluster::live(const std::string& name, uint64_t incarnation) const {
  auto it = hosts_.find(name);
  return it != hosts_.end() && it->second->node && it->second->incarnation == incarnation;
}

void SimCluster::note(std::string line) {
  char t[32];
  std::snprintf(t, sizeof t, "%9.3f ", clock_.mono() - SimClock::kStartMono);
  for (char& ch : line)
    if (static_cast<unsigned char>(ch) < 32) ch = '?';  // binary bodies (watched datagrams)
  trace_.push_back(t + std::move(line));
  if (trace_.size() > kTraceLines) trace_.pop_front();
}

std::string SimCluster::trace() const {
  std::string out;
  for (const auto& l : trace_) out += "  " + l + "\n";
  return out;
}

uint64_t SimCluster::request(const std::string& host, const std::string& user,
                             const std::string& body, bool local) {
  SimHost& h = *hosts_.at(host);
  if (!h.node) return 0;
  const uint64_t conn = nextConn_++;
  h.conns[conn] = SimHost::Origin{};
  if (onClientRequest) onClientRequest(conn, host, body);
  protocol::Frame f{.kind = protocol::Kind::kRequest, .body = body};
  node::Request r{conn, f, local, user};
  step(h, [&r](node::LimNode& n, const node::Now& t) { return n.onRequest(r, t); });
  return conn;
}

void SimCluster::crash(const std::string& host, Damage damage, bool midStep) {
  SimHost& h = *hosts_.at(host);
  if (!h.node) return;
  h.crashDamage = damage;
  note(host + ": crash (" + damageName(damage) + (midStep ? ", mid-step)" : ")"));
  if (midStep)
    h.crashMidStep = true;
  else
    kill(h);
}

void SimCluster::kill(SimHost& h) {
  std::vector<uint64_t> lost;
  for (const auto& [conn, o] : h.conns)
    if (o.client) lost.push_back(conn);
  h.disk.crash(h.crashDamage, rng_);
  h.node.reset();
  h.conns.clear();
  h.tickAt = kNever;
  h.crashMidStep = false;
  if (onCrash) onCrash(h.name, lost);
}

void SimCluster::restart(const std::string& host) {
  SimHost& h = *hosts_.at(host);
  if (h.node) return;
  ++h.incarnation;
  h.seq = 0;
  const node::Now now = clock_.now();
  h.node = std::make_unique<node::LimNode>(h.name, config_, *h.port, files_, now);
  h.node->setStartedAt(now.mono);
  BuiltinVector b{};
  h.node->onSample(b);
  reserve::HeldFiles files = h.disk.load();
  note(host + ": start (boot " + std::to_string(h.incarnation) + ", " +
       std::to_string(files.snapshot.size()) + " in snapshot, " +
       std::to_string(files.records.size()) + " records)");
  step(h, [&files](node::LimNode& n, const node::Now& t) { return n.start(files, t); });
  if (h.node && reserve::wantsFreshSnapshot(files))
    h.disk.compact(h.node->heldList(), h.node->heldReleased(), h.node->voterTerm());
}

void SimCluster::step(SimHost& h, const Event& ev) {
  node::Effects fx = ev(*h.node, clock_.now());
  carryOut(h, fx);
  if (h.node) scheduleTick(h);
}

// As the daemon's apply() and commitTurn(): datagrams and sub-requests leave at once; the
// journal is committed at the end of the step and only then the replies go.
void SimCluster::carryOut(SimHost& h, node::Effects& fx) {
  for (const auto& l : fx.log)
    if (l.level != node::LogLevel::kInfo || l.text.find("master now") != std::string::npos)
      note(h.name + ": " + l.text);
  for (const auto& d : fx.datagrams) sendDatagram(h, d);
  for (const auto& s : fx.subRequests) sendSubRequest(h, s);
  h.disk.append(fx.journal);
  if (h.crashMidStep) {
    kill(h);
    return;
  }
  h.disk.commit();
  for (const auto& d : fx.committedDatagrams) sendDatagram(h, d);  // a keeper's journalled ack
  for (const auto& r : fx.replies) sendReply(h, r);
}

void SimCluster::sendDatagram(SimHost& h, const node::Datagram& d) {
  if (!hosts_.count(d.to)) return;
  protocol::Frame f{
      .kind = d.kind, .isSigned = true, .epoch = h.incarnation, .seq = ++h.seq, .body = d.body};
  auto delays = net_.datagramDelays(h.name, d.to, clock_.mono());
  if (!watch.empty() && d.body.find(watch) != std::string::npos)
    note(h.name + " -> " + d.to + (delays.empty() ? " (lost) " : " ") + d.body.substr(0, 60));
  for (double delay : delays)
    queue_.at(clock_.mono() + delay, [this, to = d.to, f] {
      SimHost& t = *hosts_.at(to);
      if (!t.node) return;
      step(t, [&f](node::LimNode& n, const node::Now& now) { return n.onDatagram(f, now); });
    });
}

void SimCluster::sendSubRequest(SimHost& h, const node::SubRequest& s) {
  const uint64_t inc = h.incarnation;
  subsOpen_.insert({h.name, inc, s.id});
  queue_.at(s.deadline, [this, from = h.name, inc, id = s.id] {
    subReply(from, inc, id, Status(Code::kUnavailable, "timed out"));
  });
  if (!hosts_.count(s.host)) return;
  protocol::Frame f{.kind = protocol::Kind::kRequest, .body = s.body};
  if (s.sign) {
    f.isSigned = true;
    f.epoch = inc;
    f.seq = ++h.seq;
  }
  auto delay = net_.streamDelay(h.name, s.host, clock_.mono());
  if (!delay) return;
  queue_.at(clock_.mono() + *delay, [this, from = h.name, inc, id = s.id, to = s.host, f] {
    SimHost& t = *hosts_.at(to);
    if (!t.node) return;
    const uint64_t conn = nextConn_++;
    t.conns[conn] = SimHost::Origin{false, from, inc, id};
    node::Request r{conn, f, false, ""};
    step(t, [&r](node::LimNode& n, const node::Now& now) { return n.onRequest(r, now); });
  });
}

void SimCluster::sendReply(SimHost& h, const node::Reply& r) {
  auto it = h.conns.find(r.conn);
  if (it == h.conns.end()) return;
  SimHost::Origin o = it->second;
  h.conns.erase(it);
  if (o.client) {
    if (onClientReply) onClientReply({r.conn, h.name, r.body, r.ok});
    return;
  }
  auto delay = net_.streamDelay(h.name, o.from, clock_.mono());
  if (!delay) return;  // cut: the asker's deadline answers
  queue_.at(clock_.mono() + *delay,
            [this, o, body = r.body] { subReply(o.from, o.fromIncarnation, o.subId, body); });
}

void SimCluster::subReply(const std::string& to, uint64_t incarnation, uint64_t id,
                          Result<std::string> r) {
  if (subsOpen_.erase({to, incarnation, id}) == 0 || !live(to, incarnation)) return;
  SimHost& h = *hosts_.at(to);
  step(h, [&](node::LimNode& n, const node::Now& now) { return n.onSubReply(id, r, now); });
}

void SimCluster::scheduleTick(SimHost& h) {
  const double now = clock_.mono();

  // The daemon's loop wakes at least once a second, and never spins on a missed deadline.
  double t = std::max(std::min(h.node->nextDeadline(), now + 1.0), now + 0.001);
  if (t >= h.tickAt) return;
  h.tickAt = t;
  queue_.at(t, [this, name = h.name, inc = h.incarnation, t] {
    if (!live(name, inc)) return;
    SimHost& x = *hosts_.at(name);
    if (x.tickAt != t) return;
    x.tickAt = kNever;
    step(x, [](node::LimNode& n, const node::Now& now) { return n.onTick(now); });
  });
}

}  // namespace openlim::sim
