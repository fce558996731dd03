// The lsf.policies reader (see policies_file.h).
#include "policy/policies_file.h"

#include <algorithm>

#include "config/diag.h"
#include "config/lines.h"
#include "placement/sort_band.h"
#include "util/strict_number.h"

namespace openlim::policy {

using config::DiagSink;
using config::q;

const char* whenName(When w) {
  switch (w) {
    case When::kAll:
      return "all";
    case When::kPrime:
      return "prime";
    case When::kNonPrime:
      return "non_prime";
    case When::kDedicated:
      return "dedicated";
  }
  return "all";
}

const char* optionPeriodName(OptionPeriod p) {
  switch (p) {
    case OptionPeriod::kAll:
      return "all";
    case OptionPeriod::kPrime:
      return "prime";
    case OptionPeriod::kNonPrime:
      return "non_prime";
  }
  return "all";
}

const Policy* PolicySet::find(std::string_view name) const {
  for (const Policy& p : policies_)
    if (config::iequals(p.name, name)) return &p;
  return nullptr;
}

int PoliciesLoad::errors() const {
  return static_cast<int>(std::count_if(diagnostics.begin(), diagnostics.end(),
                                        [](auto& d) { return d.severity == Severity::kError; }));
}

namespace {

bool isPolicyNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '-';
}

// The policy being read, with the lines of its single-valued keywords (0 = not seen yet).
struct Open {
  Policy policy;
  bool keep = true;  // false after a duplicate name: its lines are checked, not kept
  int whenLine = 0;
  // Per option (count, band, load_balancing) and period (all, prime, non_prime): its line.
  int optionLines[3][3] = {};
};

enum OptionKind { kCountOption, kBandOption, kBalanceOption };

class Reader {
 public:
  Reader(const std::string& file, std::vector<Diagnostic>* out) : diag_(file, out) {}
  void line(const config::Line& l);
  PolicySet finish();

 private:
  void startPolicy(int line, std::string_view name);
  void expression(int line, std::string_view keyword, std::string_view text);
  void option(int line, const std::string& keyword, std::string_view text);
  void when(int line, std::string_view text);
  bool once(int line, int& seenAt, const char* keyword);
  void close();

