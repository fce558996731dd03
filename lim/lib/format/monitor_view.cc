#include "format/monitor_view.h"

#include <algorithm>

#include "format/load_format.h"
#include "format/text.h"

namespace openlim::format {
namespace {

constexpr int kTableTop = 2;  // title and error rows above the table

const char* modeName(RunQueueMode m) {
  switch (m) {
    case RunQueueMode::kNormalised:
      return "normalised";
    case RunQueueMode::kEffective:
      return "effective";
    default:
      return "raw";
  }
}

std::string titleLine(const MonitorFrame& f) {
  const MonitorSettings& s = *f.settings;
  std::string t = "lsmon";
  if (f.snap != nullptr) {
    t += "  cluster " + printable(f.snap->cluster) + "  master " +
         printable(f.snap->master.empty() ? "-" : f.snap->master) + "  hosts " +
         std::to_string(f.snap->hosts.size());
  }
  t += "  every " + std::to_string(s.interval) + "s  run queues " + modeName(s.load.runQueues);
  if (!s.resreq.empty()) t += "  R: " + clipEcho(s.resreq, 60);
  if (!f.clock.empty()) t += "  " + f.clock;
  return t;
}

// The first `n` hosts of the reply: only what fits is formatted, so a refresh of 10,000 hosts
// costs the rows on the screen, not the cluster.
LoadSnapshot firstHosts(const LoadSnapshot& snap, size_t n) {
  LoadSnapshot part;
  part.cluster = snap.cluster;
  part.master = snap.master;
  part.names = snap.names;
  part.hosts.assign(snap.hosts.begin(), snap.hosts.begin() + std::min(n, snap.hosts.size()));
  return part;
}

// The table rows that fit in `room` lines (header included).
std::vector<std::string> tableLines(const MonitorFrame& f, size_t room) {
  std::vector<std::string> out;
  if (f.snap == nullptr || room == 0) return out;
  const LoadSnapshot& snap = *f.snap;
  size_t total = snap.hosts.size();
  size_t shown = std::min(total, room - 1);
  bool cut = shown < total;
  if (cut && shown > 0) --shown;  // the last row says how many are not shown
  ClusterInfo none;
  std::string text = formatLoad(firstHosts(snap, shown), f.info ? *f.info : none, f.settings->load);
  for (size_t at = 0; at < text.size();) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  if (cut && out.size() < room)
    out.push_back("... " + std::to_string(total - shown) + " more host(s)");
  return out;
}

std::string cut(std::string line, int cols) {
  if (cols >= 0 && line.size() > static_cast<size_t>(cols)) line.resize(cols);
  return line;
}

}  // namespace

std::vector<std::string> monitorLines(const MonitorFrame& f, ScreenSize size) {
  std::vector<std::string> lines;
  if (size.rows <= 0 || size.cols <= 0 || f.settings == nullptr) return lines;
  const size_t rows = static_cast<size_t>(size.rows);
  lines.push_back(titleLine(f));
  if (rows >= 2) lines.push_back(f.error.empty() ? "" : "lsmon: " + f.error);
  // The table gets every row but the help line; a screen of three rows or fewer has none.
  if (rows > kTableTop + 1) {
    for (auto& l : tableLines(f, rows - kTableTop - 1)) lines.push_back(std::move(l));
    lines.resize(rows - 1);
    lines.push_back(keyHelp());
  }
  lines.resize(std::min(lines.size(), rows));
  for (auto& l : lines) l = cut(std::move(l), size.cols);
  return lines;
}

std::vector<int> changedRows(const std::vector<std::string>& shown,
                             const std::vector<std::string>& next) {
  std::vector<int> rows;
  size_t n = std::max(shown.size(), next.size());
  for (size_t i = 0; i < n; ++i) {
    bool same = i < shown.size() && i < next.size() && shown[i] == next[i];
    if (!same) rows.push_back(static_cast<int>(i));
  }
  return rows;
}

}  // namespace openlim::format
