#pragma once
// What a LimNode asks its shell to do after an event (lim/lib/node/lim_node.h): the node
// decides, the shell (the daemon, or the simulator) carries these out in order. Nothing
// here is encoded for a wire: a datagram's body is the frame body, signed and sequenced by
// the shell.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "openlim/config.h"
#include "protocol/frame.h"

namespace openlim::node {

// A signed datagram to another lim.
struct Datagram {
  std::string to;  // a host of the cluster file
  protocol::Kind kind;
  std::string body;
};

// The reply to request `conn`. `ok` false: an error reply (the request counts as failed in
// the op's statistics); `op` names it there.
struct Reply {
  uint64_t conn = 0;
  std::string body;
  bool ok = true;
  std::string op;
};

// A request to another lim's TCP port; its answer comes back through LimNode::onSubReply
// with the same id (or an error when it cannot be sent, or at `deadline`).
struct SubRequest {
  uint64_t id = 0;
  std::string host;
  std::string body;     // the request's JSON
  bool sign = false;    // signed with the cluster key (a forwarded reservation request)
  double deadline = 0;  // monotonic
};

enum class LogLevel { kInfo, kWarn, kError };
struct LogLine {
  LogLevel level = LogLevel::kInfo;
  std::string text;
};

// melim to run with this resource set (and as master's melim or not).
struct MelimStart {
  std::vector<std::string> resources;
  bool master = false;
};

// What onRequest made of its request, for the op's statistics (the shell times the call).
struct Handled {
  std::string op;  // "" when the request named none
  bool ok = true;  // an error reply (a deferred one counts as ok until it is answered)
};

struct Effects {
  std::optional<Handled> handled;  // onRequest only
  std::vector<Datagram> datagrams;
  // Sent, like replies, only once the turn's journal records are on disk: a keeper's
  // "journalled" acknowledgement to the master (RESERVATION_CONSISTENCY = quorum).
  std::vector<Datagram> committedDatagrams;
  // A reply is sent once the journal records of its loop turn (this event's and the other
  // events' of the same turn) are on disk: a reply never promises what a crash could lose.
  std::vector<Reply> replies;
  std::vector<SubRequest> subRequests;
  // Changes to this host's kept reservations, as journal records (reserve/journal.h), in
  // order: appended to the journal and committed (one fdatasync) at the end of the turn.
  std::vector<std::string> journal;
  std::optional<MelimStart> melim;
  bool melimRescan = false;  // SIGHUP melim: rescan LSF_SERVERDIR, retry elims
  // A new configuration was adopted: the shell's own parts (collector, peers) follow it.
  ConfigPtr adopted;
  std::vector<LogLine> log;
  bool stop = false;     // leave the loop (shutdown)
  bool restart = false;  // and exec again (restart)

  void info(std::string s) { log.push_back({LogLevel::kInfo, std::move(s)}); }
  void warn(std::string s) { log.push_back({LogLevel::kWarn, std::move(s)}); }
  void error(std::string s) { log.push_back({LogLevel::kError, std::move(s)}); }
  void reply(uint64_t conn, std::string body, bool ok, std::string op) {
    replies.push_back({conn, std::move(body), ok, std::move(op)});
  }
  void send(std::string to, protocol::Kind kind, std::string body) {
    datagrams.push_back({std::move(to), kind, std::move(body)});
  }
};

}  // namespace openlim::node
