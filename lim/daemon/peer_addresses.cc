#include "peer_addresses.h"

#include <Poco/Exception.h>
#include <Poco/Net/IPAddress.h>
#include <arpa/inet.h>
#include <netdb.h>
#include <sys/socket.h>

#include <algorithm>
#include <cctype>

namespace openlim::lim {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

bool isNumeric(const std::string& name) {
  unsigned char buf[sizeof(in6_addr)];
  return ::inet_pton(AF_INET, name.c_str(), buf) == 1 ||
         ::inet_pton(AF_INET6, name.c_str(), buf) == 1;
}

}  // namespace

bool PeerAddresses::add(const std::string& name, const std::string& ip, uint16_t port) {
  if (!isNumeric(ip)) return false;  // never hand a name to POCO: it would resolve it
  try {
    byName_.emplace(lower(name),
                    Entry{ip, Poco::Net::SocketAddress(Poco::Net::IPAddress(ip), port)});
    return true;
  } catch (const Poco::Exception&) {
    return false;
  }
}

void PeerAddresses::rebuild(const ConfigSnapshot& config, uint16_t port, const Resolver* resolve,
                            const PeerAddresses* previous) {
  std::unordered_map<std::string, Entry> old;
  if (previous == this) old.swap(byName_);
  const auto& prev = previous == this ? old : previous ? previous->byName_ : old;
  byName_.clear();
  unresolved_ = 0;
  for (const auto& a : config.addresses) {
    add(a.name, a.ip, port);
    for (const auto& al : a.aliases) add(al, a.ip, port);
  }
  std::vector<std::string> names;
  for (const auto& h : config.hosts) names.push_back(h.name);
  names.insert(names.end(), config.masterList.begin(), config.masterList.end());
  for (const auto& name : names) {
    if (byName_.count(lower(name))) continue;
    if (isNumeric(name) && add(name, name, port)) continue;
    std::optional<std::string> ip;
    if (resolve) {
      ip = (*resolve)(name);
    } else if (auto it = prev.find(lower(name)); it != prev.end()) {
      ip = it->second.ip;
    }
    if (!ip || !add(name, *ip, port)) ++unresolved_;
  }
}

const Poco::Net::SocketAddress* PeerAddresses::find(const std::string& name) const {
  auto it = byName_.find(lower(name));
  return it == byName_.end() ? nullptr : &it->second.address;
}

std::optional<std::string> PeerAddresses::ip(const std::string& name) const {
  auto it = byName_.find(lower(name));
  if (it == byName_.end()) return std::nullopt;
  return it->second.ip;
}

}  // namespace openlim::lim
