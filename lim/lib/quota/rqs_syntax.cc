// Rule line pieces (see rqs_syntax.h).
#include "quota/rqs_syntax.h"

#include <cctype>

#include "config/lines.h"
#include "util/strict_number.h"

namespace openlim::quota {

namespace {

Status bad(std::string message) {
  return Status(Code::kInvalid, std::move(message));
}

std::vector<std::string_view> blankWords(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

int filterIndex(std::string_view w) {
  for (int k = 0; k < kFilterKinds; ++k)
    if (config::iequals(w, filterKeyword(static_cast<FilterKind>(k)))) return k;
  return -1;
}

int braceDepth(std::string_view s) {
  int d = 0;
  for (char c : s) d += c == '{' ? 1 : c == '}' ? -1 : 0;
  return d;
}

bool nameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_' ||
         c == '+' || c == ':';
}

}  // namespace

const char* filterKeyword(FilterKind k) {
  switch (k) {
    case FilterKind::kUsers:
      return "users";
    case FilterKind::kProjects:
      return "projects";
    case FilterKind::kPes:
      return "pes";
    case FilterKind::kQueues:
      return "queues";
    case FilterKind::kHosts:
      break;
  }
  return "hosts";
}

bool isRqsName(std::string_view s) {
  if (s.empty() || s.size() > kMaxNameBytes || !std::isalpha(static_cast<unsigned char>(s[0])))
    return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') return false;
  return true;
}

Result<RuleWords> splitRule(std::string_view text) {
  std::vector<std::string_view> w = blankWords(text);
  RuleWords out;
  bool named = false;
  size_t i = 0;
  while (i < w.size()) {
    std::string_view kw = w[i++];
    if (config::iequals(kw, "to")) {
      if (i == w.size()) return bad("nothing after `to`: want resource=value");
      for (; i < w.size(); ++i) out.limits.append(w[i]);
      return out;
    }
    if (config::iequals(kw, "name")) {
      if (named) return bad("the rule has two names");
      if (i == w.size() || !isRqsName(w[i]))
        return bad("bad rule name" +
                   std::string(i < w.size() ? " " + config::q(std::string(w[i])) : "") +
                   " (want a letter, then letters, digits, '_' or '-')");
      out.name = std::string(w[i++]);
      named = true;
      continue;
    }
    int f = filterIndex(kw);
    if (f < 0)
      return bad("unexpected " + config::q(std::string(kw)) +
                 " (want name, users, projects, pes, queues, hosts or to)");
    if (out.scopes[f]) return bad("the rule names " + std::string(kw) + " twice");
    if (i == w.size() || config::iequals(w[i], "to") || filterIndex(w[i]) >= 0)
      return bad(std::string(kw) + " has no list");
    std::string scope(w[i++]);
    while (i < w.size() && (scope.back() == ',' || w[i].front() == ',' || braceDepth(scope) > 0))
      scope.append(w[i++]);
    if (braceDepth(scope) > 0) return bad(std::string(kw) + ": `{` is never closed");
    out.scopes[f] = scope;
  }
  return bad("no `to`: a rule ends with `to resource=value`");
}

Result<Filter> parseScope(FilterKind kind, std::string_view text) {
  Filter f;
  f.present = true;
  f.text = std::string(text);
  std::string_view body = text;
  if (!body.empty() && body.front() == '{') {
    if (body.back() != '}') return bad("unbalanced braces in " + config::q(f.text));
    body = body.substr(1, body.size() - 2);
    f.expand = true;
  }
  if (body.find_first_of("{}") != std::string_view::npos)
    return bad("braces must enclose the whole list in " + config::q(f.text));
  bool groupsAllowed = kind == FilterKind::kUsers || kind == FilterKind::kHosts;
  size_t count = 0;
  size_t pos = 0;
  while (true) {
    size_t comma = body.find(',', pos);
    std::string_view item =
        config::trim(body.substr(pos, comma == std::string_view::npos ? body.npos : comma - pos));
    if (++count > kMaxFilterItems)
      return bad("more than " + std::to_string(kMaxFilterItems) + " items in one list");
    if (item.empty()) return bad("empty item in " + config::q(f.text));
    bool neg = item.front() == '!';
    if (neg) item.remove_prefix(1);
    if (item == "*") {
      if (neg && groupsAllowed)
        return bad("`!*` is only for projects, pes and queues (it means none given)");
      (neg ? f.noneGiven : f.all) = true;
    } else {
      bool group = !item.empty() && item.front() == '@';
      if (group) {
        if (!groupsAllowed) return bad("groups (@) are only for users and hosts");
        item.remove_prefix(1);
      }
      if (item.empty() || item.size() > kMaxNameBytes)
        return bad("bad name in " + config::q(f.text));
      for (char c : item)
        if (!nameChar(c))
          return bad("bad name " + config::q(std::string(item)) + " in " + config::q(f.text) +
                     " (want letters, digits, '.', '-', '_')");
      auto& list = group ? (neg ? f.excludedGroups : f.groups) : (neg ? f.excluded : f.names);
      list.emplace_back(item);
    }
    if (comma == std::string_view::npos) break;
    pos = comma + 1;
  }
  if (f.names.empty() && f.groups.empty() && !f.noneGiven) f.all = true;
  return f;
}

Result<std::vector<LimitWords>> splitLimits(std::string_view text) {
  std::vector<LimitWords> out;
  size_t pos = 0;
  while (true) {
    size_t comma = text.find(',', pos);
    std::string_view pair =
        text.substr(pos, comma == std::string_view::npos ? text.npos : comma - pos);
    size_t eq = pair.find('=');
    if (eq == std::string_view::npos)
      return bad("want resource=value, not " + config::q(std::string(pair)));
    LimitWords l{std::string(pair.substr(0, eq)), std::string(pair.substr(eq + 1))};
    if (l.resource.empty()) return bad("no resource before '=' in " + config::q(std::string(pair)));
    if (l.value.empty()) return bad("no limit after " + config::q(l.resource + "="));
    if (out.size() == kMaxLimitsPerRule)
      return bad("more than " + std::to_string(kMaxLimitsPerRule) + " limits in one rule");
    out.push_back(std::move(l));
    if (comma == std::string_view::npos) break;
    pos = comma + 1;
  }
  return out;
}

Result<std::vector<DynamicTerm>> parseDynamic(std::string_view text) {
  std::vector<DynamicTerm> out;
  size_t i = 0;
  double sign = 1;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) sign = text[i++] == '-' ? -1 : 1;
  while (true) {
    if (out.size() == kMaxDynamicTerms)
      return bad("more than " + std::to_string(kMaxDynamicTerms) + " terms in a dynamic limit");
    size_t end = text.find_first_of("+-", i);
    // Resource names hold no '+' or '-' and weights are plain decimals (no exponent), so a
    // term ends at the first '+' or '-'.
    std::string_view term = text.substr(i, end == text.npos ? text.npos : end - i);
    if (term.empty()) return bad("empty term in dynamic limit " + config::q(std::string(text)));
    DynamicTerm t;
    t.weight = sign;
    if (term.front() == '$') {
      size_t star = term.find('*');
      std::string_view name = term.substr(1, star == term.npos ? term.npos : star - 1);
      if (name.empty()) return bad("`$` names no resource in " + config::q(std::string(text)));
      t.resource = name == "num_proc" ? "ncpus" : std::string(name);
      if (star != term.npos) {
        auto w = parseDouble(term.substr(star + 1));
        if (!w)
          return bad("bad weight " + config::q(std::string(term.substr(star + 1))) +
                     " in dynamic limit");
        t.weight *= *w;
      }
    } else {
      auto w = parseDouble(term);
      if (!w)
        return bad("bad term " + config::q(std::string(term)) +
                   " in dynamic limit (want a number or $resource[*weight])");
      t.weight *= *w;
    }
    out.push_back(std::move(t));
    if (end == text.npos) break;
    sign = text[end] == '-' ? -1 : 1;
    i = end + 1;
  }
  return out;
}

}  // namespace openlim::quota
