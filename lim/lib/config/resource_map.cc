// lsf.cluster ResourceMap section: LOCATION forms to per-host resources and shared instances.
#include <algorithm>
#include <optional>
#include <set>

#include "config/lsf_cluster.h"
#include "util/strict_number.h"

namespace openlim::config {

namespace {

struct Group {
  std::optional<std::string> value;  // the "5" of 5@[all]
  std::vector<std::string> names;    // inside the brackets
};

// RULE: location := group (blank group)* ; group := [value '@'] '[' name* ']'
// (the caller strips one pair of outer parentheses).
Result<std::vector<Group>> parseLocation(std::string_view t) {
  std::vector<Group> out;
  size_t i = 0;
  while (true) {
    while (i < t.size() && (t[i] == ' ' || t[i] == '\t')) ++i;
    if (i >= t.size()) break;
    size_t open = t.find('[', i);
    if (open == std::string_view::npos) return Status(Code::kInvalid, "expected '['");
    Group g;
    if (open > i) {
      std::string_view pre = t.substr(i, open - i);
      if (pre.back() != '@' || pre.size() < 2 || pre.find_first_of(" \t") != std::string_view::npos)
        return Status(Code::kInvalid, "expected value@[hosts]");
      g.value = std::string(pre.substr(0, pre.size() - 1));
    }
    size_t close = t.find(']', open);
    if (close == std::string_view::npos) return Status(Code::kInvalid, "unbalanced '['");
    auto names = tokenize(t.substr(open + 1, close - open - 1));
    if (!names) return names.status();
    for (auto& n : *names) g.names.push_back(std::move(n.text));
    out.push_back(std::move(g));
    i = close + 1;
  }
  if (out.empty()) return Status(Code::kInvalid, "empty LOCATION");
  return out;
}

struct MapRow {
  const ResourceDef& res;
  int line;
  BuildContext& ctx;
  DiagSink& diag;

  void warn(const std::string& m) const { diag.warn(line, m); }

  // A host of the Host section by name, or nullptr (reported unless already rejected).
  const HostConfig* host(const std::string& name) const {
    const HostConfig* h = ctx.snap.findHost(name);
    if (!h && !ctx.rejectedHosts.count(lower(name)))
      warn("host " + q(name) + " in LOCATION of " + q(res.name) +
           " is not in the Host section; ignored");
    return h;
  }

  bool setValue(ResourceInstance& inst, const std::string& v) const {
    if (res.type == ResourceType::kString) {
      inst.staticString = v;
      return true;
    }
    auto d = parseDouble(v);
    if (!d)
      warn("bad number " + q(v) + " in LOCATION of " + q(res.name) + "; instance ignored");
    else
      inst.staticNumber = *d;
    return d.isOk();
  }

  std::vector<std::string> allHosts(const Group& g) const {
    std::vector<std::string> excluded;
    for (size_t i = 1; i < g.names.size(); ++i) {
      const std::string& n = g.names[i];
      if (n.size() < 2 || n[0] != '~') {
        warn("only ~host may follow all in LOCATION of " + q(res.name) + "; " + q(n) + " ignored");
      } else if (const HostConfig* h = host(n.substr(1))) {
        excluded.push_back(h->name);
      }
    }
    std::vector<std::string> out;
    out.reserve(ctx.snap.hosts.size());
    for (const auto& h : ctx.snap.hosts)
      if (std::find(excluded.begin(), excluded.end(), h.name) == excluded.end())
        out.push_back(h.name);
    return out;
  }

  std::vector<std::string> setHosts(const Group& g, std::set<std::string>& taken) const {
    std::vector<std::string> out;
    for (const auto& n : g.names) {
      const HostConfig* h = host(n);
      if (!h) continue;
      if (!taken.insert(h->name).second) {
        warn("host " + q(h->name) + " is in more than one instance of " + q(res.name) +
             "; ignored in the later one");
        continue;
      }
      out.push_back(h->name);
    }
    return out;
  }

  void instances(const std::vector<Group>& groups) const {
    std::set<std::string> taken;
    for (const auto& g : groups) {
      ResourceInstance inst{res.name, {}, false, {}, {}, line};
      if (g.names.empty()) {
        warn("empty host set in LOCATION of " + q(res.name) + "; ignored");
        continue;
      }
      if (g.value && !setValue(inst, *g.value)) continue;
      inst.all = iequals(g.names[0], "all");
      if (iequals(g.names[0], "default"))
        warn("[default] cannot be combined with other sets for " + q(res.name) + "; ignored");
      else if (inst.all)
        inst.hosts = allHosts(g);
      else
        inst.hosts = setHosts(g, taken);
      if (!inst.hosts.empty()) ctx.snap.instances.push_back(std::move(inst));
    }
  }
};

bool isDefault(const std::vector<Group>& groups) {
  return groups.size() == 1 && !groups[0].value && groups[0].names.size() == 1 &&
         iequals(groups[0].names[0], "default");
}

void readMapRow(const std::string& name, const Value& loc, int line, BuildContext& ctx,
                DiagSink& diag) {
  if (ctx.rejectedResources.count(name)) return;
  int idx = ctx.snap.resourceIndex(name);
  if (idx < 0) return diag.warn(line, "undefined resource " + q(name) + " in ResourceMap; ignored");
  ResourceDef& res = ctx.snap.resources[static_cast<size_t>(idx)];
  if (res.builtin)
    return diag.warn(line, "built-in resource " + q(name) + " cannot be mapped; ignored");
  if (res.type == ResourceType::kBoolean)
    return diag.warn(line, "Boolean resource " + q(name) + " is given to hosts in the Host " +
                               "RESOURCES column, not in ResourceMap; ignored");
  for (const auto& i : ctx.snap.instances)
    if (i.resource == name)
      return diag.warn(line, "resource " + q(name) + " mapped again; ignored");
  if (ctx.snap.perHostResources.count(name))
    return diag.warn(line, "resource " + q(name) + " mapped again; ignored");
  std::string_view text = loc.text;
  auto groups = parseLocation(text);
  if (!groups)
    return diag.warn(line, "bad LOCATION " +
                               q(loc.kind == Value::Kind::kList ? "(" + loc.text + ")" : loc.text) +
                               " for " + q(name) + ": " + groups.status().message() + "; ignored");
  if (isDefault(*groups)) {
    auto& holders = ctx.snap.perHostResources[name];
    holders.reserve(ctx.snap.hosts.size());
    for (const auto& h : ctx.snap.hosts) holders.push_back(h.name);
    return;
  }
  size_t before = ctx.snap.instances.size();
  MapRow{res, line, ctx, diag}.instances(*groups);
  if (ctx.snap.instances.size() > before) res.shared = true;
}

}  // namespace

void readResourceMapSection(const Section& s, BuildContext& ctx, DiagSink& diag) {
  Table t = readTable(s, diag);
  warnUnknownColumns(t, s, {"RESOURCENAME", "LOCATION"}, diag);
  int name = t.column("RESOURCENAME"), loc = t.column("LOCATION");
  if (name < 0 || loc < 0) {
    if (t.headerLine)
      diag.error(t.headerLine, "ResourceMap section needs RESOURCENAME and LOCATION columns");
    return;
  }
  for (const auto& r : t.rows)
    readMapRow(r.values[static_cast<size_t>(name)].text, r.values[static_cast<size_t>(loc)], r.line,
               ctx, diag);
}

}  // namespace openlim::config
