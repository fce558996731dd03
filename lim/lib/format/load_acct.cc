#include "format/load_acct.h"

#include <charconv>

#include "format/values.h"

namespace openlim::format {
namespace {

// The shortest text that reads back as the same double.
void appendNumber(std::string& out, double v) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  if (ec != std::errc()) {
    out += '-';
    return;
  }
  out.append(buf, end);
}

// A name or status word as one field: blanks and control bytes would split or garble the
// record, so they become '_' (lim names have neither; this guards a hand-made reply).
void appendWord(std::string& out, const std::string& w) {
  if (w.empty()) {
    out += '-';
    return;
  }
  for (unsigned char c : w) out += (c <= ' ' || c == 0x7f) ? '_' : static_cast<char>(c);
}

}  // namespace

std::vector<std::string> acctIndices(const LoadOptions& opts) {
  if (!opts.indices.empty()) return opts.indices;
  std::vector<std::string> out;
  for (const auto& n : builtinIndices())
    if (n != "io") out.push_back(n);
  return out;
}

std::string acctHeader(const std::vector<std::string>& indices) {
  std::string out;
  for (const auto& n : indices) out += (out.empty() ? "" : " ") + n;
  return out + "\n";
}

std::string acctRecord(const LoadSnapshot& snap, const std::vector<std::string>& indices,
                       long long time) {
  std::vector<int> slots;
  slots.reserve(indices.size());
  for (const auto& n : indices) slots.push_back(snap.slot(n));
  const std::string stamp = std::to_string(time);
  std::string out;
  out.reserve(snap.hosts.size() * (stamp.size() + 16 + 8 * indices.size()));
  for (const auto& h : snap.hosts) {
    out += stamp;
    out += ' ';
    appendWord(out, h.name);
    out += ' ';
    appendWord(out, h.status);
    for (int slot : slots) {
      out += ' ';
      const Value& v = snap.value(h, slot);
      if (v.isNumber() && h.status != "unavail")
        appendNumber(out, v.number);
      else
        out += '-';
    }
    out += '\n';
  }
  return out;
}

}  // namespace openlim::format
