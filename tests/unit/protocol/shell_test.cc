// hmac, key_file and framed_io (lim/shell), over a real loopback socket.
#include <Poco/Net/ServerSocket.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <thread>

#include "framed_io.h"
#include "hmac.h"
#include "key_file.h"

namespace openlim::shell {
namespace {

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
    auto f = recvFrame(c, protocol::kMaxTcpBody, &mac, true, 5);
    if (f.isOk()) {
      seenBody = f->body;
      seenSeq = f->seq;
    }
    protocol::Frame reply{.kind = protocol::Kind::kReply, .body = R"({"ok":true})"};
    sendAll(c, protocol::encodeFrame(reply, nullptr));
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

}  // namespace
}  // namespace openlim::shell
