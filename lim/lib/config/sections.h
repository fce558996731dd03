#pragma once
// The generic section reader: `Begin Name` ... `End Name` blocks of logical lines, read as
// tables (header + rows) or as parameter lists (KEY = value).

#include <string>
#include <string_view>
#include <vector>

#include "config/diag.h"
#include "config/lines.h"
#include "config/tokens.h"

namespace openlim::config {

struct Section {
  std::string name;  // as written after Begin
  int beginLine = 0;
  std::vector<Line> body;  // lines between Begin and End
};

// Reads the Begin/End structure. Structure problems are errors, each reported once at the
// line that is wrong: a Begin with no End (at the Begin line; the section closes at the next
// Begin or end of file), an End that names another section (it still closes the section),
// an End with no Begin. Text outside any section is a warning.
std::vector<Section> readSections(std::string_view text, DiagSink& diag);

struct Row {
  int line = 0;
  std::vector<Value> values;
};

struct Table {
  int headerLine = 0;
  std::vector<std::string> columns;  // as written
  std::vector<Row> rows;             // rows whose value count matches the header
  std::vector<Row> rejected;         // rows ignored (count mismatch); already reported

  // Column index by case-insensitive name, -1 when absent.
  int column(std::string_view name) const;
  // For a rejected row: the value of column `col` when the row has one, else "".
  static std::string valueAt(const Row& row, int col);
};

// The first line is the header; every later line one row. Reports rows that do not tokenize
// or whose value count differs from the header (warnings, row ignored; errors when
// `rowsRequired`, as for the Host section), and duplicate column names.
Table readTable(const Section& section, DiagSink& diag, bool rowsRequired = false);

// Warns once, at the header line, about each column not in `known` (case-insensitive).
void warnUnknownColumns(const Table& t, const Section& s, const std::vector<std::string>& known,
                        DiagSink& diag);

struct Param {
  int line = 0;
  std::string key;    // as written
  std::string value;  // trimmed; surrounding quotes or parentheses removed
};

// KEY = value lines; a line without '=' is reported and ignored.
std::vector<Param> readParams(const Section& section, DiagSink& diag);

}  // namespace openlim::config
