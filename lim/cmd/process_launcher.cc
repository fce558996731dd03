#include "process_launcher.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>

#include "line_prefixer.h"
#include "remote_shell.h"

extern char** environ;

namespace openlim::cmd {
namespace {

constexpr int kForwarded[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
constexpr int kMaxGroups = 4096;

// The process groups a forwarded signal goes to (0 = free slot). Written only with the
// forwarded signals blocked; read by the handler.
pid_t gGroups[kMaxGroups];

void forward(int sig) {
  int saved = errno;
  for (pid_t g : gGroups)
    if (g > 0) ::kill(-g, sig);
  errno = saved;
}

// Installs the forwarding handler for the signals this process does not ignore (a command
// started with SIGINT ignored, as by `&`, keeps its children's ignored too), for its life.
void installForwarding() {
  static bool done = false;
  if (done) return;
  done = true;
  for (int sig : kForwarded) {
    struct sigaction old {};
    ::sigaction(sig, nullptr, &old);
    if (old.sa_handler == SIG_IGN) continue;
    struct sigaction sa {};
    sa.sa_handler = forward;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    ::sigaction(sig, &sa, nullptr);
  }
}

class BlockForwarded {
 public:
  BlockForwarded() {
    sigset_t s;
    sigemptyset(&s);
    for (int sig : kForwarded) sigaddset(&s, sig);
    ::sigprocmask(SIG_BLOCK, &s, &old_);
  }
  ~BlockForwarded() { ::sigprocmask(SIG_SETMASK, &old_, nullptr); }

 private:
  sigset_t old_;
};

void track(pid_t pid, bool on) {
  BlockForwarded block;
  for (pid_t& g : gGroups)
    if (on ? g == 0 : g == pid) {
      g = on ? pid : 0;
      return;
    }
}

// The terminal this process runs in the foreground of, else -1.
int foregroundTerminal() {
  for (int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO})
    if (::isatty(fd) && ::tcgetpgrp(fd) == ::getpgrp()) return fd;
  return -1;
}

// Gives the terminal to `pgid` (SIGTTOU ignored meanwhile: a background group may not).
void giveTerminal(int tty, pid_t pgid) {
  if (tty < 0) return;
  struct sigaction ign {
  }, old{};
  ign.sa_handler = SIG_IGN;
  ::sigaction(SIGTTOU, &ign, &old);
  ::tcsetpgrp(tty, pgid);
  ::sigaction(SIGTTOU, &old, nullptr);
}

struct Child {
  pid_t pid = -1;
  std::string error;  // exec failure
};

// Without a terminal to hand over: posix_spawnp (no copy of this process's page tables; an
// exec failure is its return code). The same child as spawn()'s.
Child spawnDetached(std::vector<char*>& cargv, const int fds[3]) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  for (int i = 0; i < 3; ++i)
    if (fds[i] >= 0) posix_spawn_file_actions_adddup2(&actions, fds[i], i);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults, none;
  sigemptyset(&defaults);
  sigemptyset(&none);
  for (int sig : kForwarded) {
    struct sigaction old {};
    ::sigaction(sig, nullptr, &old);
    if (old.sa_handler != SIG_IGN) sigaddset(&defaults, sig);
  }
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  pid_t pid = -1;
  int rc;
  {
    BlockForwarded block;  // as in spawn(): registered before a signal can be passed on
    rc = ::posix_spawnp(&pid, cargv[0], &actions, &attr, cargv.data(), environ);
    if (rc == 0) track(pid, true);
  }
  posix_spawnattr_destroy(&attr);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return {-1, std::string(cargv[0]) + ": " + std::strerror(rc)};
  return {pid, ""};
}

// fork + exec in a new process group. `fds`: what the child's 0, 1, 2 become (-1 = keep).
// An exec failure comes back through a close-on-exec pipe as errno. With the terminal (tty
// >= 0) the child takes it before it execs, so the command never reads it as a background
// job.
Child spawn(const std::vector<std::string>& argv, const int fds[3], int tty) {
  std::vector<char*> cargv;
  for (const auto& a : argv) cargv.push_back(const_cast<char*>(a.c_str()));
  cargv.push_back(nullptr);
  if (tty < 0) return spawnDetached(cargv, fds);
  int report[2];
  if (::pipe2(report, O_CLOEXEC) != 0) return {-1, std::string("pipe: ") + std::strerror(errno)};
  // The forwarded signals stay blocked until the child's group is on the forwarding list: a
  // signal sent the moment the command has started is passed on, not lost.
  std::optional<BlockForwarded> block(std::in_place);
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(report[0]);
    ::close(report[1]);
    return {-1, std::string("fork: ") + std::strerror(errno)};
  }
  if (pid == 0) {
    ::setpgid(0, 0);
    giveTerminal(tty, ::getpid());
    for (int i = 0; i < 3; ++i)
      if (fds[i] >= 0) ::dup2(fds[i], i);
    for (int sig : kForwarded) {
      struct sigaction old {};
      ::sigaction(sig, nullptr, &old);
      if (old.sa_handler != SIG_IGN) ::signal(sig, SIG_DFL);
    }
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::execvp(cargv[0], cargv.data());
    int e = errno;
    (void)!::write(report[1], &e, sizeof e);
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also here: no race with a signal forwarded before the child's own
  track(pid, true);
  block.reset();
  ::close(report[1]);
  int e = 0;
  ssize_t n;
  while ((n = ::read(report[0], &e, sizeof e)) < 0 && errno == EINTR) {
  }
  ::close(report[0]);
  if (n == static_cast<ssize_t>(sizeof e)) {
    track(pid, false);
    int status;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return {-1, argv[0] + ": " + std::strerror(e)};
  }
  return {pid, ""};
}

TaskResult notStarted(std::string why) {
  return {false, 0, std::move(why)};
}

}  // namespace

