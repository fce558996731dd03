#include "framed_io.h"

#include <Poco/Exception.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/Timestamp.h>
#include <unistd.h>

#include <chrono>

#include "hmac.h"

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

Signer makeClientSigner(std::string key, const std::string& prefix) {
  char host[256] = {0};
  ::gethostname(host, sizeof host - 1);
  auto us = std::chrono::duration_cast<std::chrono::microseconds>(
                std::chrono::system_clock::now().time_since_epoch())
                .count();
  return Signer{std::move(key), prefix + "@" + host + ":" + std::to_string(::getpid()),
                static_cast<uint64_t>(us), 0};
}

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

std::string withSender(const std::string& json, const std::string& sender) {
  size_t brace = json.find('{');
  if (brace == std::string::npos) return json;
  std::string esc;
  for (char c : sender) {
    if (c == '"' || c == '\\') esc.push_back('\\');
    if (static_cast<unsigned char>(c) >= 0x20) esc.push_back(c);
  }
  bool empty = json.find_first_not_of(" \t\r\n", brace + 1) == json.find('}', brace + 1);
  return json.substr(0, brace + 1) + "\"sender\":\"" + esc + "\"" + (empty ? "" : ",") +
         json.substr(brace + 1);
}

Result<std::string> requestJson(const std::string& address, uint16_t port, const std::string& json,
                                Signer* signer, const Timeouts& t) {
  protocol::Frame f{.kind = protocol::Kind::kRequest, .body = json};
  protocol::MacFn mac;
  if (signer != nullptr) {
    mac = makeMacFn(signer->key);
    f.isSigned = true;
    f.epoch = signer->epoch;
    f.seq = ++signer->seq;
    f.body = withSender(json, signer->sender);
  }
  try {
    Poco::Net::StreamSocket s;
    s.connect(Poco::Net::SocketAddress(address, port), span(t.connect));
    s.setNoDelay(true);
    Status st = sendAll(s, protocol::encodeFrame(f, signer ? &mac : nullptr));
    if (!st) return st;
    auto reply = recvFrame(s, protocol::kMaxTcpBody, nullptr, false, t.recv);
    if (!reply) return reply.status();
    if (reply->kind != protocol::Kind::kReply)
      return Status(Code::kInvalid, "unexpected frame kind in reply");
    return std::move(reply->body);
  } catch (const Poco::Exception& e) {
    return Status(Code::kUnavailable,
                  address + ":" + std::to_string(port) + ": " + e.displayText());
  }
}

}  // namespace openlim::shell
