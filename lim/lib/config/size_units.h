#pragma once
// Size units of memory-like values (LSF's resource requirement rules "Numbers"), shared by the
// resource requirement binder and the cluster file's Host threshold columns: powers of 1024, in MB.

#include <string>
#include <string_view>

#include "openlim/status.h"

namespace openlim::config {

// Unit to MB factor; 0 when not a size unit (K KB M MB G GB T TB P PB, any case).
double sizeUnitToMb(std::string_view unit);

// True for the built-in load indices measured in MB (mem swp tmp).
bool isSizeIndex(std::string_view index);

// `text` split where its trailing letters (the unit, maybe empty) begin: "1.5gb" = {"1.5", "gb"}.
struct SizeParts {
  std::string number;
  std::string unit;
};
SizeParts splitSize(const std::string& text);

// A number with an optional size unit right after it (`500M`, `2G`, `1.5gb`, `512`): MB.
// kInvalid, naming the bad unit, otherwise.
Result<double> parseSize(const std::string& text);

}  // namespace openlim::config
