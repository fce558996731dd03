#pragma once
// One framed request to another lim over a non-blocking POSIX socket, advanced by the
// caller's poll loop (the lim's elimstatus gather): connect, send, read the reply frame.
// It never blocks and never resolves a name: the address is numeric (the lim resolves names
// when it loads its config).

#include <cstdint>
#include <string>

#include "openlim/status.h"
#include "protocol/request.h"

namespace openlim::shell {

class AsyncRequest {
 public:
  // Starts connecting to numericAddress:port and queues `frameBytes` (an encoded request).
  // A failure to start (bad address, no socket) finishes it at once.
  AsyncRequest(const std::string& numericAddress, uint16_t port, std::string frameBytes,
               double deadline);
  ~AsyncRequest();
  AsyncRequest(const AsyncRequest&) = delete;
  AsyncRequest& operator=(const AsyncRequest&) = delete;

  int fd() const { return fd_; }
  // What to poll for: POLLOUT while connecting or sending, POLLIN while reading.
  short events() const;
  double deadline() const { return deadline_; }
  bool finished() const { return done_; }
  // Advances with poll's revents for fd(); returns finished().
  bool onReady(short revents);
  // Ends it unfinished: "timed out ..." (the caller's deadline passed).
  void expire();
  // REQUIRES: finished(). The reply body, or why there is none.
  const Result<std::string>& result() const { return result_; }

 private:
  void finish(Result<std::string> r);
  void finishConnect();
  void sendSome();
  void readSome();

  int fd_ = -1;
  std::string where_;
  std::string out_;
  size_t sent_ = 0;
  bool connected_ = false;
  protocol::FrameReader reader_{protocol::kMaxTcpBody};
  double deadline_;
  bool done_ = false;
  Result<std::string> result_ = Status(Code::kUnavailable, "not finished");
};

}  // namespace openlim::shell
