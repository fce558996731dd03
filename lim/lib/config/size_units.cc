#include "config/size_units.h"

#include <cctype>

#include "util/strict_number.h"

namespace openlim::config {

double sizeUnitToMb(std::string_view unit) {
  static const struct {
    const char* a;
    const char* b;
    double f;
  } kUnits[] = {{"k", "kb", 1.0 / 1024},
                {"m", "mb", 1},
                {"g", "gb", 1024},
                {"t", "tb", 1024.0 * 1024},
                {"p", "pb", 1024.0 * 1024 * 1024}};
  std::string u(unit);
  for (auto& c : u) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const auto& k : kUnits)
    if (u == k.a || u == k.b) return k.f;
  return 0;
}

bool isSizeIndex(std::string_view index) {
  return index == "mem" || index == "swp" || index == "tmp";
}

SizeParts splitSize(const std::string& text) {
  size_t end = text.size();
  while (end > 0 && std::isalpha(static_cast<unsigned char>(text[end - 1]))) --end;
  return {text.substr(0, end), text.substr(end)};
}

Result<double> parseSize(const std::string& text) {
  auto [number, unit] = splitSize(text);
  auto d = parseDouble(number);
  if (!d) return Status(Code::kInvalid, "not a number");
  if (unit.empty()) return *d;
  double f = sizeUnitToMb(unit);
  if (f == 0)
    return Status(Code::kInvalid, "unknown unit '" + unit + "'; want K KB M MB G GB T TB P PB");
  return *d * f;
}

}  // namespace openlim::config
