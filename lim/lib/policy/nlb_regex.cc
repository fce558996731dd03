// Load-time check of NLB regular expressions (see nlb_regex.h).
#include "policy/nlb_regex.h"

#include <regex.h>

#include <algorithm>
#include <cctype>
#include <string>

#include "policy/nlb_expr.h"
#include "policy/nlb_lexer.h"

namespace openlim::policy {

int nlbRegexFlags() {
  return REG_EXTENDED | REG_ICASE | REG_NOSUB;
}

namespace {

// Product of the largest count of every "{m}", "{m,}" and "{m,n}" in the pattern, capped
// just above the limit so it cannot overflow. Counts are read as written; a malformed
// interval is left for regcomp to report.
long repeatProduct(std::string_view p) {
  long product = 1;
  for (size_t i = 0; i < p.size(); ++i) {
    if (p[i] == '\\') {
      ++i;
      continue;
    }
    if (p[i] != '{') continue;
    long largest = 0, value = 0;
    size_t j = i + 1;
    for (; j < p.size() && (std::isdigit(static_cast<unsigned char>(p[j])) || p[j] == ','); ++j) {
      if (p[j] == ',') {
        largest = std::max(largest, value);
        value = 0;
      } else {
        value = std::min(value * 10 + (p[j] - '0'), kMaxRegexRepeatProduct + 1);
      }
    }
    largest = std::max({largest, value, 1L});
    product = std::min(product * largest, kMaxRegexRepeatProduct + 1);
  }
  return product;
}

}  // namespace

Status checkNlbRegex(std::string_view pattern, int at) {
  if (pattern.size() > kMaxRegexBytes)
    return nlbSyntaxError(
        at, "regular expression longer than " + std::to_string(kMaxRegexBytes) + " bytes");
  if (pattern.find('\0') != std::string_view::npos)
    return nlbSyntaxError(at, "regular expression holds a NUL byte");
  if (repeatProduct(pattern) > kMaxRegexRepeatProduct)
    return nlbSyntaxError(at, "regular expression repeats more than " +
                                  std::to_string(kMaxRegexRepeatProduct) +
                                  " times in all; write a simpler pattern");
  std::string text(pattern);
  regex_t re;
  int rc = regcomp(&re, text.c_str(), nlbRegexFlags());
  if (rc != 0) {
    char why[256];
    regerror(rc, &re, why, sizeof why);
    return nlbSyntaxError(at, "bad regular expression \"" + text + "\": " + why);
  }
  regfree(&re);
  return Status::ok();
}

}  // namespace openlim::policy
