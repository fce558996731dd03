// The rating drop on dispatch (see rating_drop.h).
#include "placement/rating_drop.h"

namespace openlim::placement {

std::vector<LoadDelta> ratingDropDeltas(const HostTable& t, uint32_t row, int slots,
                                        bool rusageMem) {
  std::vector<LoadDelta> out;
  const ConfigSnapshot& c = *t.config;
  if (!c.params.ratingDispatchDrop || row >= t.size() || slots <= 0) return out;
  auto number = [&](int slot) {
    return slot < 0 ? kUnknown : t.columns[static_cast<size_t>(slot)].numbers[row];
  };
  const int ut = c.resourceIndex("ut"), mem = c.resourceIndex("mem");
  const double ncpus = number(c.resourceIndex("ncpus"));
  if (isUnknown(ncpus) || ncpus < 1) return out;
  if (ut >= 0) out.push_back({ut, slots / ncpus});
  const double maxmem = number(c.resourceIndex("maxmem"));
  if (mem >= 0 && !rusageMem && !isUnknown(maxmem) && maxmem > 0)
    out.push_back({mem, -slots * maxmem / ncpus});
  return out;
}

}  // namespace openlim::placement
