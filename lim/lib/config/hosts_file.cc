// Hosts file reader (see hosts_file.h).
#include "config/hosts_file.h"

#include <arpa/inet.h>

#include <map>

#include "config/builtins.h"
#include "config/lines.h"
#include "config/tokens.h"

namespace openlim::config {

namespace {

bool validAddress(const std::string& ip) {
  unsigned char buf[16];
  int family = ip.find(':') == std::string::npos ? AF_INET : AF_INET6;
  return inet_pton(family, ip.c_str(), buf) == 1;
}

}  // namespace

std::vector<HostAddress> readHostsFile(std::string_view text, DiagSink& diag) {
  std::vector<HostAddress> out;
  std::map<std::string, int> seen;  // lower-case name or alias -> line
  for (const auto& l : splitLogicalLines(text, QuoteStyle::kDouble, diag)) {
    std::vector<std::string> f;
    for (size_t i = 0; i < l.text.size();) {
      size_t e = l.text.find_first_of(" \t", i);
      if (e == std::string::npos) e = l.text.size();
      if (e > i) f.push_back(l.text.substr(i, e - i));
      i = e + 1;
    }
    if (f.size() < 2) {
      diag.warn(l.number, "expected IP-address host-name [aliases]; ignored");
      continue;
    }
    if (!validAddress(f[0])) {
      diag.warn(l.number, "bad IP address " + q(f[0]) + "; line ignored");
      continue;
    }
    HostAddress a{f[0], "", {}, l.number};
    for (size_t i = 1; i < f.size(); ++i) {
      if (std::string bad = badHostName(f[i]); !bad.empty()) {
        diag.warn(l.number, bad + "; ignored");
        continue;
      }
      auto [it, fresh] = seen.emplace(lower(f[i]), l.number);
      if (!fresh) {
        diag.warn(l.number, "host " + q(f[i]) + " already mapped at line " +
                                std::to_string(it->second) + "; ignored");
        continue;
      }
      if (a.name.empty())
        a.name = f[i];
      else
        a.aliases.push_back(f[i]);
    }
    if (!a.name.empty()) out.push_back(std::move(a));
  }
  return out;
}

}  // namespace openlim::config
