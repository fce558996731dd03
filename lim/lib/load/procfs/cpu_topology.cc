#include "load/procfs/cpu_topology.h"

#include <algorithm>
#include <set>
#include <utility>

#include "load/procfs/text_util.h"

namespace openlim::procfs {

// Blocks of "key\t: value" lines, one block per logical CPU.
Result<CpuTopology> parseCpuinfo(std::string_view text) {
  CpuTopology t;
  std::set<std::pair<std::string, std::string>> cores;
  std::set<std::string> sockets;
  std::string phys, core;
  bool inBlock = false, haveCoreIds = true;
  auto endBlock = [&] {
    if (!inBlock) return;
    if (core.empty()) haveCoreIds = false;
    cores.insert({phys, core});
    sockets.insert(phys);
    phys.clear();
    core.clear();
  };
  forEachLine(text, [&](std::string_view line) {
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) return true;
    std::string_view key = trim(line.substr(0, colon));
    std::string value(trim(line.substr(colon + 1)));
    if (key == "processor") {
      endBlock();
      ++t.logical;
      inBlock = true;
    } else if (key == "physical id") {
      phys = value;
    } else if (key == "core id") {
      core = value;
    }
    return true;
  });
  endBlock();
  if (t.logical == 0) return Status(Code::kInvalid, "/proc/cpuinfo: no processor entries");
  t.cores = haveCoreIds ? static_cast<int>(cores.size()) : t.logical;
  t.sockets = std::max(1, static_cast<int>(sockets.size()));
  return t;
}

Result<int> parseCpuRangeCount(std::string_view text) {
  text = trim(text);
  while (!text.empty() && text.back() == '\n') text.remove_suffix(1);
  if (text.empty()) return Status(Code::kInvalid, "cpu list: empty");
  int count = 0;
  while (!text.empty()) {
    size_t comma = text.find(',');
    std::string_view part = text.substr(0, comma);
    size_t dash = part.find('-');
    auto lo = toCounter(part.substr(0, dash));
    auto hi = dash == std::string_view::npos ? lo : toCounter(part.substr(dash + 1));
    if (!lo || !hi || *hi < *lo || *hi - *lo > 1u << 20)
      return Status(Code::kInvalid, "cpu list: bad range <" + std::string(part) + ">");
    count += static_cast<int>(*hi - *lo + 1);
    if (count > 1 << 20) return Status(Code::kInvalid, "cpu list: too many cpus");
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return count;
}

}  // namespace openlim::procfs
