#include "multicall.h"

#include "exit_codes.h"
#include "format/text.h"

namespace openlim::cmd {
namespace {

void listCommands(std::span<const NamedMain> table, std::string_view self, Out& to) {
  to << "Usage: " << self << " command [argument ...], or the command's own name\n"
     << "(a link to " << self << "). Commands:";
  for (const auto& entry : table) to << ' ' << entry.name;
  to << '\n';
}

}  // namespace

std::string_view commandName(std::string_view argv0) {
  auto slash = argv0.rfind('/');
  return slash == std::string_view::npos ? argv0 : argv0.substr(slash + 1);
}

const NamedMain* findMain(std::span<const NamedMain> table, std::string_view name) {
  for (const auto& entry : table)
    if (name == entry.name) return &entry;
  return nullptr;
}

int dispatchMain(std::span<const NamedMain> table, std::string_view self, int argc, char** argv,
                 Out& out, Out& err) {
  std::string_view name = commandName(argc > 0 && argv[0] != nullptr ? argv[0] : "");
  if (name == self) {
    if (argc < 2) {
      listCommands(table, self, err);
      return kExitUsage;
    }
    std::string_view first = argv[1];
    if (first == "-h" || first == "--help") {
      listCommands(table, self, out);
      return kExitOk;
    }
    // `openlim-cmd lsload -w` runs as `lsload -w`.
    --argc;
    ++argv;
    name = commandName(argv[0]);
  }
  if (const NamedMain* entry = findMain(table, name)) return entry->main(entry->name, argc, argv);
  err << self << ": " << format::clipEcho(name) << ": not a command of openlim\n";
  listCommands(table, self, err);
  return kExitUsage;
}

}  // namespace openlim::cmd
