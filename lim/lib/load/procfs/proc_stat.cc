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

// The counter of a "name counter" line (ctxt, processes, procs_running) as an int64.
Result<int64_t> counterOf(std::string_view name, std::string_view token) {
  auto n = toCounter(token);
  if (!n || *n > static_cast<uint64_t>(INT64_MAX))
    return Status(Code::kInvalid, "/proc/stat: bad " + std::string(name));
  return static_cast<int64_t>(*n);
}

// The lines parseProcStat reads; the others (intr and softirq: hundreds of fields on a big
// host) are skipped by their first word, never split.
bool wanted(std::string_view line) {
  line = trim(line);
  std::string_view first = line.substr(0, line.find_first_of(" \t"));
  return first.substr(0, 3) == "cpu" || first == "procs_running" || first == "ctxt" ||
         first == "processes";
}

}  // namespace

Result<ProcStat> parseProcStat(std::string_view text) {
  ProcStat out;
  bool haveCpu = false;
  Status err;
  forEachLine(text, [&](std::string_view line) {
    if (!wanted(line)) return true;
    auto f = splitFields(line);
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
    } else if (f[0] == "processes") {  // only a hint (ProcessCountGate): never an error
      if (auto n = counterOf(f[0], f.size() == 2 ? f[1] : "")) out.forks = *n;
    } else if (f.size() == 2) {  // another shape: not the line this parser knows
      auto n = counterOf(f[0], f[1]);
      if (!n) {
        err = n.status();
        return false;
      }
      (f[0] == "ctxt" ? out.ctxt : out.procsRunning) = *n;
    }
    return true;
  });
  if (!err.isOk()) return err;
  if (!haveCpu) return Status(Code::kInvalid, "/proc/stat: no cpu line");
  return out;
}

}  // namespace openlim::procfs
