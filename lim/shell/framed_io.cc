#include "framed_io.h"

#include <Poco/Exception.h>
#include <Poco/Net/NetException.h>
#include <Poco/Timestamp.h>

namespace openlim::shell {
namespace {

Poco::Timespan span(double seconds) {
  if (seconds < 0.001) seconds = 0.001;
  return Poco::Timespan(static_cast<Poco::Timespan::TimeDiff>(seconds * 1e6));
}

// Reads exactly n bytes into out, or fails at the deadline.
Status readExactly(Poco::Net::StreamSocket& s, size_t n, std::string& out,
                   const Poco::Timestamp& deadline) {
  size_t start = out.size();
  out.resize(start + n);
  size_t got = 0;
  while (got < n) {
    Poco::Timestamp::TimeDiff left = deadline - Poco::Timestamp();
    if (left <= 0) return Status(Code::kUnavailable, "timed out waiting for reply");
    s.setReceiveTimeout(Poco::Timespan(left));
    int r = s.receiveBytes(out.data() + start + got, static_cast<int>(n - got));
    if (r <= 0) return Status(Code::kUnavailable, "connection closed by peer");
    got += static_cast<size_t>(r);
  }
  return Status::ok();
}

}  // namespace

Status sendAll(Poco::Net::StreamSocket& s, std::string_view bytes) {
  try {
    size_t sent = 0;
    while (sent < bytes.size()) {
      int n = s.sendBytes(bytes.data() + sent, static_cast<int>(bytes.size() - sent));
      if (n <= 0) return Status(Code::kUnavailable, "connection closed while sending");
      sent += static_cast<size_t>(n);
    }
  } catch (const Poco::Exception& e) {
    return Status(Code::kUnavailable, "send failed: " + e.displayText());
  }
  return Status::ok();
}

Result<protocol::Frame> recvFrame(Poco::Net::StreamSocket& s, size_t maxBody,
                                  const protocol::MacFn* mac, bool requireSigned, double timeout) {
  try {
    Poco::Timestamp deadline;
    deadline += span(timeout).totalMicroseconds();
    std::string buf;
    Status st = readExactly(s, protocol::kHeaderSize, buf, deadline);
    if (!st) return st;
    protocol::DecodeError err;
    size_t total = protocol::frameSize(buf, maxBody, &err);
    if (total == 0) return Status(Code::kInvalid, protocol::decodeErrorName(err));
    st = readExactly(s, total - protocol::kHeaderSize, buf, deadline);
    if (!st) return st;
    protocol::Decoded d = protocol::decodeFrame(buf, maxBody, mac, requireSigned);
    if (!d.ok()) return Status(Code::kInvalid, protocol::decodeErrorName(d.error));
    return std::move(d.frame);
  } catch (const Poco::TimeoutException&) {
    return Status(Code::kUnavailable, "timed out waiting for reply");
  } catch (const Poco::Exception& e) {
    return Status(Code::kUnavailable, "receive failed: " + e.displayText());
  }
}

}  // namespace openlim::shell
