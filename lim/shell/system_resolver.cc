#include "system_resolver.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>

namespace openlim::shell {

std::optional<std::string> resolveWithSystem(const std::string& name) {
  addrinfo hints{};
  hints.ai_socktype = SOCK_DGRAM;
  addrinfo* res = nullptr;
  if (::getaddrinfo(name.c_str(), nullptr, &hints, &res) != 0 || !res) return std::nullopt;
  std::optional<std::string> v4, v6;
  for (addrinfo* p = res; p; p = p->ai_next) {
    char buf[INET6_ADDRSTRLEN] = {0};
    if (p->ai_family == AF_INET && !v4) {
      ::inet_ntop(AF_INET, &reinterpret_cast<sockaddr_in*>(p->ai_addr)->sin_addr, buf, sizeof buf);
      v4 = buf;
    } else if (p->ai_family == AF_INET6 && !v6) {
      ::inet_ntop(AF_INET6, &reinterpret_cast<sockaddr_in6*>(p->ai_addr)->sin6_addr, buf,
                  sizeof buf);
      v6 = buf;
    }
  }
  ::freeaddrinfo(res);
  return v4 ? v4 : v6;
}

HostResolver systemHostResolver() {
  return [](const std::string& name) { return resolveWithSystem(name).has_value(); };
}

}  // namespace openlim::shell
