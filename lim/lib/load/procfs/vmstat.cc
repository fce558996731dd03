#include "load/procfs/vmstat.h"

#include "load/procfs/text_util.h"

namespace openlim::procfs {

Result<PageCounters> parseVmstat(std::string_view text) {
  PageCounters out;
  bool in = false, outSeen = false;
  bool bad = false;
  forEachLine(text, [&](std::string_view line) {
    auto f = splitFields(line);
    if (f.size() != 2) return true;
    bool isIn = f[0] == "pswpin", isOut = f[0] == "pswpout";
    if (!isIn && !isOut) return true;
    auto n = toCounter(f[1]);
    if (!n) {
      bad = true;
      return false;
    }
    (isIn ? out.pswpin : out.pswpout) = *n;
    (isIn ? in : outSeen) = true;
    return true;
  });
  if (bad) return Status(Code::kInvalid, "/proc/vmstat: bad pswpin/pswpout value");
  if (!in || !outSeen) return Status(Code::kInvalid, "/proc/vmstat: pswpin/pswpout missing");
  return out;
}

}  // namespace openlim::procfs
