#pragma once
// Syntax tree of an NLB policy expression (the text after `constraint:` or `sort:`).
//
// The tree knows no configuration: names stay names. A later phase lowers it onto the
// resource-requirement engine, so the shape is kept small:
//
//   kNumber     number                     3.5, 1024
//   kString     text                       "CRAY" (the quotes removed, nothing unescaped)
//   kAttribute  name (upper case), job     NLB_IDLECPU, age, JOB_NASTRAN
//   kExists     name (upper case), job     exists(NLB_QUEUE_NAME): true when the host (or,
//                                          for a JOB_ name, the request) has the attribute
//   kMatch      name, text = pattern,      [NLB_HARDWARE == "cray"]: POSIX extended regular
//               negated for !=             expression, case-insensitive, unanchored
//   kUnary      op (kNeg, kNot), a
//   kBinary     op, a, b                   a => b means !a || b
//
// Attribute names are case-insensitive: the tree holds them in upper case. A name whose
// upper-case spelling starts with JOB_ is a job attribute (a value the request carries).
// Every node records where it is in the expression text (0-based byte offsets).

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "openlim/status.h"

namespace openlim::policy {

enum class ExprKind : uint8_t { kNumber, kString, kAttribute, kExists, kMatch, kUnary, kBinary };

// Binary operators in order of precedence, tightest first (C's order; `^` is a logical
// exclusive or placed at C's `^` level, `=>` is below `||` and groups to the right).
enum class ExprOp : uint8_t {
  kNeg,
  kNot,  // unary - and !
  kMul,
  kDiv,  // * /
  kAdd,
  kSub,  // + -
  kLt,
  kLe,
  kGt,
  kGe,  // < <= > >=
  kEq,
  kNe,       // == !=
  kXor,      // ^
  kAnd,      // &&
  kOr,       // ||
  kImplies,  // =>
};
const char* exprOpSpelling(ExprOp op);

struct Expr {
  ExprKind kind = ExprKind::kNumber;
  ExprOp op = ExprOp::kAdd;  // kUnary, kBinary
  int pos = 0;               // first byte of the node in the expression text
  int end = 0;               // one past its last byte
  double number = 0;         // kNumber
  std::string name;          // kAttribute, kExists, kMatch: upper case
  std::string text;          // kString: contents; kMatch: the pattern
  bool job = false;          // name is a JOB_ attribute
  bool negated = false;      // kMatch written with !=
  int depth = 1;             // height of this subtree (a leaf is 1)
  std::unique_ptr<Expr> a, b;
};
using ExprPtr = std::unique_ptr<Expr>;

// Size limits: longer or deeper expressions are refused with a message, never a crash.
inline constexpr size_t kMaxExpressionBytes = 16 * 1024;
inline constexpr int kMaxExpressionDepth = 128;  // height of the tree, so walks are bounded
inline constexpr size_t kMaxExpressionNodes = 4096;
inline constexpr size_t kMaxRegexBytes = 512;

// Parses one expression. Errors are Code::kInvalid with pos().offset at the offending byte
// and a message "at offset N: detail". Regular expressions are compiled once here so a bad
// one is refused when the file is read.
Result<ExprPtr> parseExpression(std::string_view text);

// Every attribute name the expression reads (upper case, first use first, no repeats),
// including names under exists() and [ ... ]. JOB_ names are included.
std::vector<std::string> attributesRead(const Expr& e);

// True when a (upper-case) name is a job attribute.
bool isJobAttributeName(std::string_view upperName);

// The expression printed back with full parentheses (tests, lspolicy -v).
std::string toString(const Expr& e);

}  // namespace openlim::policy
