#pragma once
// Every peer lim's address, fixed when the config is loaded so that the event loop never
// asks a name resolver (a resolver that hangs would hang every query): the hosts file first
// (names and aliases), numeric names as they are, then — only at start-up, before the loop
// runs — the system resolver once for each config host still without an address. A reconfig
// (inside the loop) keeps the addresses resolved before and resolves nothing new: a host that
// the new config adds without a hosts-file entry has no address until the lim restarts.

#include <Poco/Net/SocketAddress.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>

#include "openlim/config.h"

namespace openlim::lim {

class PeerAddresses {
 public:
  // A name service lookup: the numeric address of `name`, or nullopt.
  using Resolver = std::function<std::optional<std::string>(const std::string& name)>;

  // Rebuilds the table for `config`. `resolve` (start-up only) is asked about the config
  // hosts that neither the hosts file nor numeric form gives; otherwise `previous` lends the
  // address it had for them (it may be *this).
  void rebuild(const ConfigSnapshot& config, uint16_t port, const Resolver* resolve,
               const PeerAddresses* previous);
  // Case-insensitive, as the config's names. nullptr when the name has no address.
  const Poco::Net::SocketAddress* find(const std::string& name) const;
  std::optional<std::string> ip(const std::string& name) const;
  // Config hosts left without an address by the last rebuild.
  size_t unresolved() const { return unresolved_; }

 private:
  struct Entry {
    std::string ip;
    Poco::Net::SocketAddress address;
  };
  bool add(const std::string& name, const std::string& ip, uint16_t port);

  std::unordered_map<std::string, Entry> byName_;  // lower-case name -> address
  size_t unresolved_ = 0;
};

}  // namespace openlim::lim
