#pragma once
// Small text helpers shared by the procfs parsers (internal).

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace openlim::procfs {

// Calls fn(line) for every line of text (without '\n'); stops when fn returns false.
template <typename Fn>
void forEachLine(std::string_view text, Fn&& fn) {
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (!fn(line)) return;
    if (nl == std::string_view::npos) return;
    text.remove_prefix(nl + 1);
  }
}

// Splits on blanks (spaces and tabs), skipping empty fields.
std::vector<std::string_view> splitFields(std::string_view line);
// Unsigned decimal counter; nullopt on anything else (sign, junk, overflow).
std::optional<uint64_t> toCounter(std::string_view token);
std::string_view trim(std::string_view s);

}  // namespace openlim::procfs
