#include "load/procfs/meminfo.h"

#include "load/procfs/text_util.h"

namespace openlim::procfs {

// Lines look like "MemTotal:       16318412 kB".
Result<MemInfo> parseMeminfo(std::string_view text) {
  MemInfo out;
  Status err;
  forEachLine(text, [&](std::string_view line) {
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) return true;
    std::string_view key = line.substr(0, colon);
    std::optional<double>* slot = nullptr;
    if (key == "MemTotal")
      slot = &out.memTotalMb;
    else if (key == "MemAvailable")
      slot = &out.memAvailableMb;
    else if (key == "SwapTotal")
      slot = &out.swapTotalMb;
    else if (key == "SwapFree")
      slot = &out.swapFreeMb;
    if (!slot) return true;
    auto f = splitFields(line.substr(colon + 1));
    auto n = f.empty() ? std::nullopt : toCounter(f[0]);
    if (!n || f.size() > 2 || (f.size() == 2 && f[1] != "kB")) {
      err = Status(Code::kInvalid, "/proc/meminfo: bad value for " + std::string(key));
      return false;
    }
    *slot = static_cast<double>(*n) / 1024.0;
    return true;
  });
  if (!err.isOk()) return err;
  return out;
}

}  // namespace openlim::procfs
