#pragma once
// A host record's string values by resource slot (master/load_table.h): a short vector kept
// in slot order. A host reports a handful of strings (the NLB ones), so a hash map per host
// cost far more than the strings: at 100,000 hosts its bucket arrays and nodes took 15 MB of
// the master's memory for 100,000 short strings.

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace openlim::master {

class SlotStrings {
 public:
  // The value of `slot`, or null when none was set.
  const std::string* find(int slot) const {
    auto it = lowerBound(slot);
    return it != values_.end() && it->first == slot ? &it->second : nullptr;
  }
  // Sets (or replaces) the value of `slot`.
  void set(int slot, std::string value) {
    auto it = std::lower_bound(values_.begin(), values_.end(), slot, bySlot);
    if (it != values_.end() && it->first == slot)
      it->second = std::move(value);
    else
      values_.emplace(it, slot, std::move(value));
  }
  size_t size() const { return values_.size(); }

 private:
  using Entry = std::pair<int, std::string>;
  static bool bySlot(const Entry& e, int slot) { return e.first < slot; }
  std::vector<Entry>::const_iterator lowerBound(int slot) const {
    return std::lower_bound(values_.begin(), values_.end(), slot, bySlot);
  }
  std::vector<Entry> values_;
};

}  // namespace openlim::master
