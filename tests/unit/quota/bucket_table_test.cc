// The open-addressing bucket table agrees with std::map through random adds and erases.
#include "quota/bucket_table.h"

#include <gtest/gtest.h>

#include <map>
#include <random>

namespace openlim::quota {
namespace {

BucketKey keyOf(int a, int b) {
  BucketKey k;
  k.v[0] = a;
  k.v[4] = b;
  return k;
}

TEST(BucketTable, AgreesWithAMapThroughRandomAddsAndErases) {
  BucketTable t;
  std::map<std::pair<int, int>, int64_t> ref;
  std::mt19937 rng(7);
  for (int step = 0; step < 20000; ++step) {
    int a = static_cast<int>(rng() % 40), b = static_cast<int>(rng() % 40) - 1;
    if (rng() % 3 == 0) {
      t.erase(keyOf(a, b));
      ref.erase({a, b});
    } else {
      t.findOrAdd(keyOf(a, b), 1)[0] += 1;
      ref[{a, b}] += 1;
    }
    if (step % 997 == 0 || step == 19999) {
      ASSERT_EQ(t.size(), ref.size()) << step;
      for (int x = 0; x < 40; ++x)
        for (int y = -1; y < 39; ++y) {
          const auto* got = t.find(keyOf(x, y));
          auto it = ref.find({x, y});
          ASSERT_EQ(got != nullptr, it != ref.end()) << x << " " << y;
          if (got) {
            ASSERT_EQ((*got)[0], it->second);
          }
        }
      size_t n = 0;
      for (const auto& [key, used] : t) n += ref.count({key.v[0], key.v[4]});
      ASSERT_EQ(n, ref.size());
    }
  }
}

TEST(BucketTable, EmptyTableFindsNothingAndEraseIsHarmless) {
  BucketTable t;
  EXPECT_EQ(t.find(keyOf(1, 1)), nullptr);
  t.erase(keyOf(1, 1));
  EXPECT_TRUE(t.empty());
}

}  // namespace
}  // namespace openlim::quota
