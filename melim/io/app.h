#pragma once
// melim's event loop (boost::asio, one thread): signals (TERM/INT stop, HUP rescan, CHLD
// reap), pipe reads through the Launcher, one timer set to Supervisor::nextDeadline(), and
// the non-blocking writers for stdout (the merged vector) and fd 3 (status JSON).

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>

#include <memory>
#include <set>
#include <string>

#include "core/supervisor.h"
#include "launcher.h"
#include "line_writer.h"

namespace openlim::melim {

struct AppOptions {
  std::string elimDir;
  bool statusFd = false;  // fd 3 is open: write status JSON there
};

class App {
 public:
  App(Settings settings, AppOptions opts);
  int run();  // returns the exit code

 private:
  void rescan();
  void armSignals();
  void onSignal(int sig);
  void reap();
  void afterEvent();
  void armTimer();
  void beginShutdown(const std::string& why);
  void checkParent();

  boost::asio::io_context io_;
  AppOptions opts_;
  Launcher launcher_;
  std::unique_ptr<LogPort> logPort_;
  Supervisor sup_;
  boost::asio::signal_set signals_;
  boost::asio::steady_timer timer_;
  LineWriter out_;
  std::unique_ptr<LineWriter> status_;
  std::set<std::string> skipLogged_;
  int parentPid_ = 0;
  bool stopping_ = false;
  bool inAfterEvent_ = false;
  double armedFor_ = -1;
};

double monotonicSeconds();
double wallSeconds();

}  // namespace openlim::melim
