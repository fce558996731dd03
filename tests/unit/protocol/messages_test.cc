#include "protocol/messages.h"

#include <gtest/gtest.h>

#include <cmath>

#include "protocol/frame.h"
#include "protocol/replay.h"

namespace openlim::protocol {
namespace {

LoadReport bigReport(int n) {
  LoadReport r{.host = "hostA",
               .checksum = "abc",
               .master = "hostB",
               .flags = kReportLocked,
               .lockSeconds = 30};
  for (int i = 0; i < n; ++i)
    r.numbers.push_back({"external_index_" + std::to_string(i), i * 1.5, 0.25f});
  r.strings.push_back({"osrel", "bookworm"});
  return r;
}

TEST(LoadReport, RoundTripKeepsEveryField) {
  LoadReport r = bigReport(3);
  r.numbers.push_back({"mem", std::nan(""), std::nanf("")});
  auto bodies = encodeLoadReport(r, kMaxUdpBody);
  ASSERT_EQ(bodies.size(), 1u);
  auto d = decodeLoadReport(bodies[0]);
  ASSERT_TRUE(d.isOk()) << d.status().message();
  EXPECT_EQ(d->host, "hostA");
  EXPECT_EQ(d->checksum, "abc");
  EXPECT_EQ(d->master, "hostB");
  EXPECT_EQ(d->flags, kReportLocked);
  EXPECT_EQ(d->lockSeconds, 30u);
  ASSERT_EQ(d->numbers.size(), 4u);
  EXPECT_EQ(d->numbers[2].name, "external_index_2");
  EXPECT_DOUBLE_EQ(d->numbers[2].value, 3.0);
  EXPECT_TRUE(std::isnan(d->numbers[3].value));
  ASSERT_EQ(d->strings.size(), 1u);
  EXPECT_EQ(d->strings[0].value, "bookworm");
}

TEST(LoadReport, FiveHundredIndicesFitOneDatagram) {
  auto bodies = encodeLoadReport(bigReport(500), kMaxUdpBody);
  ASSERT_EQ(bodies.size(), 1u);
  EXPECT_LE(bodies[0].size(), kMaxUdpBody);
  EXPECT_EQ(decodeLoadReport(bodies[0])->numbers.size(), 500u);
}

TEST(LoadReport, TooBigSplitsIntoCompleteParts) {
  LoadReport r = bigReport(5000);
  auto bodies = encodeLoadReport(r, kMaxUdpBody);
  ASSERT_GT(bodies.size(), 1u);
  size_t numbers = 0, strings = 0;
  for (size_t i = 0; i < bodies.size(); ++i) {
    EXPECT_LE(bodies[i].size(), kMaxUdpBody);
    auto d = decodeLoadReport(bodies[i]);
    ASSERT_TRUE(d.isOk());
    EXPECT_EQ(d->part, i);
    EXPECT_EQ(d->parts, bodies.size());
    EXPECT_EQ(d->host, "hostA");
    numbers += d->numbers.size();
    strings += d->strings.size();
  }
  EXPECT_EQ(numbers, 5000u);
  EXPECT_EQ(strings, 1u);
}

TEST(LoadReport, TruncatedOrPaddedBodiesAreRefused) {
  std::string body = encodeLoadReport(bigReport(4), kMaxUdpBody)[0];
  for (size_t n = 0; n < body.size(); ++n)
    EXPECT_FALSE(decodeLoadReport(body.substr(0, n)).isOk()) << n;
  EXPECT_FALSE(decodeLoadReport(body + "z").isOk());
}

TEST(LoadReport, HugeCountIsRefusedWithoutAllocating) {
  std::string body = encodeLoadReport(LoadReport{.host = "h"}, kMaxUdpBody)[0];
  // Patch the numbers count (right after the fixed head) to 0xffffffff.
  size_t countAt = body.size() - 8;
  for (int i = 0; i < 4; ++i) body[countAt + static_cast<size_t>(i)] = '\xff';
  EXPECT_FALSE(decodeLoadReport(body).isOk());
}

TEST(Announce, RoundTripAndMalformed) {
  Announce a{.sender = "hostA", .claimsMaster = true, .master = "hostA"};
  auto d = decodeAnnounce(encodeAnnounce(a));
  ASSERT_TRUE(d.isOk());
  EXPECT_EQ(d->sender, "hostA");
  EXPECT_TRUE(d->claimsMaster);
  EXPECT_FALSE(decodeAnnounce("").isOk());
  EXPECT_FALSE(decodeAnnounce(encodeAnnounce(a) + "x").isOk());
  EXPECT_FALSE(decodeAnnounce(encodeAnnounce(Announce{})).isOk());  // no sender
}

TEST(Announce, ServedResourcesRideAlongAndTruncationIsRefused) {
  Announce a{.sender = "hostA",
             .claimsMaster = true,
             .master = "hostA",
             .serves = {"licenses", "scratch"}};
  std::string body = encodeAnnounce(a);
  auto d = decodeAnnounce(body);
  ASSERT_TRUE(d.isOk());
  EXPECT_EQ(d->serves, (std::vector<std::string>{"licenses", "scratch"}));
  for (size_t n = 1; n < body.size(); ++n) {
    auto t = decodeAnnounce(body.substr(0, n));
    // A cut may fall exactly after `master` (a valid body without serves) but never yield
    // a partial list.
    if (t.isOk()) {
      EXPECT_TRUE(t->serves.empty()) << n;
    }
  }
}

TEST(ReplayGuard, NeedsLargerSeqOrLargerEpochAndSaysWhenTheSenderRebooted) {
  using V = ReplayGuard::Verdict;
  ReplayGuard g;
  EXPECT_EQ(g.checkAndAccept("a", 10, 1), V::kFirst);
  EXPECT_EQ(g.checkAndAccept("a", 10, 1), V::kReplay);
  EXPECT_EQ(g.checkAndAccept("a", 9, 100), V::kReplay);  // older boot
  EXPECT_EQ(g.checkAndAccept("a", 10, 2), V::kFresh);
  EXPECT_EQ(g.checkAndAccept("a", 11, 1), V::kNewBoot);  // rebooted: sequence restarts
  EXPECT_EQ(g.checkAndAccept("a", 11, 2), V::kFresh);
  EXPECT_EQ(g.checkAndAccept("a", 10, 50), V::kReplay);
  EXPECT_EQ(g.checkAndAccept("b", 1, 1), V::kFirst);  // per sender
  EXPECT_EQ(g.senders(), 2u);
}

TEST(ReplayGuard, EpochOfIsTheLastAcceptedBootOfASender) {
  ReplayGuard g;
  EXPECT_EQ(g.epochOf("a"), 0u);  // never heard
  g.checkAndAccept("a", 10, 5);
  EXPECT_EQ(g.epochOf("a"), 10u);
  g.checkAndAccept("a", 9, 100);  // a replay of an older boot changes nothing
  EXPECT_EQ(g.epochOf("a"), 10u);
  g.checkAndAccept("a", 12, 1);  // restarted
  EXPECT_EQ(g.epochOf("a"), 12u);
}

}  // namespace
}  // namespace openlim::protocol
