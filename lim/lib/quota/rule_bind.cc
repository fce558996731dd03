// Rule binding (see rule_bind.h).
#include "quota/rule_bind.h"

#include <cctype>
#include <cmath>

#include "config/lines.h"
#include "config/size_units.h"
#include "util/strict_number.h"

namespace openlim::quota {

namespace {

using config::q;

void bindUsers(Filter& f, const UserDirectory* users, int line, config::DiagSink& diag) {
  auto members = [&](const std::string& g) {
    std::optional<std::vector<std::string>> m;
    if (users) m = users->groupMembers(g);
    if (users && !m) diag.warn(line, "unknown user group " + q("@" + g));
    return m.value_or(std::vector<std::string>{});
  };
  for (const auto& g : f.groups) f.groupMembers.push_back(members(g));
  for (const auto& g : f.excludedGroups) f.excludedGroupMembers.push_back(members(g));
  if (!users) return;
  for (const auto* list : {&f.names, &f.excluded})
    for (const auto& u : *list)
      if (!users->userExists(u)) diag.warn(line, "unknown user " + q(u));
}

bool bindHosts(Filter& f, const ConfigSnapshot& cluster, int line, config::DiagSink& diag) {
  bool ok = true;
  f.hostMember.assign(cluster.hosts.size(), f.all);
  f.othersMatch = f.all;
  auto setHost = [&](const std::string& name, bool in) {
    const HostConfig* h = cluster.findHost(name);
    if (!h) {
      diag.warn(line, "unknown host " + q(name) + " in hosts");
      return;
    }
    f.hostMember[static_cast<size_t>(h - cluster.hosts.data())] = in;
  };
  auto setGroup = [&](const std::string& name, bool in) {
    const HostGroup* g = cluster.findHostGroup(name);
    if (!g) {
      diag.error(line, "unknown host group " + q("@" + name));
      ok = false;
      return;
    }
    for (size_t h : g->hosts) f.hostMember[h] = in;
  };
  for (const auto& n : f.names) setHost(n, true);
  for (const auto& g : f.groups) setGroup(g, true);
  for (const auto& n : f.excluded) setHost(n, false);
  for (const auto& g : f.excludedGroups) setGroup(g, false);
  return ok;
}

// The static value of a limit, in the resource's unit (MB for memory). `units`: the value
// may carry a size unit even though the resource is not memory-like (a site consumable);
// *memory is then set when it does, and the value is read in MB.
Result<int64_t> staticValue(const std::string& text, bool* memory, bool units) {
  bool sized = *memory || (units && !text.empty() &&
                           std::isalpha(static_cast<unsigned char>(text.back())) != 0);
  if (sized) {
    auto mb = config::parseSize(text);
    if (!mb) return Status(Code::kInvalid, "bad limit " + q(text) + ": " + mb.status().message());
    if (*mb < 0) return Status(Code::kInvalid, "negative limit " + q(text));
    if (*mb >= 9.2e18) return Status(Code::kInvalid, "limit " + q(text) + " is too large");
    *memory = true;
    return static_cast<int64_t>(std::floor(*mb));
  }
  auto v = parseInt64(text);
  if (!v) return Status(Code::kInvalid, "bad limit " + q(text) + " (want a whole number >= 0)");
  if (*v < 0) return Status(Code::kInvalid, "negative limit " + q(text));
  return *v;
}

// A limit on a string or boolean resource: the value the host must have.
bool bindMatch(const LimitWords& w, const Rule& rule, const ResourceDef& r, Limit& l,
               config::DiagSink& diag) {
  if (w.value.find('$') != std::string::npos) {
    diag.error(rule.line, "limit " + q(w.value) + " for " + q(l.resource) +
                              " cannot be dynamic: a string or boolean resource takes a value");
    return false;
  }
  if (r.type == ResourceType::kString) {
    l.kind = LimitKind::kString;
    l.match = w.value;
    return true;
  }
  l.kind = LimitKind::kBoolean;
  if (config::iequals(w.value, "true") || w.value == "1") {
    l.match = "true";
  } else if (config::iequals(w.value, "false") || w.value == "0") {
    l.match = "false";
  } else {
    diag.error(rule.line, "bad limit " + q(w.value) + " for boolean " + q(l.resource) +
                              " (want true or false)");
    return false;
  }
  return true;
}

bool bindLimit(const LimitWords& w, const Rule& rule, const ConfigSnapshot& cluster, Limit& l,
               config::DiagSink& diag) {
  l.resource = w.resource;
  l.text = w.value;
  bool units = false;  // a site consumable: a limit with a size unit is read in MB
  if (w.resource != "slots") {
    const ResourceDef* r = cluster.findResource(w.resource);
    if (!r) {
      diag.error(rule.line, "unknown resource " + q(w.resource));
      return false;
    }
    if (r->type != ResourceType::kNumeric) return bindMatch(w, rule, *r, l, diag);
    if (!(r->consumable || r->builtinIndex)) {
      diag.error(rule.line, "resource " + q(w.resource) +
                                " cannot be limited: a quota takes slots, a consumable numeric "
                                "resource or a string or boolean one");
      return false;
    }
    l.kind = r->shared ? LimitKind::kShared : LimitKind::kPerHost;
    l.memory = r->memoryLike;
    units = r->consumable && !r->builtin;
  }
  const Filter& hosts = rule.filter(FilterKind::kHosts);
  if (w.value.find('$') == std::string::npos) {
    auto v = staticValue(w.value, &l.memory, units);
    if (!v) {
      diag.error(rule.line, v.status().message() + " for " + q(l.resource));
      return false;
    }
    l.value = *v;
    return true;
  }
  if (!hosts.present || !hosts.expand) {
    diag.error(rule.line, "dynamic limit " + q(w.value) + " for " + q(l.resource) +
                              " needs the rule's hosts in braces (one limit per host)");
    return false;
  }
  auto terms = parseDynamic(w.value);
  if (!terms) {
    diag.error(rule.line, terms.status().message());
    return false;
  }
  for (const auto& t : *terms) {
    if (t.resource.empty()) continue;
    const ResourceDef* r = cluster.findResource(t.resource);
    if (!r || r->type != ResourceType::kNumeric) {
      diag.error(rule.line, "dynamic limit " + q(w.value) + " reads " + q(t.resource) +
                                ", which is not a numeric resource");
      return false;
    }
  }
  l.dynamic = std::move(*terms);
  return true;
}

}  // namespace

bool bindRule(const RuleWords& words, const ConfigSnapshot& cluster, const UserDirectory* users,
              Rule& rule, config::DiagSink& diag) {
  bool ok = true;
  rule.name = words.name;
  for (int k = 0; k < kFilterKinds; ++k) {
    if (!words.scopes[k]) continue;
    auto kind = static_cast<FilterKind>(k);
    auto f = parseScope(kind, *words.scopes[k]);
    if (!f) {
      diag.error(rule.line, std::string(filterKeyword(kind)) + ": " + f.status().message());
      ok = false;
      continue;
    }
    rule.filters[k] = std::move(*f);
    if (kind == FilterKind::kUsers) bindUsers(rule.filters[k], users, rule.line, diag);
    if (kind == FilterKind::kHosts) ok = bindHosts(rule.filters[k], cluster, rule.line, diag) && ok;
  }
  if (!ok) return false;  // limits checked against a broken filter would only cascade
  auto limits = splitLimits(words.limits);
  if (!limits) {
    diag.error(rule.line, limits.status().message());
    return false;
  }
  for (const auto& w : *limits) {
    for (const auto& l : rule.limits)
      if (l.resource == w.resource) {
        diag.error(rule.line, "resource " + q(w.resource) + " is limited twice in one rule");
        ok = false;
      }
    Limit l;
    if (bindLimit(w, rule, cluster, l, diag))
      rule.limits.push_back(std::move(l));
    else
      ok = false;
  }
  return ok;
}

}  // namespace openlim::quota