  DiagSink diag_;
  PolicySet set_;
  std::optional<Open> open_;
  std::vector<std::pair<std::string, int>> names_;  // every policy name seen, with its line
};

// line := keyword ':' value
void Reader::line(const config::Line& l) {
  size_t colon = l.text.find(':');
  std::string_view keyword =
      config::trim(std::string_view(l.text).substr(0, std::min(colon, l.text.size())));
  if (colon == std::string::npos || keyword.empty() ||
      keyword.find_first_of(" \t") != std::string_view::npos) {
    diag_.error(l.number, "malformed line " + q(l.text) + "; expected <keyword: value>");
    return;
  }
  std::string kw = config::lower(keyword);
  std::string_view value = config::trim(std::string_view(l.text).substr(colon + 1));
  if (kw == "policy") return startPolicy(l.number, value);
  if (kw != "constraint" && kw != "sort" && kw != "count" && kw != "when" && kw != "band" &&
      kw != "load_balancing") {
    diag_.error(l.number, "unknown keyword " + q(std::string(keyword)) +
                              "; expected policy, constraint, sort, count, when, band or "
                              "load_balancing");
    return;
  }
  if (!open_) {
    diag_.error(l.number, kw + ": outside a policy (no <policy:> line before it)");
    return;
  }
  if (kw == "count" || kw == "band" || kw == "load_balancing") return option(l.number, kw, value);
  if (kw == "when") return when(l.number, value);
  expression(l.number, kw, value);
}

void Reader::startPolicy(int line, std::string_view name) {
  close();
  bool ok = !name.empty() && name.size() <= kMaxPolicyNameBytes &&
            std::all_of(name.begin(), name.end(), isPolicyNameChar);
  if (name.empty()) {
    diag_.error(line, "policy: empty policy name");
  } else if (!ok) {
    diag_.error(line, "policy: bad policy name " + q(std::string(name)) + "; use up to " +
                          std::to_string(kMaxPolicyNameBytes) +
                          " letters, digits, '_', '.' or '-'");
  }
  open_.emplace();
  open_->policy.name = std::string(name);
  open_->policy.line = line;
  open_->keep = ok;
  if (!ok) return;
  for (const auto& [seen, at] : names_)
    if (config::iequals(seen, name)) {
      diag_.error(line, "policy " + q(std::string(name)) + " is already defined at line " +
                            std::to_string(at) + " (names are case-insensitive)");
      open_->keep = false;
      return;
    }
  names_.emplace_back(std::string(name), line);
}

// A keyword that may appear once per policy.
bool Reader::once(int line, int& seenAt, const char* keyword) {
  if (seenAt != 0) {
    diag_.error(line, std::string(keyword) + ": policy " + q(open_->policy.name) +
                          " already has one at line " + std::to_string(seenAt));
    return false;
  }
  seenAt = line;
  return true;
}

void Reader::expression(int line, std::string_view keyword, std::string_view text) {
  bool isSort = keyword == "sort";
  auto parsed = parseExpression(text);
  if (!parsed) {
    diag_.error(line, std::string(keyword) + ": bad expression " + q(std::string(text)) + " " +
                          parsed.status().message());
    return;
  }
  PolicyExpression e{std::shared_ptr<const Expr>(std::move(parsed.value())), std::string(text),
                     line};
  if (isSort && open_->policy.sorts.size() >= kMaxSortsPerPolicy) {
    diag_.error(line, "sort: policy " + q(open_->policy.name) + " has more than " +
                          std::to_string(kMaxSortsPerPolicy) + " sort lines");
  } else if (isSort) {
    open_->policy.sorts.push_back(std::move(e));
  } else if (open_->policy.constraints.size() >= kMaxConstraintsPerPolicy) {
    diag_.error(line, "constraint: policy " + q(open_->policy.name) + " has more than " +
                          std::to_string(kMaxConstraintsPerPolicy) + " constraints");
  } else {
    open_->policy.constraints.push_back(std::move(e));
  }
}

template <class T>
void setOption(PeriodOption<T>& o, OptionPeriod p, T v) {
  if (p == OptionPeriod::kPrime)
    o.prime = v;
  else if (p == OptionPeriod::kNonPrime)
    o.nonPrime = v;
  else
    o.all = v;
}

// keyword: VALUE [prime | non_prime | all]
void Reader::option(int line, const std::string& keyword, std::string_view text) {
  std::string_view value = text;
  OptionPeriod period = OptionPeriod::kAll;
  size_t space = text.find_last_of(" \t");
  if (space != std::string_view::npos) {
    value = config::trim(text.substr(0, space));
    std::string word = config::lower(text.substr(space + 1));
    if (word == "prime")
      period = OptionPeriod::kPrime;
    else if (word == "non_prime")
      period = OptionPeriod::kNonPrime;
    else if (word != "all") {
      diag_.error(line, keyword + ": unknown period " + q(std::string(text.substr(space + 1))) +
                            "; a value may end with prime, non_prime or all");
      return;
    }
  }
  const int kind = keyword == "count"  ? kCountOption
                   : keyword == "band" ? kBandOption
                                       : kBalanceOption;
  int& seenAt = open_->optionLines[kind][static_cast<int>(period)];
  if (seenAt != 0) {
    diag_.error(
        line, keyword + ": policy " + q(open_->policy.name) + " already has one" +
                  (period == OptionPeriod::kAll ? std::string()
                                                : std::string(" for ") + optionPeriodName(period)) +
                  " at line " + std::to_string(seenAt));
    return;
  }
  seenAt = line;
  Policy& p = open_->policy;
  if (kind == kCountOption) {
    auto n = parseInt(value);
    if (!n || *n <= 0)
      return diag_.error(line, "count: " + q(std::string(value)) + " is not a positive integer");
    setOption(p.count, period, *n);
  } else if (kind == kBandOption) {
    auto b = placement::parseBandPercent(value);
    if (!b) return diag_.error(line, "band: " + b.status().message());
    setOption(p.band, period, *b);
  } else {
    std::string v = config::lower(value);
    if (v != "true" && v != "false")
      return diag_.error(line,
                         "load_balancing: " + q(std::string(value)) + " is not true or false");
    setOption(p.loadBalancing, period, v == "true");
  }
}

void Reader::when(int line, std::string_view text) {
  if (!once(line, open_->whenLine, "when")) return;
  std::string w = config::lower(text);
  for (When candidate : {When::kAll, When::kPrime, When::kNonPrime, When::kDedicated})
    if (w == whenName(candidate)) {
      open_->policy.when = candidate;
      return;
    }
  diag_.error(line,
              "when: " + q(std::string(text)) + " is not one of prime, non_prime, dedicated, all");
}

void Reader::close() {
  if (!open_) return;
  if (open_->keep) {
    if (set_.policies().size() >= kMaxPolicies)
      diag_.error(open_->policy.line,
                  "policy: more than " + std::to_string(kMaxPolicies) + " policies");
    else
      set_.add(std::move(open_->policy));
  }
  open_.reset();
}

PolicySet Reader::finish() {
  close();
  return std::move(set_);
}

}  // namespace

PoliciesLoad parsePolicies(std::string_view text, const std::string& file) {
  PoliciesLoad load;
  // A line the splitter drops (too long, control characters) could be a constraint: losing
  // it would widen a policy, so here it is an error, not a warning.
  std::vector<Diagnostic> split;
  DiagSink splitSink(file, &split);
  std::vector<config::Line> lines =
      config::splitLogicalLines(text, config::QuoteStyle::kDouble, splitSink);
  for (Diagnostic& d : split) {
    d.severity = Severity::kError;
    load.diagnostics.push_back(std::move(d));
  }
  Reader reader(file, &load.diagnostics);
  for (const config::Line& l : lines) reader.line(l);
  load.set = reader.finish();
  if (load.set.empty() && load.diagnostics.empty())
    load.diagnostics.push_back(Diagnostic{file, 0, Severity::kWarning, "no policies defined"});
  std::stable_sort(load.diagnostics.begin(), load.diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.line < b.line; });
  return load;
}

std::vector<std::string> attributesRead(const PolicySet& set) {
  std::vector<std::string> out;
  auto add = [&](const PolicyExpression& e) {
    for (std::string& n : attributesRead(*e.root))
      if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(std::move(n));
  };
  for (const Policy& p : set.policies()) {
    for (const PolicyExpression& c : p.constraints) add(c);
    for (const auto& e : p.sorts) add(e);
  }
  return out;
}

}  // namespace openlim::policy
