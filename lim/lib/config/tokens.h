#pragma once
// Values of a table row: words, "quoted strings", (parenthesised lists), [bracket groups].

#include <string>
#include <string_view>
#include <vector>

#include "openlim/status.h"

namespace openlim::config {

struct Value {
  enum class Kind : uint8_t { kWord, kQuoted, kList, kBrackets };
  Kind kind = Kind::kWord;
  std::string text;  // kList: inside the parentheses, trimmed; kBrackets: with the brackets

  // `-` and `()` both mean "not set".
  bool unset() const {
    return (kind == Kind::kWord && text == "-") || (kind == Kind::kList && text.empty());
  }
};

// value    := word | '"' chars '"' | '(' balanced ')' | bracket (ws* bracket)*
// bracket  := '[' chars ']'
// A word ends at blank; a '"' inside a word quotes through to the next '"' (quotes dropped).
// Adjacent bracket groups join into one value, so `[hA hB] [hC]` is one LOCATION.
Result<std::vector<Value>> tokenize(std::string_view text);

// Items of a list's text: tokenize() of the inside, as plain strings.
Result<std::vector<std::string>> listItems(const Value& v);

}  // namespace openlim::config
