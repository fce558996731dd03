#include "protocol/request.h"

#include <gtest/gtest.h>

#include <limits>

namespace openlim::protocol {
namespace {

using State = FrameReader::State;

std::string request(const std::string& body) {
  return encodeFrame({.kind = Kind::kRequest, .body = body}, nullptr);
}

TEST(FrameReader, CompletesFromOneChunk) {
  FrameReader r;
  EXPECT_EQ(r.append(request(R"({"op":"id"})")), State::kComplete);
  Decoded d = r.decode(nullptr);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d.frame.body, R"({"op":"id"})");
}

TEST(FrameReader, CompletesFromSingleBytes) {
  std::string bytes = request(R"({"op":"load","n":3})");
  FrameReader r;
  for (size_t i = 0; i + 1 < bytes.size(); ++i)
    EXPECT_EQ(r.append(bytes.substr(i, 1)), State::kNeedMore) << i;
  EXPECT_EQ(r.append(bytes.substr(bytes.size() - 1)), State::kComplete);
  EXPECT_EQ(r.decode(nullptr).frame.body, R"({"op":"load","n":3})");
}

TEST(FrameReader, IgnoresBytesPastTheFrame) {
  FrameReader r;
  EXPECT_EQ(r.append(request("{}") + "trailing junk"), State::kComplete);
  EXPECT_EQ(r.buffered(), kHeaderSize + 2);
  EXPECT_EQ(r.append("more"), State::kComplete);
  EXPECT_TRUE(r.decode(nullptr).ok());
}

TEST(FrameReader, RefusesAnOversizedRequestBeforeBufferingItsBody) {
  std::string header = request(std::string(kMaxRequestBody + 1, ' ')).substr(0, kHeaderSize);
  FrameReader r;
  EXPECT_EQ(r.append(header + "xxxx"), State::kRefused);
  EXPECT_EQ(r.error(), DecodeError::kOversized);
  EXPECT_EQ(r.buffered(), kHeaderSize);
}

TEST(FrameReader, RequestsAreLimitedBelowReplies) {
  EXPECT_LT(kMaxRequestBody, kMaxTcpBody);
  FrameReader r;
  EXPECT_EQ(r.append(request(std::string(kMaxRequestBody, ' '))), State::kComplete);
}

TEST(FrameReader, RefusesABadMagic) {
  FrameReader r;
  std::string bytes = request("{}");
  bytes[0] = 'X';
  EXPECT_EQ(r.append(bytes), State::kRefused);
  EXPECT_EQ(r.error(), DecodeError::kMalformed);
}

TEST(Request, ParseRequestWantsAnObject) {
  EXPECT_TRUE(parseRequest(R"({"op":"id"})").isOk());
  EXPECT_FALSE(parseRequest("[1,2]").isOk());
  EXPECT_FALSE(parseRequest("{").isOk());
  EXPECT_FALSE(parseRequest("").isOk());
}

TEST(Request, ARoutingFieldOfTheWrongTypeFallsBack) {
  // Only op and sender are read this way; an op's own fields are decoded strictly
  // (master/query_request.h), so a wrong type there is refused, not defaulted.
  auto r = parseRequest(R"({"op":7,"sender":["x"]})");
  ASSERT_TRUE(r.isOk());
  EXPECT_EQ(reqString(*r, "op", "none"), "none");
  EXPECT_EQ(reqString(*r, "sender", "?"), "?");
  EXPECT_EQ(reqString(*r, "absent"), "");
}

}  // namespace
}  // namespace openlim::protocol
