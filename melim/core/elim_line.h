#pragma once
// The elim line parser: `N name value [name value ...]` -> pairs, or one precise reason to
// drop the whole line (docs/melim.md). Pure; works on a caller-owned scratch to avoid
// allocating per line.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/catalog.h"

namespace openlim::melim {

inline constexpr double kInfinitLoad = 2147483647.0;  // INFINIT_LOAD from LSF's lsf.h
inline constexpr size_t kMaxStringValue = 39;
inline constexpr size_t kDefaultMaxLine = 64 * 1024;

// Why a line was dropped whole. kNone = accepted.
enum class DropReason : uint8_t {
  kNone = 0,
  kSyntax,          // no count, count not a number, empty line
  kCountMismatch,   // count differs from the number of pairs, or a value is missing
  kBadNumber,       // not a plain decimal number (incl. NaN, Inf, hex)
  kOutOfRange,      // |value| >= INFINIT_LOAD, or outside a built-in's range (builtinRange)
  kUnknownName,     // not an external resource nor an overridable built-in
  kNotReportable,   // a boolean, a static resource, or status
  kDuplicate,       // the same name twice in one line
  kBadString,       // string value too long or not printable
  kOverlong,        // longer than the maximum line length
  kPartialAtEof,    // an unfinished line when the elim's stdout closed
  kPartialTimeout,  // an unfinished line for LSF_ELIM_BLOCKTIME seconds
  kAlias,           // an alias of a built-in index (cpu idle login swap): use r1m it ls swp
  kCount,
};

const char* dropReasonName(DropReason r);  // snake_case, as in the status JSON

struct Pair {
  int slot = -1;
  bool unknown = false;   // the value was `-`: retract
  double number = 0;      // numeric and built-in kinds
  std::string_view text;  // string kind: the word (valid while the line is)
};

struct ParseScratch {
  std::vector<Pair> pairs;       // accepted pairs of the last line
  std::vector<int> ignored;      // slots of well-formed pairs not expected on this host
  std::vector<uint32_t> seenAt;  // per slot: stamp of the last line that named it
  uint32_t stamp = 0;
  std::string_view badToken;  // the token that caused the drop (for logs)
};

// Parses one line (without its newline). On kNone, scratch.pairs and scratch.ignored hold
// the result; otherwise nothing is to be applied.
DropReason parseElimLine(std::string_view line, const Catalog& catalog, ParseScratch& scratch);

// Strict decimal number: optional sign, digits, optional fraction and exponent. No hex,
// no NaN/Inf, no surrounding junk. Returns false when the token is not such a number.
bool parseStrictDouble(std::string_view token, double& out);

}  // namespace openlim::melim
