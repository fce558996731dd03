#pragma once
// Column layout helpers: LSF pads to fixed widths; we widen a column instead of cutting a
// value (LSF's command reference). Pure.

#include <string>
#include <string_view>
#include <vector>

namespace openlim::format {

std::string padRight(const std::string& s, size_t width);  // left-aligned
std::string padLeft(const std::string& s, size_t width);   // right-aligned
// Drops trailing blanks (rows never end in spaces).
std::string rstrip(std::string s);

// A right-aligned column: the width includes the blank that separates it from the column
// before, and grows so every cell keeps at least one blank in front of it.
struct Column {
  std::string header;
  size_t width = 0;
  std::vector<std::string> cells;  // one per row

  void fit();  // widen to the header and every cell
};

// Words joined by single blanks, wrapped before `limit` with `indent` blanks on the next
// lines (lsload -s / bhosts -s LOCATION).
std::string wrapWords(const std::vector<std::string>& words, size_t startColumn, size_t limit,
                      size_t indent);

// User input a message echoes (an option, a host or resource name, a resource requirement)
// is cut to kMaxEcho bytes, at a UTF-8 character boundary, and ended by "...": a 20 kB
// request must not come back whole in its error. A whole message is cut at kMaxMessage.
// Both also pass the text through printable(): an echo never carries a terminal escape.
inline constexpr size_t kMaxEcho = 120;
inline constexpr size_t kMaxMessage = 1000;
std::string clipEcho(std::string_view s, size_t max = kMaxEcho);
// `message` with every occurrence of each long word of `inputs` clipped, and any other word
// (a run of non-blank bytes) longer than kMaxEcho clipped as well (a message may quote a
// long part of an input: a resource name out of a requirement), then the whole of it clipped
// to kMaxMessage, made printable().
std::string clipEchoes(std::string message, const std::vector<std::string>& inputs);

// Text for a terminal: valid UTF-8 and printable ASCII as they are; a control byte (below
// 0x20, and DEL) or a byte that starts no valid UTF-8 sequence becomes \xNN. So what a
// config file or a request held cannot move the cursor, clear the screen or garble a line.
std::string printable(std::string_view s);

}  // namespace openlim::format
