// Which moves of a built-in are worth a report before EXINTERVAL is up.
#include "agent/significant_change.h"

#include <gtest/gtest.h>

#include <cmath>

namespace openlim::agent {
namespace {

std::vector<protocol::NumericValue> sent(const BuiltinVector& b) {
  std::vector<protocol::NumericValue> out;
  for (size_t i = 0; i < b.size(); ++i) out.push_back({kBuiltinNames[i], b[i], NAN});
  return out;
}

BuiltinVector zeros() {
  BuiltinVector b;
  b.fill(0);
  return b;
}

TEST(SignificantStep, RunQueuesHalfAProcessUtAQuarterMemoryTenPercentOrSixteenMegabytes) {
  for (const char* rq : {"r15s", "r1m", "r15m"}) EXPECT_EQ(significantStep(rq, 3), 0.5);
  EXPECT_EQ(significantStep("ut", 0.5), 0.25);
  EXPECT_EQ(significantStep("mem", 8000), 800);
  EXPECT_EQ(significantStep("swp", 100), 16);
  EXPECT_EQ(significantStep("tmp", -500), 50);
  for (const char* never : {"pg", "io", "ls", "it"}) EXPECT_LT(significantStep(never, 1), 0);
}

TEST(SignificantChange, NothingSentYetIsAChange) {
  EXPECT_TRUE(significantChange(zeros(), {}));
}

TEST(SignificantChange, MovesWithinTheStepAreNot) {
  BuiltinVector b = zeros();
  auto last = sent(b);
  b[static_cast<size_t>(BuiltinIndex::kR15s)] = 0.5;  // exactly the step: not past it
  b[static_cast<size_t>(BuiltinIndex::kUt)] = 0.2;
  b[static_cast<size_t>(BuiltinIndex::kIo)] = 1e6;  // never significant alone
  EXPECT_FALSE(significantChange(b, last));
  b[static_cast<size_t>(BuiltinIndex::kR15s)] = 0.51;
  EXPECT_TRUE(significantChange(b, last));
}

TEST(SignificantChange, BecomingUnknownOrKnownIsAChange) {
  BuiltinVector b = zeros();
  auto last = sent(b);
  b[static_cast<size_t>(BuiltinIndex::kMem)] = NAN;
  EXPECT_TRUE(significantChange(b, last));
  EXPECT_TRUE(significantChange(zeros(), sent(b)));
  EXPECT_FALSE(significantChange(b, sent(b)));  // unknown both times
}

}  // namespace
}  // namespace openlim::agent
