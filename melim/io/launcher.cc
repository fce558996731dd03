#include "launcher.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <boost/process.hpp>
#include <boost/process/extend.hpp>
#include <cerrno>
#include <cstring>

namespace bp = boost::process;

namespace openlim::melim {
namespace {

constexpr size_t kReadChunk = 64 * 1024;
constexpr int kReadsPerWake = 4;  // then let other elims' pipes have their turn

char gReadBuf[kReadChunk];  // one buffer for all pipes: reads are never outstanding at once

// Runs in the child between fork and exec: a session of its own, default signal handling,
// no descriptor of melim's left open, and TERM when melim dies.
void childSetup() {
  ::setsid();
  ::prctl(PR_SET_PDEATHSIG, SIGTERM);
  for (int sig = 1; sig < NSIG; ++sig) ::signal(sig, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  if (::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) != 0) {
    for (int fd = 3; fd < 4096; ++fd) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
  }
}

}  // namespace

Launcher::Launcher(boost::asio::io_context& io, std::function<void()> afterEvent)
    : io_(io), afterEvent_(std::move(afterEvent)) {}

Launcher::~Launcher() {
  for (auto& [probe, s] : streams_) {
    boost::system::error_code ec;
    s->sd.close(ec);
  }
}

Result<int> Launcher::start(int probe, int generation, const std::string& path,
                            const std::vector<std::string>& args) {
  std::error_code ec;
  int pid = -1;
  try {
    bp::async_pipe out(io_), err(io_);
    bp::child c(
        bp::exe = path, bp::args = args, bp::std_in<bp::null, bp::std_out> out, bp::std_err > err,
        bp::extend::on_exec_setup = [](auto&) { childSetup(); }, ec);
    if (ec) return Status(Code::kIo, ec.message());
    pid = c.id();
    c.detach();  // we reap with waitpid(-1); the child object must not wait or kill
    int outFd = ::dup(out.native_source());
    int errFd = ::dup(err.native_source());
    for (int fd : {outFd, errFd}) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
    auto so = std::make_shared<Stream>(io_, outFd);
    auto se = std::make_shared<Stream>(io_, errFd);
    se->isStderr = true;
    for (auto& s : {so, se}) {
      s->probe = probe;
      s->generation = generation;
      s->sd.non_blocking(true);
      streams_.emplace(probe, s);
      arm(s);
    }
  } catch (const std::exception& e) {
    return Status(Code::kIo, e.what());
  }
  return pid;
}

void Launcher::arm(const StreamPtr& s) {
  s->sd.async_wait(boost::asio::posix::descriptor_base::wait_read,
                   [this, s](const boost::system::error_code& ec) {
                     if (ec || !s->open) return;
                     drain(s);
                     if (afterEvent_) afterEvent_();
                   });
}

void Launcher::drain(const StreamPtr& s) {
  double now = clock();
  for (int i = 0; i < kReadsPerWake && s->open; ++i) {
    ssize_t n = ::read(s->sd.native_handle(), gReadBuf, sizeof gReadBuf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    if (n <= 0) {  // EOF or a read error: this stream is done
      if (!s->isStderr) sup_->onStdoutEof(s->probe, s->generation, now);
      s->open = false;
      boost::system::error_code ec;
      s->sd.close(ec);
      break;
    }
    std::string_view bytes(gReadBuf, static_cast<size_t>(n));
    if (s->isStderr) {
      sup_->onStderr(s->probe, s->generation, bytes, now);
    } else {
      sup_->onStdout(s->probe, s->generation, bytes, now);
    }
  }
  if (s->open) {
    arm(s);
  } else {
    for (auto it = streams_.begin(); it != streams_.end(); ++it)
      if (it->second == s) {
        streams_.erase(it);
        break;
      }
  }
}

void Launcher::signalGroup(int pgid, int signal) {
  if (pgid > 1) ::kill(-pgid, signal);
}

void Launcher::closeOutput(int probe, int generation) {
  auto range = streams_.equal_range(probe);
  for (auto it = range.first; it != range.second;) {
    if (it->second->generation == generation) {
      if (it->second->isStderr) {
        // The last words of a dying elim are usually its most useful: read what is there.
        ssize_t n = ::read(it->second->sd.native_handle(), gReadBuf, sizeof gReadBuf);
        if (n > 0 && sup_) sup_->onStderr(probe, generation, {gReadBuf, size_t(n)}, clock());
      }
      it->second->open = false;
      boost::system::error_code ec;
      it->second->sd.close(ec);
      it = streams_.erase(it);
    } else {
      ++it;
    }
  }
}

}  // namespace openlim::melim
