#pragma once
// Scalar semantics of every operator, shared by constant folding and the vector evaluator.
// Unknown is NaN. Truths are 0 or 1 (or NaN). Three-valued logic (LSF's resource requirement
// rules): arithmetic or comparison reading unknown is unknown; !unknown is unknown; true || unknown
// is true; false && unknown is false. Division by zero is unknown (as in LSF), not an infinity that
// would compare.

#include <cmath>
#include <string_view>

#include "resreq/ast.h"

namespace openlim::resreq {

inline constexpr double kNaN = __builtin_nan("");

inline double truthOf(double x) {
  return x != x ? x : (x != 0 ? 1.0 : 0.0);
}
inline double logicalNot(double x) {
  return x != x ? x : (x == 0 ? 1.0 : 0.0);
}
inline double logicalAnd(double a, double b) {
  if (a == 0 || b == 0) return 0;
  return (a != a || b != b) ? kNaN : 1.0;
}
inline double logicalOr(double a, double b) {
  if (a == 1 || b == 1) return 1;
  return (a != a || b != b) ? kNaN : 0.0;
}

template <Op kOp>
inline double compareValues(double a, double b) {
  if (a != a || b != b) return kNaN;
  if constexpr (kOp == Op::kLt) return a < b;
  if constexpr (kOp == Op::kLe) return a <= b;
  if constexpr (kOp == Op::kGt) return a > b;
  if constexpr (kOp == Op::kGe) return a >= b;
  if constexpr (kOp == Op::kEq) return a == b;
  if constexpr (kOp == Op::kNe) return a != b;
  return kNaN;
}

template <Op kOp>
inline double applyOp(double a, double b) {
  if constexpr (kOp == Op::kAdd)
    return a + b;
  else if constexpr (kOp == Op::kSub)
    return a - b;
  else if constexpr (kOp == Op::kMul)
    return a * b;
  else if constexpr (kOp == Op::kDiv)
    return b == 0 ? kNaN : a / b;
  else if constexpr (kOp == Op::kAnd)
    return logicalAnd(a, b);
  else if constexpr (kOp == Op::kOr)
    return logicalOr(a, b);
  else
    return compareValues<kOp>(a, b);
}

// compareValues<kOp>(a, b) == 1, without building the three-valued result: IEEE comparisons
// are already false on NaN, except != (unknown != x is unknown, so not true).
template <Op kOp>
inline bool comparisonHolds(double a, double b) {
  if constexpr (kOp == Op::kLt) return a < b;
  if constexpr (kOp == Op::kLe) return a <= b;
  if constexpr (kOp == Op::kGt) return a > b;
  if constexpr (kOp == Op::kGe) return a >= b;
  if constexpr (kOp == Op::kEq) return a == b;
  if constexpr (kOp == Op::kNe) return a == a && b == b && a != b;
  return false;
}

// Runtime dispatch (slow path: folding, reference checks).
double applyBinary(Op op, double a, double b);
double applyUnary(Op op, double a);
// Byte-wise string comparison as a truth; case-sensitive unless `nocase` (policies).
double compareStrings(Op op, std::string_view a, std::string_view b, bool nocase = false);

}  // namespace openlim::resreq
