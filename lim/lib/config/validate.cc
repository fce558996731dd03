// Whole-configuration checks (see validate.h).
#include "config/validate.h"

#include <cstdio>

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
                     DiagSink& confDiag, DiagSink& clusterDiag) {
  if (ctx.snap.hosts.empty()) {
    clusterDiag.error(0, "no hosts in the Host section");
    return;
  }
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

std::string hexDigest(uint64_t hash) {
  char buf[17];
  snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(hash));
  return buf;
}

}  // namespace openlim::config
