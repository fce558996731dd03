// lsf.cluster HostGroup section: named host sets for lsf.quotas, resolved once per
// configuration. Members are hosts, other groups (`name` or `@name`; nesting allowed),
// `all` (every host) and `~member` exclusions. Unknown members are warnings (ignored); a
// group that contains itself, directly or through others, is an error.
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "config/builtins.h"
#include "config/lsf_cluster.h"

namespace openlim::config {

namespace {

constexpr size_t kMaxHostGroups = 4096;

struct Member {
  enum class Kind : uint8_t { kHost, kGroup, kAll } kind = Kind::kHost;
  bool exclude = false;
  size_t index = 0;  // host index or group index
};

struct Pending {
  HostGroup group;
  std::vector<std::string> words;  // members as written
  std::vector<Member> members;
};

std::vector<std::string> memberWords(const Value& v, int line, DiagSink& diag) {
  if (v.kind != Value::Kind::kList) return {v.text};
  auto items = listItems(v);
  if (!items) {
    diag.warn(line, items.status().message() + "; GROUP_MEMBER ignored");
    return {};
  }
  return *items;
}

// Members to hosts and group indexes (warns about unknown ones).
void bindMembers(std::vector<Pending>& groups, const ConfigSnapshot& snap, DiagSink& diag) {
  std::unordered_map<std::string, int> byName;
  for (size_t i = 0; i < groups.size(); ++i)
    byName.emplace(groups[i].group.name, static_cast<int>(i));
  auto groupIndex = [&](const std::string& n) -> int {
    auto it = byName.find(n);
    return it == byName.end() ? -1 : it->second;
  };
  for (auto& p : groups) {
    for (const std::string& w0 : p.words) {
      Member m;
      std::string w = w0;
      if (!w.empty() && w[0] == '~') m.exclude = true, w.erase(0, 1);
      bool at = !w.empty() && w[0] == '@';
      if (at) w.erase(0, 1);
      int g = groupIndex(w);
      const HostConfig* h = at ? nullptr : snap.findHost(w);
      if (!at && iequals(w, "all")) {
        m.kind = Member::Kind::kAll;
      } else if (g >= 0) {
        m.kind = Member::Kind::kGroup;
        m.index = static_cast<size_t>(g);
      } else if (h) {
        m.index = static_cast<size_t>(h - snap.hosts.data());
      } else {
        diag.warn(p.group.line, "unknown host or host group " + q(w0) + " in host group " +
                                    q(p.group.name) + "; ignored");
        continue;
      }
      p.members.push_back(m);
    }
  }
}

// Resolves every group to its hosts, depth-first with an explicit stack (input never sets
// the recursion depth). A group met again while it is being resolved closes a cycle.
void resolve(std::vector<Pending>& groups, size_t hostCount, DiagSink& diag) {
  enum : uint8_t { kNew, kOpen, kDone };
  std::vector<uint8_t> state(groups.size(), kNew);
  for (size_t root = 0; root < groups.size(); ++root) {
    if (state[root] != kNew) continue;
    std::vector<size_t> stack{root};
    state[root] = kOpen;
    while (!stack.empty()) {
      Pending& p = groups[stack.back()];
      bool pushed = false;
      for (const Member& m : p.members) {
        if (m.kind != Member::Kind::kGroup || state[m.index] == kDone) continue;
        if (state[m.index] == kOpen) continue;  // reported below, when this group is built
        state[m.index] = kOpen;
        stack.push_back(m.index);
        pushed = true;
        break;
      }
      if (pushed) continue;
      std::vector<bool> in(hostCount, false);
      for (int pass = 0; pass < 2; ++pass)
        for (const Member& m : p.members) {
          if (m.exclude != (pass == 1)) continue;
          bool v = pass == 0;
          if (m.kind == Member::Kind::kAll) std::fill(in.begin(), in.end(), v);
          if (m.kind == Member::Kind::kHost) in[m.index] = v;
          if (m.kind != Member::Kind::kGroup) continue;
          if (state[m.index] != kDone) {
            diag.error(p.group.line, "host group " + q(p.group.name) + " contains itself through " +
                                         q(groups[m.index].group.name) + "; " +
                                         q(groups[m.index].group.name) + " not expanded in it");
            continue;
          }
          for (size_t h : groups[m.index].group.hosts) in[h] = v;
        }
      for (size_t h = 0; h < hostCount; ++h)
        if (in[h]) p.group.hosts.push_back(h);
      state[stack.back()] = kDone;
      stack.pop_back();
    }
  }
}

}  // namespace

void readHostGroupSections(const std::vector<const Section*>& sections, BuildContext& ctx,
                           DiagSink& diag) {
  std::vector<Pending> groups;
  std::unordered_set<std::string> seen;
  for (const Section* s : sections) {
    Table t = readTable(*s, diag);
    int name = t.column("GROUP_NAME"), member = t.column("GROUP_MEMBER");
    if (name < 0 || member < 0) {
      diag.warn(s->beginLine,
                "section HostGroup needs the columns GROUP_NAME and GROUP_MEMBER; "
                "section ignored");
      continue;
    }
    warnUnknownColumns(t, *s, {"GROUP_NAME", "GROUP_MEMBER"}, diag);
    for (const Row& r : t.rows) {
      std::string n = r.values[static_cast<size_t>(name)].text;
      if (!n.empty() && n[0] == '@') n.erase(0, 1);
      std::string bad = badModelName(n);
      if (!bad.empty() || iequals(n, "all")) {
        diag.warn(r.line, "bad host group name " + q(n) + (bad.empty() ? "" : ": " + bad) +
                              "; group ignored");
        continue;
      }
      if (ctx.snap.findHost(n)) {
        diag.warn(r.line, "host group " + q(n) + " has the name of a host; group ignored");
        continue;
      }
      if (!seen.insert(n).second) {
        diag.warn(r.line, "host group " + q(n) + " is defined twice; this one ignored");
        continue;
      }
      if (groups.size() == kMaxHostGroups) {
        diag.warn(r.line,
                  "more than " + std::to_string(kMaxHostGroups) + " host groups; group ignored");
        continue;
      }
      Pending p;
      p.group.name = n;
      p.group.line = r.line;
      p.words = memberWords(r.values[static_cast<size_t>(member)], r.line, diag);
      p.group.members = p.words;
      groups.push_back(std::move(p));
    }
  }
  bindMembers(groups, ctx.snap, diag);
  resolve(groups, ctx.snap.hosts.size(), diag);
  for (auto& p : groups) ctx.snap.hostGroups.push_back(std::move(p.group));
}

}  // namespace openlim::config
