#pragma once
// lsplace's and lspolicy's process entries. lspolicy and lsplace's offline mode (--from) need
// the configuration loader and the policy engine, most of the commands' code; they live in a
// second program, openlim-policy, so that the code the everyday commands of openlim-cmd run
// stays compact (docs/commands.md, "Start-up"). openlim-cmd's lsplace passes execOffline,
// which runs openlim-policy with the same arguments; openlim-policy passes the mode itself.

#include "lsplace_options.h"
#include "lspolicy_options.h"

namespace openlim::cmd {

using LsplaceOfflineFn = int (*)(const LsplaceOptions& o, char** argv);
using LspolicyOfflineFn = int (*)(const LspolicyOptions& o, char** argv);

int lsplaceMain(int argc, char** argv, LsplaceOfflineFn offline);
int lspolicyMain(int argc, char** argv, LspolicyOfflineFn offline);

// The offline modes (lsplace.cc, lspolicy.cc).
int lsplaceOffline(const LsplaceOptions& o, char** argv);
int lspolicyOffline(const LspolicyOptions& o, char** argv);

// The program with lspolicy and the offline modes, in the folder of openlim-cmd (built and
// installed alike).
inline constexpr const char* kPolicyProgram = "openlim-policy";

// Replaces this process with kPolicyProgram run as argv (argv[0] names the command); returns
// only on failure, with the error printed and exit status 2.
int execOffline(char** argv);

}  // namespace openlim::cmd
