// Section reader (see sections.h).
#include "config/sections.h"

#include <optional>

namespace openlim::config {

namespace {

// "Begin X" / "End X": keyword and the (possibly empty) name; nullopt for other lines.
std::optional<std::pair<bool, std::string>> marker(const std::string& text) {
  std::string_view t = text;
  size_t sp = t.find_first_of(" \t");
  std::string_view word = t.substr(0, sp);
  bool begin = iequals(word, "begin");
  if (!begin && !iequals(word, "end")) return std::nullopt;
  std::string_view rest = sp == std::string_view::npos ? "" : trim(t.substr(sp));
  return std::make_pair(begin, std::string(rest));
}

}  // namespace

std::vector<Section> readSections(std::string_view text, DiagSink& diag) {
  std::vector<Section> out;
  bool open = false;
  for (auto& line : splitLogicalLines(text, QuoteStyle::kDouble, diag)) {
    auto m = marker(line.text);
    if (m && m->first) {
      if (open) diag.error(out.back().beginLine, "Begin " + out.back().name + " has no End");
      if (m->second.empty()) diag.error(line.number, "Begin without a section name");
      out.push_back(Section{m->second, line.number, {}});
      open = true;
    } else if (m) {
      if (!open) {
        diag.error(line.number, "End " + m->second + " without a Begin");
      } else if (!iequals(m->second, out.back().name)) {
        diag.error(line.number, "End " + m->second + " does not match Begin " + out.back().name +
                                    " at line " + std::to_string(out.back().beginLine));
      }
      open = false;
    } else if (open) {
      out.back().body.push_back(std::move(line));
    } else {
      diag.warn(line.number, "text outside any section; ignored");
    }
  }
  if (open) diag.error(out.back().beginLine, "Begin " + out.back().name + " has no End");
  return out;
}

int Table::column(std::string_view name) const {
  for (size_t i = 0; i < columns.size(); ++i)
    if (iequals(columns[i], name)) return static_cast<int>(i);
  return -1;
}

std::string Table::valueAt(const Row& row, int col) {
  if (col < 0 || static_cast<size_t>(col) >= row.values.size()) return "";
  return row.values[static_cast<size_t>(col)].text;
}

Table readTable(const Section& section, DiagSink& diag, bool rowsRequired) {
  Table t;
  // A row that cannot be read is an error where dropping it would change what the cluster
  // is (a host vanishing), else a warning and the row is skipped.
  auto rowProblem = [&](int line, const std::string& what) {
    if (rowsRequired)
      diag.error(line, what);
    else
      diag.warn(line, what + "; row ignored");
  };
  if (section.body.empty()) return t;
  const Line& header = section.body.front();
  t.headerLine = header.number;
  auto cols = tokenize(header.text);
  if (!cols) {
    std::string what =
        "bad column header in section " + section.name + " (" + cols.status().message() + ")";
    if (rowsRequired)
      diag.error(header.number, what);
    else
      diag.warn(header.number, what + "; section ignored");
    return t;
  }
  for (auto& v : *cols) {
    if (t.column(v.text) >= 0)
      diag.warn(header.number, "duplicate column " + q(v.text) + "; the first one is used");
    t.columns.push_back(v.text);
  }
  for (size_t i = 1; i < section.body.size(); ++i) {
    const Line& l = section.body[i];
    auto vals = tokenize(l.text);
    if (!vals) {
      rowProblem(l.number, vals.status().message());
      t.rejected.push_back(Row{l.number, {}});
      continue;
    }
    Row row{l.number, std::move(*vals)};
    if (row.values.size() != t.columns.size()) {
      rowProblem(l.number, "row has " + std::to_string(row.values.size()) +
                               " values but the header has " + std::to_string(t.columns.size()) +
                               " columns");
      t.rejected.push_back(std::move(row));
      continue;
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

void warnUnknownColumns(const Table& t, const Section& s, const std::vector<std::string>& known,
                        DiagSink& diag) {
  for (const auto& c : t.columns) {
    bool ok = false;
    for (const auto& k : known) ok = ok || iequals(c, k);
    if (!ok)
      diag.warn(t.headerLine, "unknown column " + q(c) + " in section " + s.name + "; ignored");
  }
}

std::vector<Param> readParams(const Section& section, DiagSink& diag) {
  std::vector<Param> out;
  for (const auto& l : section.body) {
    size_t eq = l.text.find('=');
    std::string key(trim(std::string_view(l.text).substr(0, eq)));
    if (eq == std::string::npos || key.empty()) {
      diag.warn(l.number, "expected KEY = value in section " + section.name + "; ignored");
      continue;
    }
    std::string_view v = trim(std::string_view(l.text).substr(eq + 1));
    if (v.size() >= 2 &&
        ((v.front() == '"' && v.back() == '"') || (v.front() == '(' && v.back() == ')')))
      v = trim(v.substr(1, v.size() - 2));
    out.push_back(Param{l.number, key, std::string(v)});
  }
  return out;
}

}  // namespace openlim::config
