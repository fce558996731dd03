#pragma once
// openlim-cmd: the commands as one program, each installed as a link to it and chosen by the
// name it runs under (argv[0], as busybox does). One binary carries libstdc++ once instead of
// once per command; `openlim-cmd lsload -w` runs a command without its link.

#include <span>
#include <string_view>

#include "out.h"

namespace openlim::cmd {

// A command's process entry. `name` is the name it was found under (nlbpolicy, lspolicy).
using MainFn = int (*)(const char* name, int argc, char** argv);

struct NamedMain {
  const char* name;
  MainFn main;
};

// The program's own name: what `openlim-cmd lsload` is run as.
inline constexpr std::string_view kMultiCallName = "openlim-cmd";

// The last component of argv[0] ("/usr/bin/lsload" -> "lsload").
std::string_view commandName(std::string_view argv0);

// The command of `table` called `name`, else null.
const NamedMain* findMain(std::span<const NamedMain> table, std::string_view name);

// Runs the command argv[0] names. Under the program's own name `self` the first argument
// names it (and `-h` lists the commands, exit 0); a name that is no command prints a usage
// error naming them all on `err` and returns 2.
int dispatchMain(std::span<const NamedMain> table, std::string_view self, int argc, char** argv,
                 Out& out, Out& err);

}  // namespace openlim::cmd
