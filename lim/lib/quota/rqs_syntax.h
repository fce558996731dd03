#pragma once
// The pieces of an lsf.quotas rule line, parsed without any configuration: the rule's words
// (name, filters, limits), one filter scope, one limit value. Binding names to hosts,
// groups and resources is quotas_file.cc's job.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "openlim/status.h"
#include "quota/quota_model.h"

namespace openlim::quota {

// rule := "limit" ["name" NAME] [FILTER SCOPE]... "to" RESOURCE=VALUE[,RESOURCE=VALUE]...
// FILTER := users | projects | pes | queues | hosts (any order, each at most once).
// A scope runs over blanks while a word ends or starts with ',' or braces are open, so
// `users roland, andre` is one scope.
struct RuleWords {
  std::string name;
  std::optional<std::string> scopes[kFilterKinds];
  std::string limits;  // after "to", blanks removed
};
// REQUIRES: text starts after the "limit" keyword.
Result<RuleWords> splitRule(std::string_view text);

// scope := "{" list "}" | list;  list := item ("," item)*
// item  := "*" | "!*" | ["!"]["@"]NAME   (groups: users and hosts; "!*": projects, pes, queues)
// A list of exclusions only means "every one but these".
Result<Filter> parseScope(FilterKind kind, std::string_view text);

struct LimitWords {
  std::string resource;
  std::string value;
};
// RESOURCE=VALUE[,RESOURCE=VALUE]...
Result<std::vector<LimitWords>> splitLimits(std::string_view text);

// dynamic := term (("+" | "-") term)*;  term := NUMBER | "$" NAME ["*" NUMBER]
// `$num_proc` reads as `$ncpus`.
Result<std::vector<DynamicTerm>> parseDynamic(std::string_view text);

// NAME := [a-zA-Z][a-zA-Z0-9_-]* (set and rule names).
bool isRqsName(std::string_view s);

}  // namespace openlim::quota
