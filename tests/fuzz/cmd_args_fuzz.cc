// Fuzzes the commands' option parsing: the shared LSF-style parser (grouped flags, attached
// and separate values, -json, --) and lsplace's own. Input: arguments separated by NUL bytes.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "args.h"
#include "lsplace_options.h"

namespace {

const std::vector<openlim::cmd::OptionSpec> kSpecs = {
    {"l"},    {"w"},        {"N"},       {"E"},       {"s"},
    {"json"}, {"-explain"}, {"I", true}, {"R", true}, {"n", true},
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<std::string> args(1);
  for (size_t i = 0; i < size; ++i) {
    if (data[i] == 0)
      args.emplace_back();
    else
      args.back().push_back(static_cast<char>(data[i]));
  }
  auto parsed = openlim::cmd::parseArgs(args, kSpecs);
  if (parsed) {
    for (const auto& [name, values] : parsed->options) (void)parsed->value(name);
    if (auto n = parsed->value("n")) (void)openlim::cmd::nonNegativeInt("n", *n);
  }
  auto lsplace = openlim::cmd::parseLsplaceArgs(args);
  if (lsplace && lsplace->place.minSlots < 0) __builtin_trap();  // counts are never negative
  return 0;
}
