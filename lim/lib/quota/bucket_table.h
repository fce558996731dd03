#pragma once
// Usage buckets of one rule: BucketKey -> counts, in an open-addressing table (linear
// probing, power-of-two size, at most half full) over dense entries. Admission looks a
// bucket up for every set on every candidate host; a node-based map with prime modulo
// spent most of a check's time there.

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace openlim::quota {

inline constexpr int kBucketKeyValues = 5;

// A bucket: the values of the rule's braced filters (-1 where the filter is not braced).
struct BucketKey {
  int32_t v[kBucketKeyValues] = {-1, -1, -1, -1, -1};
  bool operator==(const BucketKey& o) const;
};
struct BucketKeyHash {
  size_t operator()(const BucketKey& k) const;
};

class BucketTable {
 public:
  using Entry = std::pair<BucketKey, std::vector<int64_t>>;

  const std::vector<int64_t>* find(const BucketKey& key) const;
  // The bucket's counts, added as `n` zeros when absent.
  std::vector<int64_t>& findOrAdd(const BucketKey& key, size_t n);
  void erase(const BucketKey& key);

  size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  // Entries in no particular order.
  std::vector<Entry>::const_iterator begin() const { return entries_.begin(); }
  std::vector<Entry>::const_iterator end() const { return entries_.end(); }

 private:
  size_t slotOf(const BucketKey& key) const;  // its slot, or the empty slot it would take
  void grow();

  std::vector<Entry> entries_;
  std::vector<int32_t> slots_;  // index into entries_, -1 empty
};

}  // namespace openlim::quota
