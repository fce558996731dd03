// Fuzz the NLB expression parser and the walks over its trees.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "policy/nlb_expr.h"

using namespace openlim::policy;

namespace {

int height(const Expr& e) {
  int a = e.a ? height(*e.a) : 0, b = e.b ? height(*e.b) : 0;
  return 1 + (a > b ? a : b);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto r = parseExpression(text);
  if (!r) {
    // Every error points inside (or at the end of) the text.
    int at = r.status().pos().offset;
    if (at < 0 || at > static_cast<int>(text.size())) __builtin_trap();
    return 0;
  }
  const Expr& e = **r;
  if (height(e) > kMaxExpressionDepth || height(e) != e.depth) __builtin_trap();
  if (e.pos < 0 || e.end > static_cast<int>(text.size()) || e.pos > e.end) __builtin_trap();
  for (const auto& name : attributesRead(e))
    if (name.empty()) __builtin_trap();
  // The printed form parses again to the same printed form.
  std::string printed = toString(e);
  if (printed.size() <= kMaxExpressionBytes) {
    auto again = parseExpression(printed);
    if (again && toString(**again) != printed) __builtin_trap();
  }
  return 0;
}
