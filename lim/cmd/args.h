#pragma once
// The one command-line parser of every command, LSF (getopt) style: single-letter options that
// may be grouped (-lw, -Ln2), values attached or separate (-R "..." / -Rmem>1 / -n2), a few
// long words (-json, --explain, --from FILE, --from=FILE), options and operands in any order
// (or, for lsadmin's subcommand, options up to the first operand), `--` ends the options.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "openlim/status.h"

namespace openlim::cmd {

struct OptionSpec {
  std::string name;  // "l", "R", "json", "-explain" (without the first '-')
  bool takesValue = false;
};

struct ParsedArgs {
  std::map<std::string, std::vector<std::string>> options;  // name -> values ("" for flags)
  std::vector<std::string> operands;

  bool has(const std::string& name) const { return options.count(name) > 0; }
  std::optional<std::string> value(const std::string& name) const;  // last value given
  // Every option value and operand: the user's words an error message may echo.
  std::vector<std::string> words() const;
};

enum class ParseMode {
  kPermute,        // options and operands in any order (the query commands)
  kStopAtOperand,  // the first operand and everything after it are operands (lsadmin)
};

// kInvalid with a message such as "invalid option -- 'x'" or "option requires an argument
// -- 'R'" (getopt's words); an echoed argument is cut to a bounded length.
Result<ParsedArgs> parseArgs(const std::vector<std::string>& args,
                             const std::vector<OptionSpec>& specs,
                             ParseMode mode = ParseMode::kPermute);

// A whole number of at least `min` (0 or 1) given to -<option> (-n 16, -l 60), else kInvalid
// "-n must be a positive number" (min 1) or "-n must be a non-negative number" (min 0); a
// whole number past the largest int is "-n must be at most 2147483647".
Result<int> countOption(const std::string& option, const std::string& text, int min);
inline Result<int> nonNegativeInt(const std::string& option, const std::string& text) {
  return countOption(option, text, 0);
}

// NQE's `-a name = value`: the words of one assignment given to `option` ("-a") with blanks
// around '=' (`-a x = 1`, `-a x= 1`, `-a x =1`, also attached: `-ax = 1`) joined into one
// value word, so that `-a` takes "x=1". Other words pass unchanged, and nothing after `--`
// is touched. A word that begins with '-' is never taken as the value (it is an option).
// Linear in the words.
std::vector<std::string> joinSpacedAssignments(const std::vector<std::string>& args,
                                               const std::string& option);

// "-x and -y cannot be used together" for the first option of `others` given with `x`, else
// empty.
std::string conflict(const ParsedArgs& a, const std::string& x,
                     const std::vector<std::string>& others);

}  // namespace openlim::cmd
