// Whole-configuration checks (see validate.h).
#include "config/validate.h"

#include <arpa/inet.h>

#include <cstdio>
#include <map>

#include "config/lines.h"

namespace openlim::config {

namespace {

void masterList(BuildContext& ctx, const std::map<std::string, ConfEntry>& conf,
                DiagSink& confDiag) {
  auto& snap = ctx.snap;
  if (auto it = conf.find("LSF_MASTER_LIST"); it != conf.end()) {
    auto names = tokenizeWords(it->second.value);
    for (const auto& n : names) {
      const HostConfig* h = snap.findHost(n);
      if (!h) {
        if (!ctx.rejectedHosts.count(lower(n)))
          confDiag.warn(it->second.line,
                        "LSF_MASTER_LIST host " + q(n) + " is not in the Host section; ignored");
      } else if (!h->server) {
        confDiag.warn(it->second.line,
                      "LSF_MASTER_LIST host " + q(n) + " is not a server host; ignored");
      } else {
        snap.masterList.push_back(h->name);
      }
    }
    if (!snap.masterList.empty()) return;
  }
  for (const auto& h : snap.hosts)
    if (h.server) snap.masterList.push_back(h.name);
}

// Every address entry by lower-case name and alias: index into snap.addresses.
std::map<std::string, size_t> addressIndex(const ConfigSnapshot& snap) {
  std::map<std::string, size_t> out;
  for (size_t i = 0; i < snap.addresses.size(); ++i) {
    out.emplace(lower(snap.addresses[i].name), i);
    for (const auto& a : snap.addresses[i].aliases) out.emplace(lower(a), i);
  }
  return out;
}

// The address as bytes, so that two spellings of one IPv6 address compare equal; the text
// itself when it does not parse (the hosts file reader has warned about it already).
std::string addressKey(const std::string& ip) {
  unsigned char buf[16];
  int family = ip.find(':') == std::string::npos ? AF_INET : AF_INET6;
  if (inet_pton(family, ip.c_str(), buf) != 1) return ip;
  return std::string(reinterpret_cast<const char*>(buf), family == AF_INET ? 4 : 16);
}

void checkAddresses(const ConfigSnapshot& snap, const AddressCheck& check, DiagSink& diag) {
  auto index = addressIndex(snap);
  std::map<size_t, const HostConfig*> owner;  // address entry -> first host on it
  // Address -> first host on it: two lines of the hosts file may give one address to two
  // names, and the second lim would find the first one's ports taken.
  std::map<std::string, const HostConfig*> byAddress;
  for (const auto& h : snap.hosts) {
    auto it = index.find(lower(h.name));
    if (it == index.end()) {
      if (!check.resolves || check.resolves(h.name)) continue;
      diag.error(h.line, "host " + q(h.name) + " has no address: " +
                             (check.hostsFileRead ? "not in " + check.hostsPath
                                                  : "no hosts file " + check.hostsPath) +
                             ", and the system resolver does not know it");
      continue;
    }
    auto [first, fresh] = owner.emplace(it->second, &h);
    const HostAddress& a = snap.addresses[it->second];
    if (fresh) {
      auto [earlier, newAddress] = byAddress.emplace(addressKey(a.ip), &h);
      if (newAddress) continue;
      const HostConfig* other = earlier->second;
      const HostAddress& b = snap.addresses[index.at(lower(other->name))];
      diag.error(h.line, "host " + q(h.name) + " has the same address as host " + q(other->name) +
                             " (" + check.hostsPath + ":" + std::to_string(a.line) + " and " +
                             check.hostsPath + ":" + std::to_string(b.line) + " both give " + a.ip +
                             "); each host needs an address of its own");
      continue;
    }
    diag.error(h.line, "host " + q(h.name) + " is the same machine as host " +
                           q(first->second->name) + " (" + check.hostsPath + ":" +
                           std::to_string(a.line) + " maps both to " + a.ip +
                           "); one Host row per machine");
  }
}

}  // namespace

std::vector<std::string> tokenizeWords(std::string_view s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    size_t e = s.find_first_of(" \t\r\n\f\v", i);
    if (e == std::string_view::npos) e = s.size();
    if (e > i) out.emplace_back(s.substr(i, e - i));
    i = e + 1;
  }
  return out;
}

void validateCluster(BuildContext& ctx, const std::map<std::string, ConfEntry>& conf,
                     const AddressCheck& addresses, DiagSink& confDiag, DiagSink& clusterDiag) {
  if (ctx.snap.hosts.empty()) {
    clusterDiag.error(0, "no hosts in the Host section");
    return;
  }
  checkAddresses(ctx.snap, addresses, clusterDiag);
  masterList(ctx, conf, confDiag);
  if (ctx.snap.masterList.empty())
    clusterDiag.error(0, "no server host in the Host section; no host can be master");
}

uint64_t fnv1a(std::string_view bytes, uint64_t hash) {
  for (unsigned char c : bytes) {
    hash ^= c;
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

uint64_t normalizedDigest(std::string_view text, uint64_t hash) {
  std::vector<Diagnostic> ignored;  // the format readers report the same lines properly
  DiagSink sink("", &ignored);
  for (const auto& l : splitLogicalLines(text, QuoteStyle::kDouble, sink)) {
    std::string norm;
    char quote = 0;
    int parens = 0;
    for (char c : l.text) {
      bool blank = c == ' ' || c == '\t';
      if (quote == 0 && parens == 0 && blank) {
        if (!norm.empty() && norm.back() != ' ') norm.push_back(' ');
        continue;
      }
      if (quote) {
        if (c == quote) quote = 0;
      } else if (c == '"') {
        quote = c;
      } else if (c == '(') {
        ++parens;
      } else if (c == ')' && parens > 0) {
        --parens;
      }
      norm.push_back(c);
    }
    norm.push_back('\n');
    hash = fnv1a(norm, hash);
  }
  // A binary file gives no lines; its bytes still decide the digest.
  for (const auto& d : ignored)
    if (d.severity == Severity::kError) return fnv1a(text, hash);
  return hash;
}

std::string hexDigest(uint64_t hash) {
  char buf[17];
  snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(hash));
  return buf;
}

}  // namespace openlim::config
