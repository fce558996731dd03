// Walks over a parsed NLB expression: the attributes it reads, and its printed form.
// REQUIRES: trees come from parseExpression(), so their height is at most
// kMaxExpressionDepth and the recursion below is bounded by that constant.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "policy/nlb_expr.h"

namespace openlim::policy {

namespace {

void collect(const Expr& e, std::vector<std::string>& out) {
  switch (e.kind) {
    case ExprKind::kAttribute:
    case ExprKind::kExists:
    case ExprKind::kMatch:
      if (std::find(out.begin(), out.end(), e.name) == out.end()) out.push_back(e.name);
      return;
    case ExprKind::kNumber:
    case ExprKind::kString:
      return;
    case ExprKind::kUnary:
    case ExprKind::kBinary:
      if (e.a) collect(*e.a, out);
      if (e.b) collect(*e.b, out);
      return;
  }
}

std::string number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

void print(const Expr& e, std::string& out) {
  switch (e.kind) {
    case ExprKind::kNumber:
      out += number(e.number);
      return;
    case ExprKind::kString:
      out += "\"" + e.text + "\"";
      return;
    case ExprKind::kAttribute:
      out += e.name;
      return;
    case ExprKind::kExists:
      out += "exists(" + e.name + ")";
      return;
    case ExprKind::kMatch:
      out += "[" + e.name + (e.negated ? " != \"" : " == \"") + e.text + "\"]";
      return;
    case ExprKind::kUnary:
      out += "(";
      out += exprOpSpelling(e.op);
      if (e.a) print(*e.a, out);
      out += ")";
      return;
    case ExprKind::kBinary:
      out += "(";
      if (e.a) print(*e.a, out);
      out += std::string(" ") + exprOpSpelling(e.op) + " ";
      if (e.b) print(*e.b, out);
      out += ")";
      return;
  }
}

}  // namespace

std::vector<std::string> attributesRead(const Expr& e) {
  std::vector<std::string> out;
  collect(e, out);
  return out;
}

std::string toString(const Expr& e) {
  std::string out;
  print(e, out);
  return out;
}

}  // namespace openlim::policy
