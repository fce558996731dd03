#include "remote_main.h"

#include <unistd.h>

#include <climits>
#include <cstdlib>

#include "process_launcher.h"
#include "read_file.h"
#include "remote_shell.h"

namespace openlim::cmd {
namespace {

// The longest command line lsgrun reads from stdin.
constexpr size_t kMaxCommandLine = 64 * 1024;

std::optional<std::string> readLine(const std::string& prompt) {
  if (::isatty(STDIN_FILENO)) standardOutput() << prompt << flush;
  std::string line;
  char c = 0;
  ssize_t n = 0;
  bool tooLong = false;
  while ((n = ::read(STDIN_FILENO, &c, 1)) == 1 && c != '\n') {
    if (line.size() < kMaxCommandLine)
      line.push_back(c);
    else
      tooLong = true;
  }
  if (n != 1 && line.empty()) return std::nullopt;
  if (!tooLong) return line;
  // Never run a cut command: say so and take the next line.
  standardError() << "lsgrun: a command line longer than " << kMaxCommandLine
                  << " bytes is ignored\n";
  return std::string();
}

std::string currentDirectory() {
  char buf[PATH_MAX];
  if (::getcwd(buf, sizeof buf) != nullptr) return buf;
  const char* pwd = std::getenv("PWD");
  return pwd != nullptr && *pwd == '/' ? pwd : "/";
}

// The environment's value, else lsf.conf's (as lsadmin limstartup reads LSF_RSH).
std::string setting(const char* name, const std::string& conf, const std::string& fallback) {
  const char* env = std::getenv(name);
  if (env != nullptr && *env) return env;
  return conf.empty() ? fallback : conf;
}

}  // namespace

int runRemoteMain(const char* name, int argc, char** argv, RemoteCommandFn fn) {
  std::vector<std::string> args(argv + 1, argv + argc);
  return runWithSettings(name, [&](CmdIo& io, const CmdSettings& s) {
    ProcessLauncher launcher;
    RemoteIo rio{launcher, setting("LSF_RSH", s.rsh, kDefaultRsh), currentDirectory()};
    rio.maxParallel = s.lsgrunParallel;
    if (const char* p = std::getenv("LSF_LSGRUN_PARALLEL"); p != nullptr && *p) {
      auto n = countOption("", p, 1);
      if (n) rio.maxParallel = *n;
    }
    rio.readLine = readLine;
    rio.readFile = [](const std::string& path) { return shell::readFile(path); };
    return fn(args, io, rio);
  });
}

}  // namespace openlim::cmd
