#pragma once
// A client of a server socket on loopback, for the daemon's connection tests: connects (from
// `from`, when given), sends, and reads without blocking what has come.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <string>

namespace openlim::lim {

struct Client {
  explicit Client(uint16_t port, const char* from = nullptr) {
    fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (from) {
      sockaddr_in a{};
      a.sin_family = AF_INET;
      ::inet_pton(AF_INET, from, &a.sin_addr);
      EXPECT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
    }
    sockaddr_in s{};
    s.sin_family = AF_INET;
    s.sin_port = htons(port);
    ::inet_pton(AF_INET, "127.0.0.1", &s.sin_addr);
    EXPECT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&s), sizeof s), 0);
    ::fcntl(fd, F_SETFL, O_NONBLOCK);
  }
  ~Client() { ::close(fd); }
  void send(const std::string& s) {
    EXPECT_EQ(::send(fd, s.data(), s.size(), 0), (ssize_t)s.size());
  }
  // Takes what has come; true once the server closed its side.
  bool drain() {
    char buf[65536];
    for (;;) {
      ssize_t n = ::recv(fd, buf, sizeof buf, 0);
      if (n > 0) {
        got.append(buf, static_cast<size_t>(n));
        continue;
      }
      if (n == 0) ended = true;
      return ended;
    }
  }
  // An HTTP reply's body.
  std::string body() const { return got.substr(got.find("\r\n\r\n") + 4); }
  int fd = -1;
  std::string got;
  bool ended = false;
};

}  // namespace openlim::lim
