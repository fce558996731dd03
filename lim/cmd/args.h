#pragma once
// Command-line parsing shared by every command, LSF style: single-letter options that may be
// grouped (-lw), values attached or separate (-R "..." / -Rmem>1), a few long words (-json,
// --explain), options and operands in any order, `--` ends the options.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "openlim/status.h"

namespace openlim::cmd {

struct OptionSpec {
  std::string name;   // "l", "R", "json", "-explain" (without the first '-')
  bool takesValue = false;
};

struct ParsedArgs {
  std::map<std::string, std::vector<std::string>> options;  // name -> values ("" for flags)
  std::vector<std::string> operands;

  bool has(const std::string& name) const { return options.count(name) > 0; }
  std::optional<std::string> value(const std::string& name) const;  // last value given
};

// kInvalid with a message such as "invalid option -- 'x'" or "option requires an argument
// -- 'R'" (getopt's words).
Result<ParsedArgs> parseArgs(const std::vector<std::string>& args,
                             const std::vector<OptionSpec>& specs);

// A non-negative integer option value (-n 16, -l 60), else kInvalid.
Result<int> nonNegativeInt(const std::string& option, const std::string& text);

}  // namespace openlim::cmd
