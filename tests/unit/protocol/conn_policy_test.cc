#include "protocol/conn_policy.h"

#include <gtest/gtest.h>

namespace openlim::protocol {
namespace {

TEST(ConnPolicy, ConnectionsLeaveRoomForTheLimsOwnDescriptors) {
  EXPECT_EQ(connectionsFor(1024), 960u);
  EXPECT_EQ(connectionsFor(20), 16u);  // never none
  EXPECT_EQ(connectionsFor(1u << 30), 16384u);
}

TEST(ConnPolicy, TheFirstReplyIsAlwaysAdmittedAnyLargeOneWithinTheBudget) {
  ConnLimits l;
  l.maxBufferedBytes = 100;
  EXPECT_TRUE(admitReply(1000, 0, l));  // alone: any size gets through
  EXPECT_TRUE(admitReply(40, 60, l));
  EXPECT_FALSE(admitReply(41, 60, l));
  EXPECT_FALSE(admitReply(1000, 1, l));
}

TEST(ConnPolicy, AWriteThatProgressesPushesTheDeadline) {
  ConnLimits l;
  l.stallSeconds = 60;
  EXPECT_DOUBLE_EQ(writeDeadline(100, l), 160);
}

TEST(ConnPolicy, EvictsTheOldestConnectionStillWaitingForItsRequest) {
  std::vector<ConnView> v = {{false, 1}, {true, 5}, {true, 3}, {false, 0}};
  EXPECT_EQ(evictionCandidate(v), 2u);
}

TEST(ConnPolicy, NeverEvictsAConnectionBeingAnswered) {
  std::vector<ConnView> v = {{false, 1}, {false, 0}};
  EXPECT_FALSE(evictionCandidate(v).has_value());
  EXPECT_FALSE(evictionCandidate({}).has_value());
}

TEST(OutputBuffer, WritesFromTheFrontAsTheSocketAcceptsIt) {
  OutputBuffer b;
  b.assign("hello world");
  EXPECT_EQ(b.pending()[0], "hello world");
  EXPECT_EQ(b.pending()[1], "");
  b.consume(6);
  EXPECT_EQ(b.pending()[0], "world");
  EXPECT_EQ(b.remaining(), 5u);
  EXPECT_FALSE(b.done());
  b.consume(5);
  EXPECT_TRUE(b.done());
  EXPECT_EQ(b.remaining(), 0u);
}

TEST(OutputBuffer, HeaderAndBodyGoOutInOrderAcrossPartialWrites) {
  OutputBuffer b;
  b.assign("HEAD", "body");
  EXPECT_EQ(b.pending()[0], "HEAD");
  EXPECT_EQ(b.pending()[1], "body");
  b.consume(2);
  EXPECT_EQ(b.pending()[0], "AD");
  EXPECT_EQ(b.pending()[1], "body");
  b.consume(3);  // the rest of the head and one byte of the body
  EXPECT_EQ(b.pending()[0], "ody");
  EXPECT_EQ(b.pending()[1], "");
  EXPECT_EQ(b.remaining(), 3u);
  b.consume(3);
  EXPECT_TRUE(b.done());
}

}  // namespace
}  // namespace openlim::protocol
