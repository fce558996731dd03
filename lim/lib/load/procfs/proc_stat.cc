#include "load/procfs/proc_stat.h"

#include "load/procfs/text_util.h"

namespace openlim::procfs {
namespace {

// cpu  user nice system idle iowait irq softirq steal [guest guest_nice]
// Kernels older than 2.6.11 have fewer columns; at least the first four are required.
Result<CpuTimes> parseCpuLine(const std::vector<std::string_view>& f) {
  if (f.size() < 5) return Status(Code::kInvalid, "/proc/stat: short cpu line");
  uint64_t v[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (size_t i = 1; i < f.size() && i <= 8; ++i) {
    auto n = toCounter(f[i]);
    if (!n)
      return Status(Code::kInvalid, "/proc/stat: bad cpu counter <" + std::string(f[i]) + ">");
    v[i - 1] = *n;
  }
  CpuTimes t;
  t.idle = v[3] + v[4];
  t.system = v[2];
  for (uint64_t x : v) t.total += x;
  return t;
}

}  // namespace

Result<ProcStat> parseProcStat(std::string_view text) {
  ProcStat out;
  bool haveCpu = false;
  Status err;
  forEachLine(text, [&](std::string_view line) {
    auto f = splitFields(line);
    if (f.empty()) return true;
    if (f[0] == "cpu") {
      auto t = parseCpuLine(f);
      if (!t) {
        err = t.status();
        return false;
      }
      out.cpu = *t;
      haveCpu = true;
    } else if (f[0].size() > 3 && f[0].substr(0, 3) == "cpu") {
      ++out.cpuLines;
    } else if (f[0] == "procs_running" && f.size() == 2) {
      auto n = toCounter(f[1]);
      if (!n) {
        err = Status(Code::kInvalid, "/proc/stat: bad procs_running");
        return false;
      }
      out.procsRunning = static_cast<int64_t>(*n);
    } else if (f[0] == "ctxt" && f.size() == 2) {
      auto n = toCounter(f[1]);
      if (!n || *n > static_cast<uint64_t>(INT64_MAX)) {
        err = Status(Code::kInvalid, "/proc/stat: bad ctxt");
        return false;
      }
      out.ctxt = static_cast<int64_t>(*n);
    }
    return true;
  });
  if (!err.isOk()) return err;
  if (!haveCpu) return Status(Code::kInvalid, "/proc/stat: no cpu line");
  return out;
}

}  // namespace openlim::procfs
