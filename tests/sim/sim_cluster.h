#pragma once
// A whole openlim cluster in one process (docs/simulation.md, docs/architecture.md "Pure core, thin
// shell"): one node::LimNode per host, driven by the event queue on the simulated clock, talking
// through the simulated network, keeping its reservations on a simulated disk. The cluster carries
// out each step's effects as the daemon's loop turn does (lim/daemon/lim_server.cc):
// datagrams go out at once, journal records are committed at the end of the step, and only
// then do the step's replies and committed datagrams go out. Crash drops the node (and what it had
// not committed); restart builds a new one with a new boot epoch from what its disk still holds.
//
// A sub-request whose hosts are cut apart, or whose target dies before answering, is
// answered with an error at its deadline (as the daemon's, which times out).

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "node/lim_node.h"
#include "sim_disk.h"
#include "sim_events.h"
#include "sim_network.h"
#include "sim_ports.h"

namespace openlim::sim {

// A reply a client (lsreserve, lsload) got on its connection.
struct ClientReply {
  uint64_t conn = 0;
  std::string host;  // the lim that answered
  std::string body;
  bool ok = false;
};

struct SimHost {
  std::string name;
  std::unique_ptr<SimHostPort> port;
  SimDisk disk;
  std::unique_ptr<node::LimNode> node;  // null while down
  uint64_t incarnation = 0;             // boots so far; the boot epoch of the current one
  uint64_t seq = 0;                     // signed frames sent by this boot
  double tickAt = 0;                    // the tick scheduled (infinity: none)
  bool crashMidStep = false;            // the next step crashes before it commits
  Damage crashDamage = Damage::kIntact;
  // Requests this boot is answering: conn -> client conn, or the sub-request it answers.
  struct Origin {
    bool client = true;
    std::string from;
    uint64_t fromIncarnation = 0, subId = 0;
  };
  std::map<uint64_t, Origin> conns;
  explicit SimHost(std::string n) : name(n), disk("sim") {}
};

class SimCluster {
 public:
  SimCluster(const ClusterShape& shape, uint64_t seed, std::string quotasText = "");
  ~SimCluster();

  void runUntil(double mono);
  void runFor(double seconds) { runUntil(clock_.mono() + seconds); }
  double now() const { return clock_.mono(); }
  double wall() const { return clock_.wall(); }

  // A client's request on the local socket of `host` (user `user`), or over TCP (local
  // false, unsigned). The conn id names its reply; 0 when the host is down.
  uint64_t request(const std::string& host, const std::string& user, const std::string& body,
                   bool local = true);
  // The host's lim dies now; with `midStep`, in its next step, after the step's journal
  // records were written but before they were committed (its replies never go out).
  void crash(const std::string& host, Damage damage, bool midStep = false);
  void restart(const std::string& host);

  SimNetwork& net() { return net_; }
  const std::vector<std::string>& names() const { return names_; }
  const ConfigSnapshot& config() const { return *config_; }
  const node::LimNode* node(const std::string& host) const;
  const SimHost& host(const std::string& name) const { return *hosts_.at(name); }
  // The live nodes that believe they are the master, in host order.
  std::vector<const node::LimNode*> masters() const;
  uint64_t events() const { return queue_.events(); }

  // Observers (the invariant checker): a client's reply; a crash (the host's open conns
  // were lost with it); every event's end.
  std::function<void(uint64_t conn, const std::string& host, const std::string& body)>
      onClientRequest;
  std::function<void(const ClientReply&)> onClientReply;
  std::function<void(const std::string& host, const std::vector<uint64_t>& lostConns)> onCrash;
  std::function<void()> afterEvent;

  // The last lines of what happened, for a failure's report.
  void note(std::string line);
  std::string trace() const;
  std::mt19937_64& rng() { return rng_; }
  // Datagrams whose body holds this text go into the trace (openlim-sim --watch).
  std::string watch;

 private:
  using Event = std::function<node::Effects(node::LimNode&, const node::Now&)>;
  void step(SimHost& h, const Event& ev);
  void carryOut(SimHost& h, node::Effects& fx);
  void sendDatagram(SimHost& h, const node::Datagram& d);
  void sendSubRequest(SimHost& h, const node::SubRequest& s);
  void sendReply(SimHost& h, const node::Reply& r);
  void subReply(const std::string& to, uint64_t incarnation, uint64_t id, Result<std::string> r);
  void scheduleTick(SimHost& h);
  void kill(SimHost& h);
  bool live(const std::string& name, uint64_t incarnation) const;

  ClusterShape shape_;
  ConfigPtr config_;
  SimConfigPort files_;
  SimClock clock_;
  EventQueue queue_{clock_};
  SimNetwork net_;
  std::mt19937_64 rng_;
  std::vector<std::string> names_;
  std::map<std::string, std::unique_ptr<SimHost>> hosts_;
  uint64_t nextConn_ = 1;
  std::set<std::tuple<std::string, uint64_t, uint64_t>> subsOpen_;  // not answered yet
  std::deque<std::string> trace_;
};

}  // namespace openlim::sim
