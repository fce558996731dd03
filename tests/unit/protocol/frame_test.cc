#include "protocol/frame.h"

#include <gtest/gtest.h>

#include "hmac.h"

namespace openlim::protocol {
namespace {

MacFn keyed(const std::string& key) {
  return shell::makeMacFn(key);
}

TEST(Frame, UnsignedRoundTrip) {
  Frame f{.kind = Kind::kRequest, .body = R"({"op":"id"})"};
  std::string bytes = encodeFrame(f, nullptr);
  EXPECT_EQ(bytes.size(), kHeaderSize + f.body.size());
  Decoded d = decodeFrame(bytes, kMaxTcpBody, nullptr, false);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d.frame.kind, Kind::kRequest);
  EXPECT_FALSE(d.frame.isSigned);
  EXPECT_EQ(d.frame.body, f.body);
}

TEST(Frame, SignedRoundTripCarriesEpochAndSeq) {
  MacFn mac = keyed("0123456789abcdef0123");
  Frame f{.kind = Kind::kLoadReport, .isSigned = true, .epoch = 77, .seq = 5, .body = "xyz"};
  std::string bytes = encodeFrame(f, &mac);
  EXPECT_EQ(bytes.size(), kHeaderSize + kAuthSize + 3 + kMacSize);
  Decoded d = decodeFrame(bytes, kMaxUdpBody, &mac, true);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d.frame.epoch, 77u);
  EXPECT_EQ(d.frame.seq, 5u);
  EXPECT_EQ(d.frame.body, "xyz");
}

TEST(Frame, WrongKeyOrFlippedByteIsBadMac) {
  MacFn mac = keyed("0123456789abcdef0123");
  MacFn other = keyed("another-key-of-16-bytes");
  Frame f{.kind = Kind::kMasterAnnounce, .isSigned = true, .epoch = 1, .seq = 1, .body = "ab"};
  std::string bytes = encodeFrame(f, &mac);
  EXPECT_EQ(decodeFrame(bytes, kMaxUdpBody, &other, true).error, DecodeError::kBadMac);
  for (size_t i = kHeaderSize; i < bytes.size(); ++i) {
    std::string b = bytes;
    b[i] = static_cast<char>(b[i] ^ 1);
    EXPECT_EQ(decodeFrame(b, kMaxUdpBody, &mac, true).error, DecodeError::kBadMac) << i;
  }
  EXPECT_EQ(decodeFrame(bytes, kMaxUdpBody, nullptr, true).error, DecodeError::kBadMac);
}

TEST(Frame, UnsignedRefusedWhenSignatureRequired) {
  std::string bytes = encodeFrame(Frame{.kind = Kind::kLoadReport, .body = "x"}, nullptr);
  EXPECT_EQ(decodeFrame(bytes, kMaxUdpBody, nullptr, true).error, DecodeError::kUnsigned);
}

TEST(Frame, MalformedHeadersAreRefused) {
  std::string good = encodeFrame(Frame{.kind = Kind::kRequest, .body = "{}"}, nullptr);
  auto err = [](std::string b) { return decodeFrame(b, kMaxTcpBody, nullptr, false).error; };
  EXPECT_EQ(err(""), DecodeError::kMalformed);
  EXPECT_EQ(err(good.substr(0, 11)), DecodeError::kMalformed);
  EXPECT_EQ(err(good.substr(0, good.size() - 1)), DecodeError::kMalformed);
  EXPECT_EQ(err(good + "x"), DecodeError::kMalformed);
  std::string b = good;
  b[0] = 'X';
  EXPECT_EQ(err(b), DecodeError::kMalformed);
  b = good;
  b[4] = 2;  // version
  EXPECT_EQ(err(b), DecodeError::kMalformed);
  b = good;
  b[5] = 9;  // kind
  EXPECT_EQ(err(b), DecodeError::kMalformed);
  b = good;
  b[6] = 2;  // unknown flag
  EXPECT_EQ(err(b), DecodeError::kMalformed);
}

TEST(Frame, BodyOverTheLimitIsOversized) {
  Frame f{.kind = Kind::kLoadReport, .body = std::string(kMaxUdpBody + 1, 'a')};
  std::string bytes = encodeFrame(f, nullptr);
  EXPECT_EQ(decodeFrame(bytes, kMaxUdpBody, nullptr, false).error, DecodeError::kOversized);
  DecodeError e;
  EXPECT_EQ(frameSize(bytes, kMaxUdpBody, &e), 0u);
  EXPECT_EQ(e, DecodeError::kOversized);
  EXPECT_EQ(frameSize(bytes, kMaxTcpBody, &e), bytes.size());
}

TEST(Frame, AFullLoadReplyOfA100kHostClusterFitsTheReplyLimit) {
  // About 36 MB at 100,000 hosts: a client must accept it, not call it oversized.
  std::string header = encodeUnsignedHeader(Kind::kReply, 36u << 20);
  DecodeError e = DecodeError::kNone;
  EXPECT_EQ(frameSize(header, kMaxTcpBody, &e), header.size() + (36u << 20));
  EXPECT_EQ(e, DecodeError::kNone);
  EXPECT_EQ(frameSize(encodeUnsignedHeader(Kind::kReply, kMaxTcpBody + 1), kMaxTcpBody, &e), 0u);
  EXPECT_EQ(e, DecodeError::kOversized);
}

TEST(Frame, UnsignedHeaderThenBodyIsTheEncodedFrame) {
  for (std::string body : {std::string(), std::string("{}"), std::string(70000, 'x')}) {
    Frame f{.kind = Kind::kReply, .body = body};
    EXPECT_EQ(encodeUnsignedHeader(Kind::kReply, body.size()) + body, encodeFrame(f, nullptr));
  }
}

}  // namespace
}  // namespace openlim::protocol
