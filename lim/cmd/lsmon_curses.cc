#include "lsmon_curses.h"

#include <curses.h>
#include <unistd.h>

#include <algorithm>
#include <vector>

namespace openlim::cmd {
namespace {

// Longest answer a prompt reads (a resource requirement).
constexpr int kMaxAnswer = 1024;

class CursesScreen : public MonitorScreen {
 public:
  CursesScreen() {
    initscr();
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    curs_set(0);
  }
  ~CursesScreen() override { endwin(); }
  CursesScreen(const CursesScreen&) = delete;
  CursesScreen& operator=(const CursesScreen&) = delete;

  void render(const format::MonitorFrame& frame) override {
    std::vector<std::string> next = format::monitorLines(frame, size());
    if (repaint_) {
      clear();
      shown_.clear();
      repaint_ = false;
    }
    for (int row : format::changedRows(shown_, next)) {
      // Clear first: a line as wide as the terminal leaves the cursor on the next row, where
      // a clear after it would wipe that row.
      move(row, 0);
      clrtoeol();
      if (static_cast<size_t>(row) < next.size()) addnstr(next[row].c_str(), COLS);
    }
    shown_ = std::move(next);
    refresh();
  }

  void invalidate() override { repaint_ = true; }

  int waitKey(double seconds) override {
    timeout(static_cast<int>(std::clamp(seconds * 1000, 1.0, 1e9)));
    int ch = getch();
    if (ch == ERR) return -1;
    if (ch == KEY_RESIZE) return kResized;
    return ch;
  }

  std::optional<std::string> prompt(const std::string& question) override {
    int row = std::max(0, LINES - 1);
    move(row, 0);
    clrtoeol();
    addnstr(question.c_str(), COLS);
    echo();
    curs_set(1);
    timeout(-1);
    char buf[kMaxAnswer + 1] = {0};
    int rc = getnstr(buf, kMaxAnswer);
    noecho();
    curs_set(0);
    // The help line comes back at the next render.
    if (static_cast<size_t>(row) < shown_.size()) shown_[row] = "\x01";
    if (rc == ERR) return std::nullopt;
    return std::string(buf);
  }

 private:
  static format::ScreenSize size() { return {LINES, COLS}; }

  std::vector<std::string> shown_;
  bool repaint_ = true;
};

}  // namespace

std::unique_ptr<MonitorScreen> makeCursesScreen() {
  if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) return nullptr;
  return std::make_unique<CursesScreen>();
}

}  // namespace openlim::cmd
