// Load-time check of NLB regular expressions (see nlb_regex.h).
#include "policy/nlb_regex.h"

#include <regex.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "policy/nlb_expr.h"
#include "policy/nlb_lexer.h"

namespace openlim::policy {

int nlbRegexFlags() {
  return REG_EXTENDED | REG_ICASE | REG_NOSUB;
}

namespace {

constexpr long kStacked = -1;

// An upper estimate of the automaton the C library builds: glibc copies the sub-tree under
// a '+' once more and under "{m,n}" up to n times, and its epsilon closures grow with every
// optional or repeated group, so nested repeats multiply. Each atom costs 1, a group the
// sum of its content; '*', '?' and '+' double their atom, "{m,n}" multiplies it by n.
// Repeats stacked on one atom ("a+*", "a??", "a{2}+") are undefined in POSIX and are the
// cheapest way to blow up the compiler: they give kStacked. Walked with an explicit stack
// of open groups (no recursion); products are capped just above the limit.
long estimatedCost(std::string_view p) {
  constexpr long kCap = kMaxRegexCost + 1;
  struct Frame {
    long sum = 0;   // content committed so far
    long last = 0;  // the atom a following repeat applies to
  };
  std::vector<Frame> stack(1);
  auto commit = [&]() {
    Frame& f = stack.back();
    f.sum = std::min(f.sum + f.last, kCap);
    f.last = 0;
  };
  bool afterRepeat = false;
  auto repeat = [&](long times) {
    long& last = stack.back().last;
    last = std::min(last * std::max(times, 2L), kCap);
  };
  for (size_t i = 0; i < p.size(); ++i) {
    char c = p[i];
    bool isRepeat = c == '+' || c == '*' || c == '?' || c == '{';
    if (isRepeat && afterRepeat) return kStacked;
    afterRepeat = isRepeat;
    if (c == '(') {
      commit();
      stack.emplace_back();
    } else if (c == ')' && stack.size() > 1) {
      commit();
      long inner = std::max(stack.back().sum, 1L);
      stack.pop_back();
      commit();
      stack.back().last = inner;
    } else if (c == '|') {
      commit();
    } else if (c == '+' || c == '*' || c == '?') {
      repeat(2);
    } else if (c == '{') {
      long largest = 0, value = 0;
      size_t j = i + 1;
      for (; j < p.size() && (std::isdigit(static_cast<unsigned char>(p[j])) || p[j] == ','); ++j)
        if (p[j] == ',') {
          largest = std::max(largest, value + 1);  // "{m,}" copies m + 1 times
          value = 0;
        } else {
          value = std::min(value * 10 + (p[j] - '0'), kCap);
        }
      repeat(std::max(largest, value));
      i = j < p.size() && p[j] == '}' ? j : i;
    } else {
      commit();
      stack.back().last = 1;
      if (c == '\\') ++i;
      if (c == '[') {  // a bracket expression is one atom
        size_t close = p.find(']', i + 2);
        i = close == std::string_view::npos ? p.size() : close;
      }
    }
  }
  while (stack.size() > 1) {  // unbalanced: regcomp refuses it; still give a number
    commit();
    long inner = stack.back().sum;
    stack.pop_back();
    stack.back().last = inner;
  }
  commit();
  return stack.back().sum;
}

}  // namespace

Status checkNlbRegex(std::string_view pattern, int at) {
  if (pattern.size() > kMaxRegexBytes)
    return nlbSyntaxError(
        at, "regular expression longer than " + std::to_string(kMaxRegexBytes) + " bytes");
  if (pattern.find('\0') != std::string_view::npos)
    return nlbSyntaxError(at, "regular expression holds a NUL byte");
  long cost = estimatedCost(pattern);
  if (cost == kStacked)
    return nlbSyntaxError(at,
                          "regular expression stacks repeat operators on one item (such "
                          "as \"a+*\" or \"a??\"); write one");
  if (cost > kMaxRegexCost)
    return nlbSyntaxError(at,
                          "regular expression repeats too much (nested or stacked "
                          "repeats multiply); write a simpler pattern");
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
