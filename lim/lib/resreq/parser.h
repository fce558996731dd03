#pragma once
// Recursive-descent parser: tokens to a ParsedRequest. Knows no config.

#include <string_view>

#include "openlim/status.h"
#include "resreq/ast.h"

namespace openlim::resreq {

// Input bounds (a request never sets a recursion's depth or a size unchecked):
inline constexpr size_t kMaxRequestLength = 64 * 1024;  // bytes of one request string
// Operator levels of one expression tree: parentheses, unary operators and the operands of a
// chain (`a||b||c` is three levels: the parser builds left-deep binary trees) all count.
// Every phase that walks a tree (binder, folder, compiler, destructors) recurses at most this
// deep. The top-level `&&` terms of select are a list, not a chain, so they do not count.
inline constexpr int kMaxDepth = 200;
// Top-level `&&` terms of select (explain numbers them in 16 bits).
inline constexpr size_t kMaxSelectTerms = 16384;

// request := [expr] section*        (a leading expression is the select section)
// section := KEYWORD '[' body ']'   KEYWORD in select order rusage span same (cu affinity
//                                   are recognised and refused)
Result<ParsedRequest> parseRequest(std::string_view text);

// Only a select expression (for tests and the fuzz target).
Result<NodePtr> parseExpression(std::string_view text);

}  // namespace openlim::resreq
