// lspolicy (nlbpolicy; in openlim-policy): the policy tester. Without --from the master lim
// evaluates (op "policy"); --from SNAPSHOT is the offline mode (lspolicy.cc).
#include <string>
#include <vector>

#include "client.h"
#include "command_mains.h"
#include "format/json.h"
#include "format/text.h"
#include "openlim/version.h"

namespace openlim::cmd {
namespace {

int online(const LspolicyOptions& o) {
  auto& err = standardError();
  auto config = shell::clientConfigFromEnvironment();
  if (!config) {
    err << "lspolicy: " << config.status().message() << "\n";
    return kExitUsage;
  }
  if (!o.server.empty()) {  // -s: that lim alone (it forwards to the master when not it)
    config->serverHosts = {o.server};
    config->serversOnly = true;
  }
  shell::LimClient client(std::move(config.value()));
  auto text = client.ask(policyRequestText(o), false);
  if (!text) {
    bool down = text.status().code() == Code::kUnavailable;
    err << "lspolicy: " << (down ? "LIM is down; try later" : text.status().message()) << '\n';
    return down ? kExitDown : kExitNotFound;
  }
  auto reply = format::parseJson(*text);
  if (!reply || !reply->isObject()) {
    err << "lspolicy: malformed reply from lim\n";
    return kExitNotFound;
  }
  if (reply->find("redirect") != nullptr) {
    err << "lspolicy: Cannot locate master LIM now, try later\n";
    return kExitDown;
  }
  if (const format::Json* ok = reply->find("ok"); ok == nullptr || !ok->asBool()) {
    std::string code = reply->stringOr("code", "internal");
    if (code == "unavailable") {
      err << "lspolicy: LIM is down; try later\n";
      return kExitDown;
    }
    err << "lspolicy: " << format::clipEchoes(reply->stringOr("error", "failed"), o.hosts) << '\n';
    return code == "notfound" && o.strict ? kExitNotFound : kExitUsage;
  }
  return printPolicyReply(o, *reply, standardOutput(), err);
}

}  // namespace

int lspolicyMain(int argc, char** argv, LspolicyOfflineFn offline) {
  std::vector<std::string> args(argv + 1, argv + argc);
  auto o = parseLspolicyArgs(args);
  if (!o) {
    standardError() << o.status().message() << '\n' << lspolicyUsage();
    return kExitUsage;
  }
  if (o->help) {
    standardOutput() << lspolicyUsage();
    return kExitOk;
  }
  if (o->version) {
    standardError() << kVersionString << ", " << kBuildDate << '\n';
    return kExitOk;
  }
  return o->from.empty() ? online(*o) : offline(*o, argv);
}

}  // namespace openlim::cmd
