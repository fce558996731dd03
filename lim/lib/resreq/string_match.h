#pragma once
// A compiled regular expression a string operand is matched against (policies'
// `[attr == "regex"]`): POSIX extended, case-insensitive, unanchored, yes/no only. Immutable
// once built, so programs share it.

#include <regex.h>

#include <memory>
#include <string>
#include <string_view>

#include "openlim/status.h"

namespace openlim::resreq {

class StringMatch {
 public:
  // Compiles `pattern` (REG_EXTENDED | REG_ICASE | REG_NOSUB). The caller bounds the
  // pattern's size and cost first (policy/nlb_regex.h checks them when a file is read).
  static Result<std::shared_ptr<const StringMatch>> compile(const std::string& pattern);
  ~StringMatch();
  StringMatch(const StringMatch&) = delete;
  StringMatch& operator=(const StringMatch&) = delete;

  bool matches(const std::string& s) const;
  const std::string& pattern() const { return pattern_; }

 private:
  StringMatch() = default;
  regex_t re_{};
  bool compiled_ = false;  // re_ holds a compiled pattern to free
  std::string pattern_;
};

using StringMatchPtr = std::shared_ptr<const StringMatch>;

}  // namespace openlim::resreq
