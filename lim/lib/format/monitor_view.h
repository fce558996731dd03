#pragma once
// lsmon's screen as lines: a pure function of the last load reply, the settings, the terminal
// size and the last error, and the diff that tells the shell which rows to redraw. The shell
// (lim/cmd/lsmon_curses.cc) only writes the rows changedRows() names.
//
// Layout (rows top to bottom):
//   0          title: cluster, master, host count, interval, run queue mode, clock
//   1          the last refresh's error (master failover, bad requirement), else blank
//   2          lsload's header line (format/load_format.h: same columns, same marks)
//   3..rows-2  one host per row, in the reply's order (the requirement's order[]); when
//              more hosts than rows, the last of them says how many are not shown
//   rows-1     the key help (or the shell's prompt)
// Every line is cut to the terminal's width; a terminal too small for the table keeps the
// rows it has, top first.

#include <string>
#include <vector>

#include "format/monitor_settings.h"
#include "openlim/model.h"

namespace openlim::format {

struct ScreenSize {
  int rows = 24;
  int cols = 80;
};

struct MonitorFrame {
  const LoadSnapshot* snap = nullptr;  // null before the first reply
  const ClusterInfo* info = nullptr;   // column set (-I, external indices); may be null
  const MonitorSettings* settings = nullptr;
  std::string clock;  // the time of the last refresh, as the shell prints it
  std::string error;  // "" when the last refresh worked
};

std::vector<std::string> monitorLines(const MonitorFrame& frame, ScreenSize size);

// The rows whose text differs between what is on the screen and `next`, ascending; rows past
// the end of `next` that `shown` had are included (the shell clears them).
std::vector<int> changedRows(const std::vector<std::string>& shown,
                             const std::vector<std::string>& next);

}  // namespace openlim::format
