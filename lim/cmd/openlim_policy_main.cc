// openlim-policy: lspolicy and nlbpolicy (links to it), and lsplace whole, its offline mode
// (--from) included: openlim-cmd's lsplace runs this program for --from (command_mains.h
// says why).
#include "command_mains.h"
#include "multicall.h"

namespace {

using namespace openlim::cmd;

int lsplace(const char*, int argc, char** argv) {
  return lsplaceMain(argc, argv, lsplaceOffline);
}

int lspolicy(const char*, int argc, char** argv) {
  return lspolicyMain(argc, argv, lspolicyOffline);
}

constexpr NamedMain kCommands[] = {
    {"lsplace", lsplace}, {"lspolicy", lspolicy}, {"nlbpolicy", lspolicy}};

}  // namespace

int main(int argc, char** argv) {
  return dispatchMain(kCommands, kPolicyProgram, argc, argv, standardOutput(), standardError());
}
