// lsf.quotas reader: set structure and attributes (see quotas_file.h); rules are split by
// rqs_syntax and bound by rule_bind.
#include "quota/quotas_file.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "config/lines.h"
#include "quota/rqs_syntax.h"
#include "quota/rule_bind.h"

namespace openlim::quota {

namespace {

using config::iequals;
using config::q;

std::optional<Enabled> parseEnabled(std::string_view v) {
  if (iequals(v, "true") || v == "1") return Enabled::kTrue;
  if (iequals(v, "false") || v == "0") return Enabled::kFalse;
  if (iequals(v, "prime")) return Enabled::kPrime;
  if (iequals(v, "non_prime")) return Enabled::kNonPrime;
  return std::nullopt;
}

// The first blank-separated word and the rest (trimmed).
std::pair<std::string_view, std::string_view> firstWord(std::string_view s) {
  size_t e = s.find_first_of(" \t");
  if (e == s.npos) return {s, {}};
  return {s.substr(0, e), config::trim(s.substr(e))};
}

// Asks the directory once per name while a file loads: many rules may name one group, and
// each question may cost a password-file scan.
class CachedDirectory : public UserDirectory {
 public:
  explicit CachedDirectory(const UserDirectory& d) : d_(d) {}
  bool userExists(const std::string& u) const override {
    auto it = users_.find(u);
    if (it == users_.end()) it = users_.emplace(u, d_.userExists(u)).first;
    return it->second;
  }
  std::optional<std::vector<std::string>> groupMembers(const std::string& g) const override {
    auto it = groups_.find(g);
    if (it == groups_.end()) it = groups_.emplace(g, d_.groupMembers(g)).first;
    return it->second;
  }

 private:
  const UserDirectory& d_;
  mutable std::map<std::string, bool> users_;
  mutable std::map<std::string, std::optional<std::vector<std::string>>> groups_;
};

struct Reader {
  const ConfigSnapshot& cluster;
  const UserDirectory* users;
  config::DiagSink& diag;
  QuotaConfig& out;
  std::optional<RuleSet> open;  // the set being read
  bool openNamed = false, openEnabled = false, openDescribed = false;
  std::set<std::string> setNames;
  size_t rules = 0;
  bool full = false;  // a bound was reached: the rest of the file is not read

  void begin(int line) {
    if (open) {
      diag.error(open->line, "rule set has no closing `}` before the next `{`");
      close();
    }
    if (out.sets.size() == kMaxRuleSets) {
      diag.error(line, "more than " + std::to_string(kMaxRuleSets) + " rule sets; rest ignored");
      full = true;
      return;
    }
    open = RuleSet{};
    open->line = line;
    openNamed = openEnabled = openDescribed = false;
  }

  void close() {
    RuleSet s = std::move(*open);
    open.reset();
    if (!openNamed) {
      diag.error(s.line, "rule set has no name");
      return;
    }
    if (s.rules.empty()) diag.warn(s.line, "rule set " + q(s.name) + " has no rules");
    out.sets.push_back(std::move(s));
  }

  void attribute(const config::Line& l) {
    auto [kw, rest] = firstWord(l.text);
    RuleSet& s = *open;
    if (iequals(kw, "limit")) return limit(l, rest);
    bool* seen = iequals(kw, "name")          ? &openNamed
                 : iequals(kw, "enabled")     ? &openEnabled
                 : iequals(kw, "description") ? &openDescribed
                                              : nullptr;
    if (!seen) {
      diag.error(l.number, "unknown attribute " + q(std::string(kw)) +
                               " (want name, description, enabled or limit)");
      return;
    }
    if (*seen) {
      diag.error(l.number, "rule set gives " + std::string(kw) + " twice");
      return;
    }
    if (iequals(kw, "name")) {
      if (!isRqsName(rest)) {
        diag.error(l.number, "bad rule set name " + q(std::string(rest)) +
                                 " (want a letter, then letters, digits, '_' or '-')");
        return;
      }
      *seen = true;
      s.name = std::string(rest);
      if (!setNames.insert(s.name).second)
        diag.error(l.number, "duplicate rule set name " + q(s.name));
    } else if (iequals(kw, "enabled")) {
      auto e = parseEnabled(rest);
      if (!e) {
        diag.error(l.number, "bad enabled " + q(std::string(rest)) +
                                 " (want true, false, prime or non_prime)");
        return;
      }
      *seen = true;
      s.enabled = *e;
    } else {
      *seen = true;
      std::string_view d = rest;
      if (d.size() >= 2 && d.front() == '"' && d.back() == '"') d = d.substr(1, d.size() - 2);
      s.description = std::string(d);
    }
  }

  void limit(const config::Line& l, std::string_view rest) {
    RuleSet& s = *open;
    if (s.rules.size() == kMaxRulesPerSet || rules == kMaxRules) {
      diag.error(l.number, "too many rules (at most " + std::to_string(kMaxRulesPerSet) +
                               " a set, " + std::to_string(kMaxRules) + " in all); rule ignored");
      return;
    }
    Rule r;
    r.line = l.number;
    r.position = static_cast<int>(s.rules.size()) + 1;
    auto words = splitRule(rest);
    if (!words) {
      diag.error(l.number, "malformed rule: " + words.status().message());
      s.rules.push_back(std::move(r));  // keeps the positions of the later rules
      return;
    }
    bindRule(*words, cluster, users, r, diag);
    if (!r.name.empty())
      for (const Rule& o : s.rules)
        if (o.name == r.name) diag.error(l.number, "duplicate rule name " + q(r.name));
    ++rules;
    s.rules.push_back(std::move(r));
  }

  void line(const config::Line& l) {
    if (l.text == "{") return begin(l.number);
    if (l.text == "}") {
      if (open)
        close();
      else
        diag.error(l.number, "`}` closes no rule set");
      return;
    }
    if (!open) {
      diag.error(l.number, "text outside a rule set (a set starts with `{` on its own line)");
      return;
    }
    attribute(l);
  }
};

}  // namespace

int QuotasLoad::errors() const {
  return static_cast<int>(
      std::count_if(diagnostics.begin(), diagnostics.end(),
                    [](const Diagnostic& d) { return d.severity == Severity::kError; }));
}

int QuotasLoad::warnings() const {
  return static_cast<int>(diagnostics.size()) - errors();
}

QuotasLoad loadQuotas(std::string_view text, const std::string& file, const ConfigSnapshot& cluster,
                      const UserDirectory* users) {
  QuotasLoad load;
  for (const auto& h : cluster.hosts) load.config.hosts.push_back(h.name);
  config::DiagSink diag(file, &load.diagnostics);
  std::optional<CachedDirectory> cached;
  if (users) cached.emplace(*users);
  Reader r{cluster, cached ? &*cached : nullptr, diag, load.config};
  for (const auto& l : config::splitLogicalLines(text, config::QuoteStyle::kDouble, diag)) {
    r.line(l);
    if (r.full) break;
  }
  if (r.open) {
    diag.error(r.open->line, "rule set has no closing `}`");
    r.close();
  }
  std::stable_sort(load.diagnostics.begin(), load.diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.line < b.line; });
  return load;
}

}  // namespace openlim::quota
