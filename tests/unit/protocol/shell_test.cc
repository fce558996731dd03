// hmac, key_file, request_client and async_request (lim/shell), over real loopback sockets.
#include <Poco/Net/ServerSocket.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <thread>

#include "async_request.h"
#include "hmac.h"
#include "key_file.h"
#include "request_client.h"

namespace openlim::shell {
namespace {

// The server side of one exchange, as the lim does it: the request assembled by
// protocol::FrameReader, the reply sent whole.
protocol::Decoded serverRead(Poco::Net::StreamSocket& c, const protocol::MacFn* mac) {
  protocol::FrameReader reader(protocol::kMaxRequestBody);
  char buf[4096];
  while (reader.state() == protocol::FrameReader::State::kNeedMore) {
    int n = c.receiveBytes(buf, sizeof buf);
    if (n <= 0) return {.error = protocol::DecodeError::kMalformed};
    reader.append(std::string_view(buf, static_cast<size_t>(n)));
  }
  if (reader.state() != protocol::FrameReader::State::kComplete) return {.error = reader.error()};
  return reader.decode(mac);
}

void serverReply(Poco::Net::StreamSocket& c, const std::string& body) {
  std::string bytes =
      protocol::encodeFrame({.kind = protocol::Kind::kReply, .body = body}, nullptr);
  for (size_t sent = 0; sent < bytes.size();) {
    int n = c.sendBytes(bytes.data() + sent, static_cast<int>(bytes.size() - sent));
    if (n <= 0) return;
    sent += static_cast<size_t>(n);
  }
}

// Drives an AsyncRequest with poll() until it finishes or `seconds` pass.
void drive(AsyncRequest& r, double seconds) {
  for (int i = 0; i < seconds * 100 && !r.finished(); ++i) {
    pollfd p{r.fd(), r.events(), 0};
    if (::poll(&p, 1, 10) > 0) r.onReady(p.revents);
  }
  if (!r.finished()) r.expire();
}

std::string hex(const protocol::Mac& m) {
  std::string s;
  char b[3];
  for (uint8_t c : m) {
    std::snprintf(b, sizeof b, "%02x", c);
    s += b;
  }
  return s;
}

TEST(Hmac, MatchesRfc4231TestCase2) {
  EXPECT_EQ(hex(hmacSha256("Jefe", "what do ya want for nothing?")),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
}

std::string tempPath(const char* name) {
  return ::testing::TempDir() + "/" + name + std::to_string(::getpid());
}

TEST(KeyFile, WritesAndReadsAPrivateKey) {
  std::string p = tempPath("key");
  ASSERT_TRUE(writeNewKeyFile(p).isOk());
  auto k = readKeyFile(p);
  ASSERT_TRUE(k.isOk()) << k.status().message();
  EXPECT_EQ(k->size(), 64u);
  std::remove(p.c_str());
}

TEST(KeyFile, RefusesMissingShortAndWorldReadable) {
  std::string p = tempPath("badkey");
  EXPECT_EQ(readKeyFile(p).status().code(), Code::kNotFound);
  std::ofstream(p) << "short\n";
  ::chmod(p.c_str(), 0600);
  EXPECT_EQ(readKeyFile(p).status().code(), Code::kInvalid);
  std::ofstream(p) << "long-enough-key-material\n";
  ::chmod(p.c_str(), 0644);
  EXPECT_EQ(readKeyFile(p).status().code(), Code::kDenied);
  std::remove(p.c_str());
}

// A key file the caller may not read says why, in the system's words. Root reads any file, so
// the check runs in a child that gives up root first (nobody); the directory is traversable.
TEST(KeyFile, UnreadableSaysTheSystemsReason) {
  std::string dir = tempPath("keydir");
  ASSERT_EQ(::mkdir(dir.c_str(), 0755), 0);
  std::string p = dir + "/key";
  std::ofstream(p) << "long-enough-key-material\n";
  ASSERT_EQ(::chmod(p.c_str(), 0), 0);
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    if (::geteuid() == 0 && ::setuid(65534) != 0) ::_exit(3);
    auto k = readKeyFile(p);
    bool said =
        !k.isOk() && k.status().message() == p + ": cannot read key file: Permission denied";
    ::_exit(said ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  std::remove(p.c_str());
  ::rmdir(dir.c_str());
}

TEST(KeyFile, DirectoryAndOversizedFilesAreNoKey) {
  std::string dir = tempPath("keyisdir");
  ASSERT_EQ(::mkdir(dir.c_str(), 0700), 0);
  EXPECT_EQ(readKeyFile(dir).status().message(), dir + ": key file is a directory, not a file");
  ::rmdir(dir.c_str());
  std::string p = tempPath("bigkey");
  std::ofstream(p) << std::string(65 * 1024, 'k');
  ::chmod(p.c_str(), 0600);
  EXPECT_EQ(readKeyFile(p).status().code(), Code::kInvalid);
  EXPECT_NE(readKeyFile(p).status().message().find("larger than 65536 bytes"), std::string::npos);
  std::remove(p.c_str());
}

TEST(FramedIo, WithSenderInsertsTheField) {
  EXPECT_EQ(withSender(R"({"op":"lock"})", "me"), R"({"sender":"me","op":"lock"})");
  EXPECT_EQ(withSender("{}", "me"), R"({"sender":"me"})");
}

TEST(FramedIo, SignedRequestAndReplyOverLoopback) {
  Poco::Net::ServerSocket server(Poco::Net::SocketAddress("127.0.0.1", 0));
  uint16_t port = server.address().port();
  protocol::MacFn mac = makeMacFn("cluster-key-0123456789");
  std::string seenBody;
  uint64_t seenSeq = 0;
  std::thread t([&] {
    Poco::Net::StreamSocket c = server.acceptConnection();
    protocol::Decoded d = serverRead(c, &mac);
    if (d.ok() && d.frame.isSigned) {
      seenBody = d.frame.body;
      seenSeq = d.frame.seq;
    }
    serverReply(c, R"({"ok":true})");
  });
  Signer signer = makeClientSigner("cluster-key-0123456789", "lsadmin");
  auto r = requestJson("127.0.0.1", port, R"({"op":"lock"})", &signer, Timeouts{});
  t.join();
  ASSERT_TRUE(r.isOk()) << r.status().message();
  EXPECT_EQ(*r, R"({"ok":true})");
  EXPECT_NE(seenBody.find(R"("op":"lock")"), std::string::npos);
  EXPECT_NE(seenBody.find("lsadmin@"), std::string::npos);
  EXPECT_EQ(seenSeq, 1u);
}

TEST(FramedIo, SilentServerTimesOutAsUnavailable) {
  Poco::Net::ServerSocket server(Poco::Net::SocketAddress("127.0.0.1", 0));
  auto r = requestJson("127.0.0.1", server.address().port(), R"({"op":"id"})", nullptr,
                       Timeouts{.connect = 1, .recv = 0.2});
  EXPECT_EQ(r.status().code(), Code::kUnavailable);
}

TEST(FramedIo, NobodyListeningIsUnavailable) {
  uint16_t port;
  {
    Poco::Net::ServerSocket s(Poco::Net::SocketAddress("127.0.0.1", 0));
    port = s.address().port();
  }
  auto r = requestJson("127.0.0.1", port, "{}", nullptr, Timeouts{.connect = 1, .recv = 1});
  EXPECT_EQ(r.status().code(), Code::kUnavailable);
}

TEST(AsyncRequest, ExchangesOneFrameWithoutBlocking) {
  Poco::Net::ServerSocket server(Poco::Net::SocketAddress("127.0.0.1", 0));
  std::string seen;
  std::string big(3 << 20, 'x');  // a reply larger than the socket buffers
  std::thread t([&] {
    Poco::Net::StreamSocket c = server.acceptConnection();
    protocol::Decoded d = serverRead(c, nullptr);
    if (d.ok()) seen = d.frame.body;
    serverReply(c, "\"" + big + "\"");
  });
  std::string req =
      protocol::encodeFrame({.kind = protocol::Kind::kRequest, .body = "{}"}, nullptr);
  AsyncRequest r("127.0.0.1", server.address().port(), req, 1e300);
  drive(r, 10);
  t.join();
  ASSERT_TRUE(r.finished());
  ASSERT_TRUE(r.result().isOk()) << r.result().status().message();
  EXPECT_EQ(r.result()->size(), big.size() + 2);
  EXPECT_EQ(seen, "{}");
  EXPECT_EQ(r.fd(), -1);  // closed once finished
}

TEST(AsyncRequest, RefusedConnectionIsUnavailable) {
  uint16_t port;
  {
    Poco::Net::ServerSocket s(Poco::Net::SocketAddress("127.0.0.1", 0));
    port = s.address().port();
  }
  AsyncRequest r("127.0.0.1", port, "x", 1e300);
  drive(r, 5);
  EXPECT_EQ(r.result().status().code(), Code::kUnavailable);
}

TEST(AsyncRequest, SilentServerEndsWhenExpired) {
  Poco::Net::ServerSocket server(Poco::Net::SocketAddress("127.0.0.1", 0));
  std::string req =
      protocol::encodeFrame({.kind = protocol::Kind::kRequest, .body = "{}"}, nullptr);
  AsyncRequest r("127.0.0.1", server.address().port(), req, 0);
  drive(r, 0.2);  // connected and sent; no reply comes
  ASSERT_TRUE(r.finished());
  EXPECT_NE(r.result().status().message().find("timed out"), std::string::npos);
}

TEST(AsyncRequest, NamesAreNeverResolved) {
  AsyncRequest r("localhost", 7869, "x", 1e300);
  ASSERT_TRUE(r.finished());
  EXPECT_NE(r.result().status().message().find("not a numeric address"), std::string::npos);
}

}  // namespace
}  // namespace openlim::shell
