#pragma once
// The commands' query client (LSF's command reference "Every command"): finds the lim to ask
// (LSF_SERVER_HOSTS first, then the local host's lim), sends one JSON request, follows one
// redirect to the master, signs admin requests with the cluster key (LSF_AUTH_KEYFILE).
//
// Configuration read: $LSF_ENVDIR/lsf.conf (default /etc) for LSF_SERVER_HOSTS,
// LSF_LIM_PORT (7869), LSF_API_CONNTIMEOUT (5 s), LSF_API_RECVTIMEOUT, LSF_AUTH_KEYFILE,
// LSF_CONFDIR, LSF_SERVERDIR, LSF_STRIP_DOMAIN; $LSF_CONFDIR/hosts for addresses. The whole
// cluster file is not read, so a command stays fast on a 10,000-host cluster.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "openlim/client.h"
#include "openlim/status.h"
#include "read_file.h"
#include "request_client.h"

namespace openlim::shell {

struct ClientConfig {
  std::vector<std::string> serverHosts;  // LSF_SERVER_HOSTS, in order
  bool serversOnly = false;              // ask serverHosts alone, never the local lim (-s)
  std::string localHost;                 // $OPENLIM_HOST or the system name
  // No $OPENLIM_HOST, and the hosts file (present) does not name the system: localHost is
  // a guess. When no lim answers there, the command says that the local host is not a
  // cluster host rather than that the LIM is down (localHostUnknown()).
  bool localHostGuessed = false;
  std::string hostsPath;    // $LSF_CONFDIR/hosts, for that message
  uint16_t port = 7869;     // LSF_LIM_PORT
  Timeouts timeouts;        // LSF_API_CONNTIMEOUT / RECVTIMEOUT
  std::string keyFile;      // LSF_AUTH_KEYFILE
  std::string serverDir;    // LSF_SERVERDIR
  std::string stateDir;     // LSF_STATEDIR (default /var/lib/openlim)
  std::string rsh;          // LSF_RSH as written; empty = not set
  int lsgrunParallel = 64;  // LSF_LSGRUN_PARALLEL
  // $LSF_CONFDIR/hosts: looked up by a scan when a name is needed (a command needs one or
  // two names, so a 10,000-line file is not turned into maps on every run). hostsText views
  // hostsFile's mapping (or a caller's own text, e.g. a test's literal).
  std::string_view hostsText;
  std::shared_ptr<const MappedFile> hostsFile;
};

struct HostEntry {
  std::string address;
  std::string name;  // the canonical name (second column)
};

// The entry whose name or alias is `nameOrAlias` (case-insensitive), else nullopt.
std::optional<HostEntry> findHostEntry(std::string_view hostsText, const std::string& nameOrAlias);

// Reads lsf.conf and the hosts file. kNotFound when lsf.conf cannot be read.
Result<ClientConfig> clientConfigFromEnvironment();

// The local host name (LSF's command reference): `envHost` when set, else the system name matched
// (short name or FQDN, case-insensitive) against the hosts file's names and aliases, else
// the system name with LSF_STRIP_DOMAIN's suffix (or the domain) removed.
std::string localHostName(const std::string& envHost, const std::string& systemName,
                          const ClientConfig& c, const std::string& stripDomain);

// kNotFound, subcode kLocalHostUnknown, "the local host <name> is not a cluster host (...)":
// what a command says instead of "LIM is down" when localHostGuessed and no lim answered
// (liblsf: LSE_LIM_BADHOST).
Status localHostUnknown(const ClientConfig& c);

// Turns the cluster key into the MAC that signs admin requests. Injected so that only the
// commands that sign (lsadmin: shell::makeMacFn, libcrypto) link a crypto library; the query
// commands start faster without it.
using MacFactory = std::function<protocol::MacFn(const std::string& key)>;

// The lims as the client library's transport (openlim::Client::fromEnvironment; the commands).
class LimClient : public LimTransport {
 public:
  explicit LimClient(ClientConfig c, MacFactory macFactory = nullptr)
      : config_(std::move(c)), macFactory_(std::move(macFactory)) {}

  // One request/reply. kUnavailable when no lim answered; kDenied when an admin request
  // cannot be signed (no readable key file, or no MacFactory).
  Result<std::string> ask(const std::string& request, bool admin) override;
  // A reservation request to the local host's lim, over its Unix socket in LSF_STATEDIR.
  Result<std::string> askLocal(const std::string& request) override;
  const ClientConfig& config() const { return config_; }
  std::string addressOf(const std::string& host) const;

 private:
  Result<std::string> askOne(const std::string& host, const std::string& request, Signer* signer);
  ClientConfig config_;
  MacFactory macFactory_;
};

}  // namespace openlim::shell
