#pragma once
// The master side of a lim (LSF's LIM behaviour "The master", "Shared resources"): the election
// (master/election.h) and what follows from it — heartbeats to the other candidates, probe
// replies, the master's paced announce round to every host (master/announce_pace.h) naming
// the shared resources each one serves, and which host serves each shared instance
// (master/shared_servers.h). Pure: events and `now` in, messages to send and log lines out;
// the daemon encodes, signs and sends them.
//
// Candidates beat each other every beat period (a fraction of EXINTERVAL, election.h), so a
// dead master is replaced within one exchange interval; only the master's announce round to
// every host keeps the EXINTERVAL pace.
//
// Role change and hand-back: a candidate takes the role when the election says so and
// announces at once; a master that hears a higher candidate claim yields (the election's
// rule), stops its announce round, and its own shared instances go to the new master.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "master/announce_pace.h"
#include "master/election.h"
#include "master/load_table.h"
#include "openlim/config.h"
#include "protocol/frame.h"
#include "protocol/messages.h"

namespace openlim::master {

struct Outgoing {
  protocol::Kind kind;  // kMasterAnnounce, kMasterProbe or kProbeReply
  std::string to;
  protocol::Announce body;
};

struct MasterActions {
  std::vector<Outgoing> send;  // in this order
  uint64_t probes = 0;         // probes among `send` (the probes_sent counter)
  uint64_t heartbeats = 0;     // heartbeat rounds started (the announces_sent counter)
  uint64_t ingested = 0;       // reports taken into the load table (reports_ingested)
  uint64_t unknownSender = 0;  // reports from hosts not in the cluster file (unknown_sender)
  std::vector<std::string> log;
  std::vector<std::string> warnings;
  // As master: the shared resources this host serves itself (every tick as master).
  std::optional<std::vector<std::string>> servesSelf;
};

class MasterRole {
 public:
  MasterRole(std::string self, ConfigPtr config, double now);
  // A new config: candidates and timing; as master the shared servers are recomputed and an
  // announce round in progress starts again over the new host list.
  MasterActions reconfigure(ConfigPtr config, LoadTable& table, double now);

  // --- events ---
  // A load report (its sender is heard); as master it goes into `table`, and a host's config
  // drift is logged once when it starts and once when it ends.
  MasterActions onReport(const protocol::LoadReport& r, LoadTable& table, double now);
  // A heartbeat, probe or probe reply; a probe is answered.
  MasterActions onAnnounce(protocol::Kind kind, const protocol::Announce& a, double now);
  // Timers: the election, role changes, heartbeats and the announce round; as master, the
  // shared servers from `table`'s availability (set into the table).
  MasterActions onTick(LoadTable& table, double now);
  double nextDeadline() const;
  bool announcing() const { return announceTo_ && announceNext_ < announceTo_->hosts.size(); }

  const Election& election() const { return election_; }
  bool isMaster() const { return election_.isMaster(); }
  const std::string& master() const { return election_.master(); }

 private:
  protocol::Announce me() const;
  // Kind 4 to each of `hosts` but this one (beats and a non-master's heartbeat).
  void sendTo(const std::vector<std::string>& hosts, const LoadTable& table,
              MasterActions* out) const;
  void heartbeat(const LoadTable& table, double now, MasterActions* out);
  void announceSome(const LoadTable& table, double now, MasterActions* out);
  void refreshServers(LoadTable& table, double now, MasterActions* out);

  std::string self_;
  ConfigPtr config_;
  Election election_;
  bool wasMaster_ = false;
  // The announce round, paced in small batches so queries are served between them: the
  // hosts of the configuration it started with (kept, not copied: 100,000 names cost
  // milliseconds), by index; the master itself is skipped.
  ConfigPtr announceTo_;
  size_t announceNext_ = 0;  // the next index into announceTo_->hosts
  size_t announceSent_ = 0;  // announces sent in this round (what the pace counts)
  AnnouncePace announcePace_;
};

}  // namespace openlim::master
