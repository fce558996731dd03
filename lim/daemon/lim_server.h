#pragma once
// The lim daemon: one POCO-socket event loop (UDP + TCP on the host's own address, port
// LSF_LIM_PORT) playing the agent on every host and the master on the elected one.
// Signals (SIGHUP reconfig, SIGTERM/SIGINT stop) arrive through a signalfd read in the loop.
// Decisions live in the pure core (agent::AgentRole, master::MasterRole, the query service in
// lim/lib/master, lim/lib/protocol); this class only turns sockets, timers and pipes into
// calls and the answers into packets.

#include <Poco/Net/DatagramSocket.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/StreamSocket.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "agent/agent_role.h"
#include "agent/load_collector.h"
#include "agent/melim_link.h"
#include "format/json.h"
#include "master/election.h"
#include "master/load_table.h"
#include "master/master_role.h"
#include "openlim/config.h"
#include "openlim/resreq.h"
#include "protocol/frame.h"
#include "protocol/messages.h"
#include "protocol/replay.h"

namespace openlim::lim {

double monotonicNow();

struct LimOptions {
  std::string envDir;
  std::string host;  // the name this lim plays
  std::string procRoot = "/";
  bool foreground = false;
};

// Drops and deliveries, exposed by the `status` op (names are the JSON keys).
struct LimCounters {
  uint64_t auth_bad_mac = 0, auth_replay = 0, auth_unsigned = 0, oversized = 0, malformed = 0;
  uint64_t reports_sent = 0, reports_ingested = 0, report_parts_sent = 0;
  uint64_t announces_sent = 0, probes_sent = 0, queries = 0, admin_requests = 0;
  uint64_t admin_denied = 0, reconfigs = 0, reconfigs_refused = 0, melim_restarts = 0;
  uint64_t unknown_sender = 0, send_errors = 0;
};

class LimServer {
 public:
  LimServer(ConfigPtr config, std::string key, LimOptions opts);
  ~LimServer();
  // Binds UDP and TCP on the host's address. kUnavailable when the port is taken.
  Status bind();
  // Runs until SIGTERM or a shutdown request. Returns the exit code; restartRequested() says
  // whether main should exec itself again.
  int run();
  bool restartRequested() const { return restart_; }

  // --- used by the query and admin handlers (queries.cc, admin.cc) ---
  const ConfigPtr& config() const { return config_; }
  const std::string& host() const { return opts_.host; }
  const master::Election& election() const { return *election_; }
  master::LoadTable& table() { return *table_; }
  const LimCounters& counters() const { return counters_; }
  RequestCache& requestCache() { return cache_; }
  std::string handleRequest(const protocol::Frame& f, double now);
  double bootEpoch() const { return static_cast<double>(epoch_); }

 private:
  struct Conn {
    Poco::Net::StreamSocket sock;
    std::string buf;
    double deadline = 0;  // closed (erased) when passed; 0 = done
  };
  void loopOnce();
  void onUdpReadable(double now);
  void onTcpAccept(double now);
  void onConnReadable(Conn& c, double now);
  void onTimers(double now);
  void onSignal();
  double nextDeadline() const;

  void dispatchUdp(const protocol::Frame& f, double now);
  bool fresh(const std::string& sender, const protocol::Frame& f);
  void onReport(const protocol::Frame& f, double now);
  void onAnnounce(const protocol::Frame& f, double now);
  void onAdminFrame(const protocol::Frame& f, double now);

  // agent role (agent_role.cc; the decisions are agent::AgentRole's)
  protocol::LoadReport buildReport(double now) const;
  void sendReport(const std::string& to, double now);
  void updateMelim(double now);
  void restartMelim(const agent::MelimSet& set, double now);
  agent::AgentSettings agentSettings() const;

  // master role (master_role.cc; the decisions are master::MasterRole's)
  void applyMaster(const master::MasterActions& a);
  bool announcing() const { return master_->announcing(); }
  void sendUdp(const std::string& host, protocol::Kind kind, const std::string& body);
  std::optional<std::string> addressOf(const std::string& host) const;
  // Cached per config: the hosts file first, the resolver once per name.
  const Poco::Net::SocketAddress* peerAddress(const std::string& host);

  // status (status.cc)
  std::string statusReply() const;
  std::string elimStatusReply(const std::string& host) const;

  // admin (admin.cc)
  std::string adminRequest(const std::string& op, const format::Json& req, double now);
  std::string reconfigureCluster();
  std::string localAdmin(const std::string& op, double seconds, double now);
  Status reloadConfig(std::vector<std::string>* diagnostics);
  void adoptConfig(ConfigPtr c, double now);

  ConfigPtr config_;
  std::string key_;
  LimOptions opts_;
  protocol::MacFn mac_;
  uint64_t epoch_ = 0;
  uint64_t seq_ = 0;
  uint16_t port_ = 7869;
  std::string address_;

  Poco::Net::DatagramSocket udp_;
  Poco::Net::ServerSocket tcp_;
  int signalFd_ = -1;
  std::vector<std::unique_ptr<Conn>> conns_;
  std::unordered_map<std::string, std::optional<Poco::Net::SocketAddress>> peers_;

  std::unique_ptr<master::MasterRole> master_;
  const master::Election* election_ = nullptr;  // master_'s, for reading who is master
  std::unique_ptr<master::LoadTable> table_;
  std::unique_ptr<agent::LoadCollector> collector_;
  std::unique_ptr<agent::MelimLink> melim_;
  std::unique_ptr<agent::AgentRole> agent_;
  protocol::ReplayGuard replay_;
  RequestCache cache_;
  LimCounters counters_;

  bool running_ = true;
  bool restart_ = false;
};

}  // namespace openlim::lim
