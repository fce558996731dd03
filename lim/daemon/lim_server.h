#pragma once
// The lim daemon's shell: transports only. Every decision is node::LimNode's (the election,
// the agent's schedule, queries, reservations, holds, forwarding, quotas, the status
// reply); this class moves bytes and time into the node and carries its effects out:
//   - one poll loop (shell::Poller) over UDP and TCP on the host's address (LSF_LIM_PORT),
//     the local socket, a signalfd (SIGHUP reconfig, SIGTERM/SIGINT stop), melim's pipes,
//     the client connections (connections.h), the sub-requests to other lims
//     (sub_requests.h) and the metrics endpoint;
//   - the state files of this host's kept reservations (state_store.h): the node's journal
//     records of a turn go out in one write and fdatasync, and only then the turn's
//     replies (a reply never promises what a crash could lose);
//   - the clock (shell/clock.h): the one place the daemon reads the time.

#include <Poco/Net/DatagramSocket.h>
#include <Poco/Net/ServerSocket.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agent/load_collector.h"
#include "agent/melim_link.h"
#include "config_files.h"
#include "connections.h"
#include "host_measures.h"
#include "master/request_stats.h"
#include "metrics_endpoint.h"
#include "node/lim_node.h"
#include "openlim/config.h"
#include "peer_addresses.h"
#include "poller.h"
#include "state_store.h"
#include "sub_requests.h"
#include "transport_counters.h"

namespace openlim::lim {

struct LimOptions {
  std::string envDir;
  std::string host;  // the name this lim plays
  std::string procRoot = "/";
  bool foreground = false;
};

class LimServer {
 public:
  LimServer(ConfigPtr config, std::string key, LimOptions opts);
  ~LimServer();
  // Binds UDP and TCP on the host's address (kUnavailable when the port is taken), then
  // loads this host's state files and binds the local socket.
  Status bind();
  // Runs until SIGTERM or a shutdown request. Returns the exit code; restartRequested() says
  // whether main should exec itself again.
  int run();
  bool restartRequested() const { return restart_; }

 private:
  void turn();
  void registerSources(double now);
  void onDatagrams();
  void onSignals();
  void onRequest(uint64_t conn, const protocol::Frame& f, bool local, const std::string& user);
  // Carries out what the node decided.
  void apply(node::Effects fx);
  void sendDatagram(const node::Datagram& d);
  void startSubRequest(const node::SubRequest& s);
  // The end of a turn: the journal records committed (one fdatasync), then the replies and
  // the acknowledgements that say "journalled".
  void commitTurn();
  Status bindLocal();
  Status startMetrics();
  master::MetricsInputPtr metricsInput();
  const PeerAddresses& peers();

  ConfigPtr config_;  // the one the shell's parts were built for (the node's may be newer)
  LimOptions opts_;
  protocol::MacFn mac_;
  uint64_t epoch_ = 0;
  uint64_t seq_ = 0;
  uint16_t port_ = 7869;
  std::string address_;

  TransportCounters transport_;
  Poco::Net::DatagramSocket udp_;
  Poco::Net::ServerSocket tcp_;
  int signalFd_ = -1;
  int localFd_ = -1;
  shell::Poller poller_;
  Connections conns_;
  SubRequests subs_;
  PeerAddresses peers_;
  std::weak_ptr<const ConfigSnapshot> peersConfig_;  // the config peers_ was built for

  std::unique_ptr<agent::LoadCollector> collector_;
  std::unique_ptr<agent::MelimLink> melim_;
  std::unique_ptr<HostMeasures> measures_;
  std::unique_ptr<ConfigFiles> files_;
  std::unique_ptr<node::LimNode> node_;

  StateStore store_;
  // This turn's replies and acknowledgements, sent after its journal commit.
  std::vector<node::Reply> replies_;
  std::vector<node::Datagram> committed_;
  master::RequestStats requestStats_;
  std::unique_ptr<MetricsEndpoint> metrics_;  // null: no LSF_METRICS_ADDR (or cannot bind)

  bool running_ = true;
  bool restart_ = false;
};

}  // namespace openlim::lim
