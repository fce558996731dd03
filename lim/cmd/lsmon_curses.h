#pragma once
// lsmon's full-screen terminal (ncurses): the only file that draws. It keeps the lines on the
// screen and writes only the rows format::changedRows names, so a refresh where nothing
// changed sends the terminal nothing but the clock.

#include "monitor_screen.h"

namespace openlim::cmd {

// A curses screen when stdin and stdout are terminals, else nullptr (lsmon -L f < /dev/null).
std::unique_ptr<MonitorScreen> makeCursesScreen();

}  // namespace openlim::cmd