TaskResult ProcessLauncher::run(const std::vector<std::string>& argv) {
  installForwarding();
  int tty = foregroundTerminal();
  const int keep[3] = {-1, -1, -1};
  Child c = spawn(argv, keep, tty);
  if (c.pid < 0) return notStarted(c.error);
  giveTerminal(tty, c.pid);
  int status = 0;
  for (;;) {
    if (::waitpid(c.pid, &status, WUNTRACED) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (!WIFSTOPPED(status)) break;
    // Stopped from the terminal (^Z): stop too, so the user's shell gets its prompt back;
    // once continued, give the job its terminal back and continue it.
    giveTerminal(tty, ::getpgrp());
    ::raise(SIGSTOP);
    giveTerminal(tty, c.pid);
    ::kill(-c.pid, SIGCONT);
  }
  track(c.pid, false);
  giveTerminal(tty, ::getpgrp());
  return {true, exitCodeOf(status), ""};
}

namespace {

void writeAll(int fd, const std::string& s) {
  size_t off = 0;
  while (off < s.size()) {
    ssize_t n = ::write(fd, s.data() + off, s.size() - off);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the reader went away: the output is lost, the tasks still run
    off += static_cast<size_t>(n);
  }
}

struct Running {
  size_t task = 0;
  pid_t pid = -1;
  int status = 0;
  bool reaped = false;
  int fd[2] = {-1, -1};  // stdout, stderr read ends (-1 at end of file)
  std::unique_ptr<LinePrefixer> lines[2];
};

// At most this many at once: two descriptors each must fit under the descriptor limit.
int descriptorBound() {
  struct rlimit r {};
  if (::getrlimit(RLIMIT_NOFILE, &r) != 0 || r.rlim_cur == RLIM_INFINITY) return kMaxGroups;
  long n = (static_cast<long>(r.rlim_cur) - 16) / 2;
  return static_cast<int>(std::clamp(n, 1L, static_cast<long>(kMaxGroups)));
}

bool start(const Task& t, bool prefix, int devNull, Running* r, TaskResult* result) {
  int out[2] = {-1, -1}, err[2] = {-1, -1};
  if (prefix && (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0)) {
    *result = notStarted(std::string("pipe: ") + std::strerror(errno));
    for (int fd : {out[0], out[1], err[0], err[1]})
      if (fd >= 0) ::close(fd);
    return false;
  }
  const int fds[3] = {devNull, out[1], err[1]};
  Child c = spawn(t.argv, fds, -1);
  if (prefix) {
    ::close(out[1]);
    ::close(err[1]);
  }
  if (c.pid < 0) {
    if (prefix) {
      ::close(out[0]);
      ::close(err[0]);
    }
    *result = notStarted(c.error);
    return false;
  }
  r->pid = c.pid;
  if (prefix) {
    r->fd[0] = out[0];
    r->fd[1] = err[0];
    for (auto& l : r->lines) l = std::make_unique<LinePrefixer>(t.label + ": ");
  }
  return true;
}

// Reads what is ready on r's pipes; writes whole lines out.
void drain(Running& r, int which) {
  char buf[16384];
  ssize_t n = ::read(r.fd[which], buf, sizeof buf);
  if (n < 0 && errno == EINTR) return;
  int outFd = which == 0 ? STDOUT_FILENO : STDERR_FILENO;
  if (n <= 0) {
    writeAll(outFd, r.lines[which]->finish());
    ::close(r.fd[which]);
    r.fd[which] = -1;
    return;
  }
  writeAll(outFd, r.lines[which]->feed(std::string_view(buf, static_cast<size_t>(n))));
}

}  // namespace

std::vector<TaskResult> ProcessLauncher::runAll(const std::vector<Task>& tasks, int parallel,
                                                bool prefix) {
  installForwarding();
  std::vector<TaskResult> results(tasks.size());
  int devNull = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  size_t width = static_cast<size_t>(std::clamp(parallel, 1, descriptorBound()));
  std::vector<Running> running;
  size_t next = 0;
  while (next < tasks.size() || !running.empty()) {
    while (next < tasks.size() && running.size() < width) {
      Running r;
      r.task = next;
      if (start(tasks[next], prefix, devNull, &r, &results[next])) running.push_back(std::move(r));
      ++next;
    }
    if (running.empty()) continue;
    std::vector<pollfd> pfds;
    std::vector<std::pair<size_t, int>> owner;
    bool waitingOnExit = false;
    for (size_t i = 0; i < running.size(); ++i) {
      for (int w = 0; w < 2; ++w)
        if (running[i].fd[w] >= 0) {
          pfds.push_back({running[i].fd[w], POLLIN, 0});
          owner.emplace_back(i, w);
        }
      if (running[i].fd[0] < 0 && running[i].fd[1] < 0) waitingOnExit = true;
    }
    // Output wakes the loop; a task whose pipes are closed is polled for its exit.
    int ready = ::poll(pfds.data(), pfds.size(), waitingOnExit ? 20 : -1);
    for (size_t k = 0; ready > 0 && k < pfds.size(); ++k)
      if (pfds[k].revents != 0) drain(running[owner[k].first], owner[k].second);
    for (auto& r : running) {
      if (r.reaped || r.fd[0] >= 0 || r.fd[1] >= 0) continue;
      pid_t got = ::waitpid(r.pid, &r.status, WNOHANG);
      if (got == r.pid || (got < 0 && errno != EINTR)) r.reaped = true;
    }
    auto done = std::stable_partition(running.begin(), running.end(),
                                      [](const Running& r) { return !r.reaped; });
    for (auto it = done; it != running.end(); ++it) {
      track(it->pid, false);
      results[it->task] = {true, exitCodeOf(it->status), ""};
    }
    running.erase(done, running.end());
  }
  if (devNull >= 0) ::close(devNull);
  return results;
}

TaskResult ProcessLauncher::replace(const std::vector<std::string>& argv) {
  std::vector<char*> cargv;
  for (const auto& a : argv) cargv.push_back(const_cast<char*>(a.c_str()));
  cargv.push_back(nullptr);
  ::execvp(cargv[0], cargv.data());
  return notStarted(argv[0] + ": " + std::strerror(errno));
}

}  // namespace openlim::cmd
