#pragma once
// The port between lsmon's loop (lsmon_cmd.cc) and a terminal: the full-screen one
// (lsmon_curses.cc) or none (plain output, tests).

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "format/monitor_view.h"

namespace openlim::cmd {

inline constexpr int kResized = -2;

class MonitorScreen {
 public:
  virtual ~MonitorScreen() = default;
  // Shows the frame: the full-screen terminal redraws only the rows that changed.
  virtual void render(const format::MonitorFrame& frame) = 0;
  // Repaints everything at the next render (^L, a resized terminal).
  virtual void invalidate() = 0;
  // Waits at most `seconds` for a key; its code, -1 when none came in time (the next
  // refresh is due), kResized when the terminal changed size (the loop then invalidates and
  // renders again).
  virtual int waitKey(double seconds) = 0;
  // Asks a question on the bottom line; nullopt when the user cancels or no terminal.
  virtual std::optional<std::string> prompt(const std::string& question) = 0;
};

// The terminal screen when lsmon has one (stdin and stdout are terminals), else nullptr.
using MakeScreen = std::function<std::unique_ptr<MonitorScreen>()>;

}  // namespace openlim::cmd
