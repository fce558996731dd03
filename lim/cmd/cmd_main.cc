#include "cmd_main.h"

#include <unistd.h>

#include <cstdlib>
#include <optional>

namespace openlim::cmd {
namespace {

// Reads the configuration on the first request, so -h and -V work without one.
class ClientQuerier : public Querier {
 public:
  ClientQuerier(const char* name, std::optional<shell::ClientConfig> config, std::string error,
                shell::MacFactory macFactory)
      : name_(name), error_(std::move(error)) {
    if (config) client_.emplace(std::move(*config), std::move(macFactory));
  }
  Result<std::string> ask(const std::string& request, bool admin) override {
    // A configuration that cannot be read is said as such (file and reason), not as "LIM is
    // down": the caller prints it once.
    if (!client_) return Status(Code::kNotFound, error_);
    return client_->ask(request, admin);
  }
  Result<std::string> askLocal(const std::string& request) override {
    if (!client_) return Status(Code::kNotFound, error_);
    return client_->askLocal(request);
  }

 private:
  [[maybe_unused]] const char* name_;
  std::string error_;
  std::optional<shell::LimClient> client_;
};

bool askTerminal(const std::string& question) {
  standardOutput() << question << flush;
  std::string answer;
  char c = 0;
  while (::read(STDIN_FILENO, &c, 1) == 1 && c != '\n') answer.push_back(c);
  return !answer.empty() && (answer[0] == 'y' || answer[0] == 'Y');
}

}  // namespace

int runMain(const char* name, int argc, char** argv, CommandFn fn) {
  std::vector<std::string> args(argv + 1, argv + argc);
  return runWithIo(name, [&](CmdIo& io) { return fn(args, io); });
}

int runWithIo(const char* name, const std::function<int(CmdIo&)>& fn,
              shell::MacFactory macFactory) {
  return runWithSettings(
      name, [&](CmdIo& io, const CmdSettings&) { return fn(io); }, std::move(macFactory));
}

int runWithSettings(const char* name, const std::function<int(CmdIo&, const CmdSettings&)>& fn,
                    shell::MacFactory macFactory) {
  CmdSettings settings;
  std::optional<shell::ClientConfig> config;
  std::string error;
  std::string local;
  if (auto loaded = shell::clientConfigFromEnvironment(); loaded.isOk()) {
    config = std::move(loaded.value());
    local = config->localHost;
    settings.rsh = config->rsh;
    settings.lsgrunParallel = config->lsgrunParallel;
    // lsadmin limstartup finds lim through LSF_SERVERDIR.
    if (!config->serverDir.empty()) setenv("LSF_SERVERDIR", config->serverDir.c_str(), 0);
  } else {
    error = loaded.status().message();
    const char* env = std::getenv("OPENLIM_HOST");
    char buf[256] = {0};
    gethostname(buf, sizeof buf - 1);
    std::string sys = buf;
    local = env != nullptr && *env ? env : sys.substr(0, sys.find('.'));
  }
  ClientQuerier querier(name, std::move(config), error, std::move(macFactory));
  CmdIo io{standardOutput(), standardError(), querier, local, askTerminal};
  int rc = fn(io, settings);
  io.out.flush();
  return rc;
}

}  // namespace openlim::cmd
