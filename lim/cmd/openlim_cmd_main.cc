// openlim-cmd: every command except lsadmin (libcrypto), lsmon (ncurses) and lspolicy
// (nlbpolicy; the policy engine, in openlim-policy), whose code would add to every other
// command's start-up (docs/commands.md, "Start-up"). Each command is a link to this program,
// chosen by its name (multicall.h).
#include "cmd_main.h"
#include "command_mains.h"
#include "commands.h"
#include "multicall.h"
#include "remote_main.h"

namespace {

using namespace openlim::cmd;

template <CommandFn F>
int query(const char* name, int argc, char** argv) {
  return runMain(name, argc, argv, F);
}

template <RemoteCommandFn F>
int remote(const char* name, int argc, char** argv) {
  return runRemoteMain(name, argc, argv, F);
}

// lsplace --from runs openlim-policy (command_mains.h says why).
int lsplace(const char*, int argc, char** argv) {
  return lsplaceMain(argc, argv,
                     [](const LsplaceOptions&, char** args) { return execOffline(args); });
}

// Sorted by name: the order the usage error lists them in.
constexpr NamedMain kCommands[] = {
    {"bhosts", query<runBhosts>},       {"lsclusters", query<runLsclusters>},
    {"lsgrun", remote<runLsgrun>},      {"lshosts", query<runLshosts>},
    {"lsid", query<runLsid>},           {"lsinfo", query<runLsinfo>},
    {"lsload", query<runLsload>},       {"lsloadadj", query<runLsloadadj>},
    {"lslogin", remote<runLslogin>},    {"lsplace", lsplace},
    {"lsquota", query<runLsquota>},     {"lsrelease", query<runLsrelease>},
    {"lsreserve", query<runLsreserve>}, {"lsrun", remote<runLsrun>},
};

}  // namespace

int main(int argc, char** argv) {
  return dispatchMain(kCommands, kMultiCallName, argc, argv, standardOutput(), standardError());
}
