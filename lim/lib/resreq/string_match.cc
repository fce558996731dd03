#include "resreq/string_match.h"

namespace openlim::resreq {

Result<StringMatchPtr> StringMatch::compile(const std::string& pattern) {
  std::shared_ptr<StringMatch> m(new StringMatch());
  int rc = regcomp(&m->re_, pattern.c_str(), REG_EXTENDED | REG_ICASE | REG_NOSUB);
  if (rc != 0) {
    char buf[256];
    regerror(rc, &m->re_, buf, sizeof buf);
    return Status(Code::kInvalid, "bad regular expression \"" + pattern + "\": " + buf);
  }
  m->compiled_ = true;
  m->pattern_ = pattern;
  return StringMatchPtr(std::move(m));
}

StringMatch::~StringMatch() {
  if (compiled_) regfree(&re_);
}

bool StringMatch::matches(const std::string& s) const {
  return regexec(&re_, s.c_str(), 0, nullptr, 0) == 0;
}

}  // namespace openlim::resreq
