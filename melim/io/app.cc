#include "app.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include <cerrno>
#include <chrono>
#include <cmath>

#include "discovery.h"
#include "util/log_escape.h"

namespace openlim::melim {
namespace {

class SpdLogPort : public LogPort {
 public:
  void log(LogLevel level, const std::string& elim, const std::string& text) override {
    auto l = level == LogLevel::kDebug     ? spdlog::level::debug
             : level == LogLevel::kInfo    ? spdlog::level::info
             : level == LogLevel::kWarning ? spdlog::level::warn
                                           : spdlog::level::err;
    spdlog::log(l, "{}: {}", elim, text);
  }
};

}  // namespace

double monotonicSeconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

double wallSeconds() {
  using namespace std::chrono;
  return duration<double>(system_clock::now().time_since_epoch()).count();
}

App::App(Settings settings, AppOptions opts)
    : opts_(std::move(opts)),
      launcher_(io_, [this] { afterEvent(); }),
      logPort_(std::make_unique<SpdLogPort>()),
      sup_(std::move(settings), &launcher_, logPort_.get()),
      signals_(io_, SIGTERM, SIGINT, SIGHUP),
      timer_(io_),
      out_(io_, STDOUT_FILENO, [this](int err) {
        beginShutdown(std::string("stdout closed (") + strerror(err) + "): lim is gone");
      }) {
  launcher_.setSupervisor(&sup_);
  sup_.enableStatus(opts_.statusFd);
  launcher_.clock = &monotonicSeconds;
  signals_.add(SIGCHLD);
  if (opts_.statusFd)
    status_ = std::make_unique<LineWriter>(io_, 3, [this](int err) {
      // EPIPE: lim closed its end, as it does when it stops or restarts us; not an error.
      auto level = err == EPIPE || stopping_ ? spdlog::level::info : spdlog::level::warn;
      spdlog::log(level, "status descriptor 3 closed ({}); no more status", strerror(err));
      sup_.enableStatus(false);  // else its overdue period would spin the loop
    });
}

void App::rescan() {
  ScanResult r = scanElimDir(opts_.elimDir);
  if (!r.error.empty()) spdlog::error("{}", r.error);
  for (const auto& s : r.skipped)
    if (skipLogged_.insert(s.name + "|" + s.why).second)
      spdlog::warn("{}: not run: {}", escapeForLog(s.name), s.why);
  if (r.elims.empty()) spdlog::warn("no elim to run in {}", opts_.elimDir);
  if (r.error.empty()) sup_.setElims(r.elims, monotonicSeconds());
}

void App::armSignals() {
  signals_.async_wait([this](const boost::system::error_code& ec, int sig) {
    if (ec) return;
    onSignal(sig);
    armSignals();
    afterEvent();
  });
}

void App::onSignal(int sig) {
  if (sig == SIGCHLD) return reap();
  if (sig == SIGHUP && !stopping_) {
    spdlog::info("SIGHUP: rescanning {}", opts_.elimDir);
    rescan();
    int n = sup_.retryStopped();
    if (n > 0) spdlog::info("SIGHUP: retrying {} stopped elim(s)", n);
    return;
  }
  if (sig == SIGTERM || sig == SIGINT) beginShutdown(sig == SIGTERM ? "SIGTERM" : "SIGINT");
}

void App::reap() {
  for (;;) {
    int status = 0;
    pid_t pid = ::waitpid(-1, &status, WNOHANG);
    if (pid <= 0) return;
    ExitStatus es;
    if (WIFSIGNALED(status)) {
      es.signaled = true;
      es.code = WTERMSIG(status);
    } else if (WIFEXITED(status)) {
      es.code = WEXITSTATUS(status);
    } else {
      continue;
    }
    sup_.onExit(pid, es, monotonicSeconds());
  }
}

void App::beginShutdown(const std::string& why) {
  if (stopping_) return;
  stopping_ = true;
  spdlog::info("shutting down: {}", why);
  sup_.shutdown(monotonicSeconds());
}

void App::checkParent() {
  if (parentPid_ > 1 && ::getppid() != parentPid_) beginShutdown("parent process is gone");
}

void App::afterEvent() {
  if (inAfterEvent_) return;
  inAfterEvent_ = true;
  double now = monotonicSeconds();
  checkParent();
  sup_.advance(now);
  if (auto line = sup_.takeOutput(now); line && !stopping_) out_.offer(std::move(*line));
  if (status_ && !status_->failed())
    if (auto js = sup_.takeStatus(now, wallSeconds())) status_->offer(std::move(*js));
  if (stopping_ && sup_.finished()) {
    io_.stop();
  } else {
    armTimer();
  }
  inAfterEvent_ = false;
}

void App::armTimer() {
  double next = sup_.nextDeadline();
  double now = monotonicSeconds();
  if (next == armedFor_) return;
  armedFor_ = next;
  auto delay = std::chrono::duration<double>(std::max(0.0, next - now));
  timer_.expires_after(std::chrono::duration_cast<std::chrono::steady_clock::duration>(delay));
  timer_.async_wait([this](const boost::system::error_code& ec) {
    if (ec) return;
    armedFor_ = -1;
    afterEvent();
  });
}

int App::run() {
  parentPid_ = ::getppid();
  armSignals();
  rescan();
  afterEvent();
  io_.run();
  // Reap what is left (grandchildren adopted as subreaper) without waiting long.
  for (int i = 0; i < 100; ++i) {
    int status = 0;
    pid_t pid = ::waitpid(-1, &status, WNOHANG);
    if (pid < 0) break;  // ECHILD: nothing left
    if (pid == 0) ::usleep(10000);
  }
  spdlog::info("exiting");
  return 0;
}

}  // namespace openlim::melim
