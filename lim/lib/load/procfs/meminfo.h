#pragma once
// /proc/meminfo: memory and swap sizes (mem, swp, maxmem, maxswp), in MB.

#include <optional>
#include <string_view>

#include "openlim/status.h"

namespace openlim::procfs {

struct MemInfo {
  std::optional<double> memTotalMb;
  std::optional<double> memAvailableMb;  // MemAvailable (kernels >= 3.14)
  std::optional<double> swapTotalMb;
  std::optional<double> swapFreeMb;
};

// Missing keys stay nullopt; a present key with a malformed value is an error.
Result<MemInfo> parseMeminfo(std::string_view text);

}  // namespace openlim::procfs
