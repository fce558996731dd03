// Fuzzes lsmon's pure pieces and lsclusters' layout on whatever a lim (or a user at a prompt)
// sends: the load reply's reader, then the screen lines for a terminal size taken from the
// input, the -L record, the prompt answers, and the id reply's cluster summary. Checks the
// screen's contract (no more rows than the terminal, no line wider) and the record's (one
// line per host, a fixed number of blank-separated fields).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "format/cluster_format.h"
#include "format/load_acct.h"
#include "format/monitor_view.h"
#include "format/reply_parse.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace openlim;
  if (size < 2) return 0;
  format::ScreenSize screen{data[0] % 64, data[1]};
  std::string_view text(reinterpret_cast<const char*>(data) + 2, size - 2);
  format::MonitorSettings settings;
  for (auto key :
       {format::MonitorKey::kInterval, format::MonitorKey::kNumHosts, format::MonitorKey::kResreq})
    (void)format::applyAnswer(settings, key, std::string(text));
  if (auto reply = format::parseLoadReply(text)) {
    const format::LoadSnapshot& snap = reply->snapshot;
    format::ClusterInfo info;
    auto lines = format::monitorLines({&snap, &info, &settings, "clock", "error"}, screen);
    if (lines.size() > static_cast<size_t>(screen.rows)) __builtin_trap();
    for (const auto& l : lines)
      if (l.size() > static_cast<size_t>(screen.cols)) __builtin_trap();
    (void)format::changedRows(lines, {});
    std::vector<std::string> idx = {"r1m", "mem"};
    std::string rec = format::acctRecord(snap, idx, 1);
    size_t lineCount = 0;
    size_t fields = 0;
    bool inField = false;
    for (char c : rec) {
      if (c == '\n') {
        if (inField) ++fields;
        if (fields != 5) __builtin_trap();
        ++lineCount;
        fields = 0;
        inField = false;
      } else if (c == ' ') {
        if (inField) ++fields;
        inField = false;
      } else {
        inField = true;
      }
    }
    if (lineCount != snap.hosts.size()) __builtin_trap();
  }
  if (auto json = format::parseJson(text)) {
    format::IdInfo id = format::parseId(*json);
    auto c = format::summarizeCluster(id, {}, nullptr);
    (void)format::formatClusters({c});
    (void)format::formatClustersLong({c});
    (void)format::clustersJson({c}, true).dump();
  }
  return 0;
}
