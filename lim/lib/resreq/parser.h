#pragma once
// Recursive-descent parser: tokens to a ParsedRequest. Knows no config.

#include <string_view>

#include "openlim/status.h"
#include "resreq/ast.h"

namespace openlim::resreq {

// request := [expr] section*        (a leading expression is the select section)
// section := KEYWORD '[' body ']'   KEYWORD in select order rusage span same (cu affinity
//                                   are recognised and refused)
Result<ParsedRequest> parseRequest(std::string_view text);

// Only a select expression (for tests and the fuzz target).
Result<NodePtr> parseExpression(std::string_view text);

}  // namespace openlim::resreq
