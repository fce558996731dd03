// Fuzzes the lim agent's /proc parsers (the NLB ones too): any bytes must give a value or an error,
// never a crash, and the values must be self-consistent.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "load/procfs/cpu_topology.h"
#include "load/procfs/diskstats.h"
#include "load/procfs/meminfo.h"
#include "load/procfs/nlb_host.h"
#include "load/procfs/proc_stat.h"
#include "load/procfs/utmp.h"
#include "load/procfs/vmstat.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  using namespace openlim::procfs;
  (void)parseProcStat(text);
  (void)parseVmstat(text);
  std::set<std::string> whole = {"sda", "vda", "nvme0n1"};
  auto d1 = parseDiskstats(text);
  auto d2 = parseDiskstats(text, &whole);
  if (d1.isOk() && d1->disks < 0) __builtin_trap();
  if (d2.isOk() && d2->disks < 0) __builtin_trap();
  (void)parseMeminfo(text);
  if (auto ps = parseMaxFreqPicoseconds(text); ps.isOk() && !(*ps > 0)) __builtin_trap();
  if (auto ps = parseCpuinfoPicoseconds(text); ps.isOk() && !(*ps > 0)) __builtin_trap();
  if (auto s = parseProcStat(text); s.isOk() && s->ctxt < -1) __builtin_trap();
  auto users = parseUtmp(text);
  if (countDistinctUsers(users) > static_cast<int>(users.size())) __builtin_trap();
  if (auto t = parseCpuinfo(text); t.isOk() && (t->cores < 1 || t->logical < 1)) __builtin_trap();
  if (auto n = parseCpuRangeCount(text); n.isOk() && *n < 1) __builtin_trap();
  (void)parseCpuPressureTotal(text);
  return 0;
}
