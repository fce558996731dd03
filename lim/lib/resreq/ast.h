#pragma once
// Syntax tree of a resource requirement string. Names are plain text here: the binder
// resolves them against the configuration.

#include <memory>
#include <string>
#include <vector>

namespace openlim::resreq {

enum class Op {
  kNeg,
  kNot,  // unary
  kMul,
  kDiv,
  kAdd,
  kSub,  // arithmetic
  kLt,
  kLe,
  kGt,
  kGe,
  kEq,
  kNe,  // comparison
  kAnd,
  kOr,  // logical
};
const char* opSpelling(Op op);
inline bool isArithmetic(Op op) {
  return op >= Op::kMul && op <= Op::kSub;
}
inline bool isComparison(Op op) {
  return op >= Op::kLt && op <= Op::kNe;
}
inline bool isLogical(Op op) {
  return op == Op::kAnd || op == Op::kOr;
}

enum class NodeKind { kNumber, kString, kName, kDefined, kUnary, kBinary };

struct Node {
  NodeKind kind = NodeKind::kNumber;
  Op op = Op::kAdd;
  int pos = 0;     // first byte of the node in the source string
  int end = 0;     // one past its last byte
  int opPos = 0;   // where the operator is (unary/binary)
  int height = 1;  // operator levels in this subtree (a leaf is 1); the parser caps it
  double number = 0;
  std::string text;  // name, string contents, or number spelling
  std::string unit;  // size/duration unit after a number
  std::unique_ptr<Node> a, b;
};
using NodePtr = std::unique_ptr<Node>;

struct OrderKeySyntax {
  NodePtr expr;        // a kName or a parenthesised expression
  bool minus = false;  // '-' prefix: reverse the default direction
  bool parenthesised = false;
  int pos = 0, end = 0;
};

struct Assignment {  // name=value inside rusage[] or span[]
  std::string name;
  int namePos = 0;
  NodePtr value;  // kNumber (with unit) or kName; null for a bare rusage[] name
};

struct SectionSpan {
  bool present = false;
  int pos = 0;  // offset of the keyword (or of the implicit select expression)
  int end = 0;  // one past ']'
};

struct ParsedRequest {
  // The select expression's top-level `&&` terms, in order (one tree when its top operator
  // is `||`; none for an empty select). A list, so that a long `&&` chain is no deeper than
  // its deepest term.
  std::vector<NodePtr> select;
  SectionSpan selectAt, orderAt, rusageAt, spanAt, sameAt;
  std::vector<OrderKeySyntax> order;
  std::vector<std::vector<Assignment>> rusage;  // alternatives separated by ||
  std::vector<Assignment> span;
  std::vector<std::pair<std::string, int>> same;  // names with offsets
};

}  // namespace openlim::resreq
