#pragma once
// A fake lim for the C API's tests: a loopback socket that answers every connection with one
// reply, the reply frame around a body, a port nothing listens on, and a fixture whose
// lsf.conf points the library at them.

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "lsf_session.h"

namespace openlim::lsf::testing {

namespace fs = std::filesystem;

// A TCP socket bound to a free port of 127.0.0.1; that port in *port.
inline int boundLoopbackSocket(int* port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t len = sizeof a;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  *port = ntohs(a.sin_port);
  return fd;
}

// A listening socket on 127.0.0.1 that answers each connection with `reply` (raw bytes).
class FakeLim {
 public:
  explicit FakeLim(std::string reply) : reply_(std::move(reply)) {
    fd_ = boundLoopbackSocket(&port_);
    ::listen(fd_, 8);
    thread_ = std::thread([this] { serve(); });
  }
  ~FakeLim() {
    ::shutdown(fd_, SHUT_RDWR);
    ::close(fd_);
    thread_.join();
  }
  int port() const { return port_; }
  int connections() const { return connections_.load(); }

 private:
  void serve() {
    for (;;) {
      int c = ::accept(fd_, nullptr, nullptr);
      if (c < 0) return;
      ++connections_;
      char buf[4096];
      (void)::recv(c, buf, sizeof buf, 0);  // the request (small): read, then answer
      (void)::send(c, reply_.data(), reply_.size(), MSG_NOSIGNAL);
      ::close(c);
    }
  }
  std::string reply_;
  std::atomic<int> connections_{0};
  int fd_ = -1;
  int port_ = 0;
  std::thread thread_;
};

// A reply frame header (docs/protocol.md) announcing `length` bytes of body.
inline std::string header(uint32_t length) {
  std::string h = "OLIM";
  h += {1, 2, 0, 0};
  for (int shift = 24; shift >= 0; shift -= 8) h += static_cast<char>((length >> shift) & 0xff);
  return h;
}

inline std::string frame(const std::string& body) {
  return header(static_cast<uint32_t>(body.size())) + body;
}

// An environment whose only lim is 127.0.0.1:port; with `down`, a second server host after it
// at 127.0.0.2, the same port, where nothing listens.
class LsfApi : public ::testing::Test {
 protected:
  void useLim(int port, const std::string& down = "") {
    dir_ = fs::temp_directory_path() / ("lsf_api_test." + std::to_string(::getpid()));
    fs::create_directories(dir_);
    const std::string servers = down.empty() ? "fake" : "\"fake " + down + "\"";
    std::ofstream(dir_ / "lsf.conf")
        << "LSF_SERVER_HOSTS=" << servers << "\nLSF_LIM_PORT=" << port
        << "\nLSF_CONFDIR=" << dir_.string() << "\nLSF_API_CONNTIMEOUT=2\nLSF_API_RECVTIMEOUT=2\n";
    std::ofstream(dir_ / "hosts") << "127.0.0.1 fake\n"
                                  << (down.empty() ? "" : "127.0.0.2 " + down + "\n");
    ::setenv("LSF_ENVDIR", dir_.c_str(), 1);
    ::setenv("OPENLIM_HOST", "fake", 1);
    openlim::lsf::resetSession();
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
    openlim::lsf::resetSession();
  }
  fs::path dir_;
};

// A port nothing listens on.
inline int closedPort() {
  int port = 0;
  ::close(boundLoopbackSocket(&port));
  return port;
}

}  // namespace openlim::lsf::testing
