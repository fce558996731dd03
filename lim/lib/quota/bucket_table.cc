// Open-addressing bucket table (see bucket_table.h).
#include "quota/bucket_table.h"

#include <algorithm>

namespace openlim::quota {

bool BucketKey::operator==(const BucketKey& o) const {
  return std::equal(std::begin(v), std::end(v), std::begin(o.v));
}

size_t BucketKeyHash::operator()(const BucketKey& k) const {
  uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (int32_t x : k.v) {
    h ^= static_cast<uint32_t>(x);
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 32;
  }
  return static_cast<size_t>(h);
}

size_t BucketTable::slotOf(const BucketKey& key) const {
  size_t mask = slots_.size() - 1;
  size_t i = BucketKeyHash()(key) & mask;
  while (slots_[i] >= 0 && !(entries_[static_cast<size_t>(slots_[i])].first == key))
    i = (i + 1) & mask;
  return i;
}

const std::vector<int64_t>* BucketTable::find(const BucketKey& key) const {
  if (entries_.empty()) return nullptr;
  int32_t e = slots_[slotOf(key)];
  return e < 0 ? nullptr : &entries_[static_cast<size_t>(e)].second;
}

void BucketTable::grow() {
  std::vector<int32_t> old;
  old.swap(slots_);
  slots_.assign(std::max<size_t>(16, old.size() * 2), -1);
  for (size_t e = 0; e < entries_.size(); ++e)
    slots_[slotOf(entries_[e].first)] = static_cast<int32_t>(e);
}

std::vector<int64_t>& BucketTable::findOrAdd(const BucketKey& key, size_t n) {
  if ((entries_.size() + 1) * 2 > slots_.size()) grow();
  size_t s = slotOf(key);
  if (slots_[s] < 0) {
    slots_[s] = static_cast<int32_t>(entries_.size());
    entries_.emplace_back(key, std::vector<int64_t>(n, 0));
  }
  return entries_[static_cast<size_t>(slots_[s])].second;
}

void BucketTable::erase(const BucketKey& key) {
  if (entries_.empty()) return;
  size_t mask = slots_.size() - 1;
  size_t hole = slotOf(key);
  int32_t e = slots_[hole];
  if (e < 0) return;
  // Move the last entry into the freed place, and point its slot there.
  size_t last = entries_.size() - 1;
  if (static_cast<size_t>(e) != last) {
    slots_[slotOf(entries_[last].first)] = e;
    entries_[static_cast<size_t>(e)] = std::move(entries_[last]);
  }
  entries_.pop_back();
  // Backward-shift deletion: close the hole so that every later probe chain stays whole.
  slots_[hole] = -1;
  for (size_t i = (hole + 1) & mask; slots_[i] >= 0; i = (i + 1) & mask) {
    size_t home = BucketKeyHash()(entries_[static_cast<size_t>(slots_[i])].first) & mask;
    // The entry at i may move to the hole when its home is not in (hole, i] cyclically.
    bool between = hole <= i ? (home > hole && home <= i) : (home > hole || home <= i);
    if (between) continue;
    slots_[hole] = slots_[i];
    slots_[i] = -1;
    hole = i;
  }
}

}  // namespace openlim::quota
