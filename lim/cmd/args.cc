#include "args.h"

#include <algorithm>
#include <limits>

#include "format/text.h"
#include "util/strict_number.h"

namespace openlim::cmd {
namespace {

const OptionSpec* findSpec(const std::vector<OptionSpec>& specs, const std::string& name) {
  auto it =
      std::find_if(specs.begin(), specs.end(), [&](const OptionSpec& s) { return s.name == name; });
  return it == specs.end() ? nullptr : &*it;
}

Status invalid(const std::string& what, const std::string& opt) {
  return Status(Code::kInvalid, what + " -- '" + format::clipEcho(opt) + "'");
}

// A word option (-json, --explain, --from FILE) as one argument; returns false when `arg`
// is not one.
Result<bool> takeWord(const std::vector<std::string>& args, size_t& i,
                      const std::vector<OptionSpec>& specs, ParsedArgs& out) {
  const std::string& arg = args[i];
  std::string name = arg.substr(1);
  std::string value;
  bool inlineValue = false;
  if (auto eq = name.find('='); eq != std::string::npos && name[0] == '-') {
    value = name.substr(eq + 1);
    name = name.substr(0, eq);
    inlineValue = true;
  }
  const OptionSpec* spec = name.size() > 1 ? findSpec(specs, name) : nullptr;
  if (spec == nullptr) {
    if (arg.rfind("--", 0) == 0) return invalid("unrecognized option", arg);
    return false;
  }
  if (!spec->takesValue) {
    if (inlineValue) return invalid("option takes no argument", arg);
    out.options[name].push_back("");
    return true;
  }
  if (!inlineValue) {
    if (i + 1 >= args.size()) return invalid("option requires an argument", arg);
    value = args[++i];
  }
  out.options[name].push_back(value);
  return true;
}

Status takeLetters(const std::vector<std::string>& args, size_t& i,
                   const std::vector<OptionSpec>& specs, ParsedArgs& out) {
  const std::string& arg = args[i];
  for (size_t k = 1; k < arg.size(); ++k) {
    std::string letter(1, arg[k]);
    const OptionSpec* spec = findSpec(specs, letter);
    if (spec == nullptr) return invalid("invalid option", letter);
    if (!spec->takesValue) {
      out.options[letter].push_back("");
      continue;
    }
    if (k + 1 < arg.size()) {
      out.options[letter].push_back(arg.substr(k + 1));
    } else if (i + 1 < args.size()) {
      out.options[letter].push_back(args[++i]);
    } else {
      return invalid("option requires an argument", letter);
    }
    return Status::ok();
  }
  return Status::ok();
}

}  // namespace

std::optional<std::string> ParsedArgs::value(const std::string& name) const {
  auto it = options.find(name);
  if (it == options.end() || it->second.empty()) return std::nullopt;
  return it->second.back();
}

std::vector<std::string> ParsedArgs::words() const {
  std::vector<std::string> out = operands;
  for (const auto& [name, values] : options)
    for (const auto& v : values)
      if (!v.empty()) out.push_back(v);
  return out;
}

Result<ParsedArgs> parseArgs(const std::vector<std::string>& args,
                             const std::vector<OptionSpec>& specs, ParseMode mode) {
  ParsedArgs out;
  bool optionsDone = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (optionsDone || arg.size() < 2 || arg[0] != '-') {
      out.operands.push_back(arg);
      if (mode == ParseMode::kStopAtOperand) optionsDone = true;
      continue;
    }
    if (arg == "--") {
      optionsDone = true;
      continue;
    }
    Result<bool> word = takeWord(args, i, specs, out);
    if (!word) return word.status();
    if (*word) continue;
    Status s = takeLetters(args, i, specs, out);
    if (!s.isOk()) return s;
  }
  return out;
}

std::vector<std::string> joinSpacedAssignments(const std::vector<std::string>& args,
                                               const std::string& option) {
  std::vector<std::string> out;
  out.reserve(args.size());
  auto isValueWord = [](const std::string& w) { return !w.empty() && w[0] != '-'; };
  size_t i = 0;
  while (i < args.size()) {
    const std::string& arg = args[i++];
    if (arg == "--") {
      out.insert(out.end(), args.begin() + static_cast<std::ptrdiff_t>(i - 1), args.end());
      break;
    }
    const bool attached = arg.size() > option.size() && arg.rfind(option, 0) == 0;
    if (arg != option && !attached) {
      out.push_back(arg);
      continue;
    }
    std::string value;
    if (attached) {
      value = arg.substr(option.size());
    } else if (i < args.size()) {
      value = args[i++];
    } else {
      out.push_back(arg);  // the parser reports the missing value
      break;
    }
    if (value.find('=') == std::string::npos && i < args.size() && !args[i].empty() &&
        args[i][0] == '=')
      value += args[i++];  // "x" "=" or "x" "=1"
    if (!value.empty() && value.back() == '=' && i < args.size() && isValueWord(args[i]))
      value += args[i++];  // "x=" "1"
    out.push_back(option);
    out.push_back(std::move(value));
  }
  return out;
}

Result<int> countOption(const std::string& option, const std::string& text, int min) {
  Result<int> n = parseInt(text);
  if (n && *n >= min) return *n;
  // A whole number too large for a count: say the largest there is, not "positive".
  std::string_view digits = text;
  if (!digits.empty() && digits[0] == '+') digits.remove_prefix(1);
  bool allDigits = !digits.empty() && std::all_of(digits.begin(), digits.end(),
                                                  [](char c) { return c >= '0' && c <= '9'; });
  if (allDigits && !n)
    return Status(Code::kInvalid, "-" + option + " must be at most " +
                                      std::to_string(std::numeric_limits<int>::max()));
  return Status(Code::kInvalid,
                "-" + option + " must be a " + (min > 0 ? "positive" : "non-negative") + " number");
}

std::string conflict(const ParsedArgs& a, const std::string& x,
                     const std::vector<std::string>& others) {
  if (!a.has(x)) return "";
  for (const auto& y : others)
    if (a.has(y)) return "-" + x + " and -" + y + " cannot be used together";
  return "";
}

}  // namespace openlim::cmd
