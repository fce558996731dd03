// checkNames(): every resource name a request reads is known, checked before binding so that
// an unknown name is what the user hears about, not a type error of the expression around it.
#include <algorithm>
#include <optional>

#include "resreq/bound.h"

namespace openlim::resreq {
namespace {

bool known(const std::string& raw, const ConfigSnapshot& cfg) {
  std::string nm = canonicalName(raw);
  return nm == "hname" || nm == "status" || cfg.resourceIndex(nm) >= 0;
}

bool isStringColumn(const Node& n, const ConfigSnapshot& cfg) {
  if (n.kind != NodeKind::kName) return false;
  std::string nm = canonicalName(n.text);
  if (nm == "hname" || nm == "status") return true;
  const ResourceDef* d = cfg.findResource(nm);
  return d && d->type == ResourceType::kString;
}

// The first (by offset) unknown name read by the tree `root`. A bare word facing a string
// column is a value, not a name (type==LINUX86), exactly as the binder reads it. Iterative:
// an explicit stack.
void firstUnknown(const Node& root, const ConfigSnapshot& cfg,
                  std::optional<std::pair<int, std::string>>& first) {
  auto report = [&](int pos, const std::string& name) {
    if (!known(name, cfg) && !isBuiltinRating(canonicalName(name), cfg) &&
        (!first || pos < first->first))
      first.emplace(pos, name);
  };
  std::vector<const Node*> stack{&root};
  while (!stack.empty()) {
    const Node& n = *stack.back();
    stack.pop_back();
    switch (n.kind) {
      case NodeKind::kName:
        report(n.pos, n.text);
        break;
      case NodeKind::kDefined:
        report(n.opPos, n.text);
        break;
      case NodeKind::kUnary:
        stack.push_back(n.a.get());
        break;
      case NodeKind::kBinary: {
        bool colA = isStringColumn(*n.a, cfg), colB = isStringColumn(*n.b, cfg);
        bool literalA = isComparison(n.op) && n.a->kind == NodeKind::kName && colB && !colA;
        bool literalB = isComparison(n.op) && n.b->kind == NodeKind::kName && colA;
        if (!literalA) stack.push_back(n.a.get());
        if (!literalB) stack.push_back(n.b.get());
        break;
      }
      default:
        break;
    }
  }
}

}  // namespace

bool isBuiltinRating(const std::string& name, const ConfigSnapshot& config) {
  return name == "rating" && config.resourceIndex("rating") < 0;
}

Status checkNames(const ParsedRequest& pr, const BindContext& ctx) {
  std::optional<std::pair<int, std::string>> first;
  for (const auto& t : pr.select) firstUnknown(*t, ctx.config, first);
  for (const auto& k : pr.order) firstUnknown(*k.expr, ctx.config, first);
  for (const auto& alt : pr.rusage)
    for (const Assignment& a : alt)
      if (a.name != "duration" && a.name != "decay" && !known(a.name, ctx.config) &&
          (!first || a.namePos < first->first))
        first.emplace(a.namePos, a.name);
  for (const auto& [name, pos] : pr.same)
    if (!known(name, ctx.config) && (!first || pos < first->first)) first.emplace(pos, name);
  if (!first) return Status::ok();
  return Status(Code::kNotFound, Subcode::kUnknownResourceName,
                "Unknown resource name <" + first->second + "> at " + std::to_string(first->first),
                SourcePos{.offset = first->first});
}

}  // namespace openlim::resreq
