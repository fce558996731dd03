#include "lim_starter.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <ostream>
#include <strings.h>

namespace openlim::cmd {
namespace {

std::string serverDir() {
  const char* d = std::getenv("LSF_SERVERDIR");
  return d != nullptr && *d ? d : "/usr/sbin";
}

// Double fork so the lim is reparented to init and never becomes our zombie.
bool spawnDetached(const std::string& path, const std::string& host) {
  pid_t pid = fork();
  if (pid < 0) return false;
  if (pid == 0) {
    setsid();
    if (fork() != 0) _exit(0);
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
      dup2(null, 0);
      dup2(null, 1);
      dup2(null, 2);
    }
    execl(path.c_str(), path.c_str(), "--host", host.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace

int startLims(const std::vector<std::string>& hosts, CmdIo& io) {
  std::vector<std::string> targets = hosts.empty() ? std::vector{io.localHost} : hosts;
  std::string lim = serverDir() + "/lim";
  int rc = kExitOk;
  for (const auto& h : targets) {
    io.out << "Starting up LIM on <" << h << "> ...... " << std::flush;
    if (strcasecmp(h.c_str(), io.localHost.c_str()) != 0) {
      io.out << "failed\n";
      io.err << "lsadmin: " << h << ": only the local lim can be started; run "
             << "'lsadmin limstartup' on that host\n";
      rc = kExitNotFound;
      continue;
    }
    if (access(lim.c_str(), X_OK) != 0 || !spawnDetached(lim, h)) {
      io.out << "failed\n";
      io.err << "lsadmin: cannot run " << lim << "\n";
      rc = kExitNotFound;
      continue;
    }
    io.out << "done\n";
  }
  return rc;
}

}  // namespace openlim::cmd
