#include "core/elim_line.h"

#include <cmath>
#include <optional>

#include "util/strict_number.h"

namespace openlim::melim {
namespace {

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

// Next whitespace-separated token of s, advancing pos; empty at the end.
std::string_view nextToken(std::string_view s, size_t& pos) {
  while (pos < s.size() && isSpace(s[pos])) ++pos;
  size_t start = pos;
  while (pos < s.size() && !isSpace(s[pos])) ++pos;
  return s.substr(start, pos - start);
}

bool parseCount(std::string_view t, int& out) {
  if (t.empty() || t.size() > 6) return false;
  int v = 0;
  for (char c : t) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  out = v;
  return true;
}

bool printableWord(std::string_view t) {
  for (unsigned char c : t)
    if (c < 0x21 || c > 0x7e) return false;
  return true;
}

// Checks one value token against the kind and range of its slot and fills p.
DropReason parseValue(std::string_view tok, const NameSpec& spec, Pair& p, ParseScratch& s) {
  const NameKind kind = spec.kind;
  if (tok == "-") {
    p.unknown = true;
    return DropReason::kNone;
  }
  if (kind == NameKind::kString) {
    if (tok.size() > kMaxStringValue || !printableWord(tok)) {
      s.badToken = tok;
      return DropReason::kBadString;
    }
    p.text = tok;
    return DropReason::kNone;
  }
  if (!parseStrictDouble(tok, p.number)) {
    s.badToken = tok;
    return DropReason::kBadNumber;
  }
  if (std::fabs(p.number) >= kInfinitLoad || p.number < spec.min || p.number > spec.max) {
    s.badToken = tok;
    return DropReason::kOutOfRange;
  }
  return DropReason::kNone;
}

DropReason checkName(const Catalog& catalog, std::string_view name, int& slot) {
  slot = catalog.find(name);
  if (slot < 0) {
    if (isBuiltinAlias(name)) return DropReason::kAlias;
    return name == "status" ? DropReason::kNotReportable : DropReason::kUnknownName;
  }
  if (catalog.spec(slot).kind == NameKind::kAlias) return DropReason::kAlias;
  return catalog.reportable(slot) ? DropReason::kNone : DropReason::kNotReportable;
}

}  // namespace

bool parseStrictDouble(std::string_view t, double& out) {
  std::optional<double> v = openlim::toDouble(t);  // shared strict parser (util/)
  if (!v) return false;
  out = *v;
  return true;
}

DropReason parseElimLine(std::string_view line, const Catalog& catalog, ParseScratch& s) {
  s.pairs.clear();
  s.ignored.clear();
  s.badToken = {};
  if (s.seenAt.size() != static_cast<size_t>(catalog.size())) s.seenAt.assign(catalog.size(), 0);
  if (++s.stamp == 0) {
    s.seenAt.assign(catalog.size(), 0);
    s.stamp = 1;
  }
  size_t pos = 0;
  std::string_view countTok = nextToken(line, pos);
  int count = 0;
  if (!parseCount(countTok, count)) {
    s.badToken = countTok;
    return DropReason::kSyntax;
  }
  for (int i = 0; i < count; ++i) {
    std::string_view name = nextToken(line, pos);
    std::string_view value = nextToken(line, pos);
    if (value.empty()) return DropReason::kCountMismatch;
    int slot = -1;
    if (DropReason r = checkName(catalog, name, slot); r != DropReason::kNone) {
      s.badToken = name;
      return r;
    }
    if (s.seenAt[static_cast<size_t>(slot)] == s.stamp) {
      s.badToken = name;
      return DropReason::kDuplicate;
    }
    s.seenAt[static_cast<size_t>(slot)] = s.stamp;
    Pair p;
    p.slot = slot;
    if (DropReason r = parseValue(value, catalog.spec(slot), p, s); r != DropReason::kNone)
      return r;
    if (catalog.spec(slot).expected) {
      s.pairs.push_back(p);
    } else {
      s.ignored.push_back(slot);
    }
  }
  if (!nextToken(line, pos).empty()) return DropReason::kCountMismatch;
  return DropReason::kNone;
}

const char* dropReasonName(DropReason r) {
  switch (r) {
    case DropReason::kNone:
      return "none";
    case DropReason::kSyntax:
      return "syntax";
    case DropReason::kCountMismatch:
      return "count_mismatch";
    case DropReason::kBadNumber:
      return "bad_number";
    case DropReason::kOutOfRange:
      return "out_of_range";
    case DropReason::kUnknownName:
      return "unknown_name";
    case DropReason::kNotReportable:
      return "not_reportable";
    case DropReason::kDuplicate:
      return "duplicate";
    case DropReason::kBadString:
      return "bad_string";
    case DropReason::kOverlong:
      return "overlong";
    case DropReason::kPartialAtEof:
      return "partial_at_eof";
    case DropReason::kPartialTimeout:
      return "partial_timeout";
    case DropReason::kAlias:
      return "alias";
    case DropReason::kCount:
      break;
  }
  return "?";
}

}  // namespace openlim::melim
