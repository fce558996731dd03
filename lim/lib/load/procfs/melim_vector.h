#pragma once
// Parser for the lines melim writes on its stdout (docs/melim.md, melim duty 7): each line is
// the whole merged vector in the load update format, "N name value [name value ...]", with
// "-" for a value that is unknown now. Lives with the procfs parsers because it is another
// input of the lim agent; it is pure and has a fuzz target.

#include <cmath>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "openlim/status.h"

namespace openlim {

// One external value as melim sent it. The lim decides numeric vs string from the resource's
// type in lsf.shared: `number` is the parsed value when `text` is a finite decimal number,
// NaN otherwise; `known` is false for "-".
struct ExternalValue {
  bool known = false;
  double number = std::nan("");
  std::string text;
  bool operator==(const ExternalValue& o) const { return known == o.known && text == o.text; }
};

using ExternalVector = std::map<std::string, ExternalValue>;

// Parses one line (without its newline). Errors: empty line, bad count, count mismatch,
// duplicate name, empty/overlong name. "0" alone is a valid empty vector.
Result<ExternalVector> parseMelimLine(std::string_view line);

// The age melim gives a value it shows: from the "values" of its fd-3 status line
// ({"values":[{"name":"nio","value":"344","age":1.5,"elim":"elim.nio"}, ...]}).
struct ValueAge {
  std::string name;
  std::string text;  // the value as melim shows it (same text as on its stdout)
  double age = 0;    // seconds
};

// The known values' ages of one status line; unknown values (null) are left out. Errors: not
// JSON, or no "values" array. Entries without a name, a string value or a finite age >= 0
// are skipped.
Result<std::vector<ValueAge>> parseMelimValueAges(std::string_view statusLine);

}  // namespace openlim
