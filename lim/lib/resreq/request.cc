// compileRequest(): parse, bind every section, compile select terms and order keys.
#include <algorithm>
#include <cmath>

#include "openlim/resreq.h"
#include "resreq/bound.h"
#include "resreq/lexer.h"
#include "resreq/parser.h"
#include "resreq/program.h"
#include "resreq/sections.h"

namespace openlim {
namespace {

using resreq::BindContext;
using resreq::Node;
using resreq::NodeKind;

// Appends the `&&` operands of n, left to right ("(a && b) && c" is three terms). Iterative:
// an explicit stack, pushed right side first.
void flattenAnd(const Node& n, std::vector<const Node*>& out) {
  std::vector<const Node*> stack{&n};
  while (!stack.empty()) {
    const Node* x = stack.back();
    stack.pop_back();
    if (x->kind == NodeKind::kBinary && x->op == resreq::Op::kAnd) {
      stack.push_back(x->b.get());
      stack.push_back(x->a.get());
    } else {
      out.push_back(x);
    }
  }
}

Status compileSelect(const resreq::ParsedRequest& pr, const BindContext& ctx, CompiledRequest& r,
                     CompiledProgram& prog) {
  std::vector<const Node*> terms;
  for (const auto& t : pr.select) flattenAnd(*t, terms);
  if (terms.size() > resreq::kMaxSelectTerms)  // "(a && b) && ..." flattens past the cap
    return resreq::syntaxError(
        ctx.text, terms[resreq::kMaxSelectTerms]->pos,
        "more than " + std::to_string(resreq::kMaxSelectTerms) + " terms joined by '&&'");
  for (const Node* t : terms) {
    auto b = resreq::bindCondition(*t, ctx);
    if (!b) return b.status();
    if (b.value()->kind == resreq::BKind::kConst && b.value()->value == 1) continue;
    std::string text(
        ctx.text.substr(static_cast<size_t>(t->pos), static_cast<size_t>(t->end - t->pos)));
    prog.terms.push_back(resreq::compileTerm(*b.value(), text));
    r.termTexts_.push_back(text);
  }
  bool names = false;
  for (const Node* t : terms) names = names || resreq::namesStringOrBoolean(*t, ctx.config);
  bool implicit = ctx.options.implicitTypeLocal && !ctx.options.localType.empty() && !names;
  if (implicit) {
    static const char kText[] = "type==local";
    auto n = resreq::parseExpression(kText);
    BindContext local{ctx.config, ctx.options, kText};
    auto b = n ? resreq::bindCondition(*n.value(), local) : Result<resreq::BNodePtr>(n.status());
    if (!b) return b.status();  // a config without `type`: refuse rather than guess
    prog.terms.push_back(resreq::compileTerm(*b.value(), kText));
    r.termTexts_.push_back(kText);
  }
  return Status::ok();
}

Status compileOrder(const resreq::ParsedRequest& pr, const BindContext& ctx, CompiledRequest& r,
                    CompiledProgram& prog) {
  std::vector<resreq::OrderKeySyntax> defaults;
  const std::vector<resreq::OrderKeySyntax>* keys = &pr.order;
  std::string defaultText = "r15s:pg";
  if (!pr.orderAt.present) {
    for (const char* name : {"r15s", "pg"}) {
      if (ctx.config.resourceIndex(name) < 0) continue;
      resreq::OrderKeySyntax k;
      k.expr = std::make_unique<Node>();
      k.expr->kind = NodeKind::kName;
      k.expr->text = name;
      defaults.push_back(std::move(k));
    }
    keys = &defaults;
  }
  for (const auto& k : *keys) {
    auto b = resreq::bindNumber(*k.expr, ctx);
    if (!b) return b.status();
    bool desc = true;  // an expression sorts largest first
    if (!k.parenthesised && k.expr->kind == NodeKind::kName) {
      const ResourceDef* d = ctx.config.findResource(resreq::canonicalName(k.expr->text));
      desc = d && d->direction == Direction::kDecreasing;
    }
    if (k.minus) desc = !desc;
    std::string text = pr.orderAt.present
                           ? std::string(ctx.text.substr(static_cast<size_t>(k.pos),
                                                         static_cast<size_t>(k.end - k.pos)))
                           : k.expr->text;
    prog.keys.push_back(resreq::compileTerm(*b.value(), text));
    prog.descending.push_back(desc);
    r.orderKeys_.push_back({text, desc});
  }
  return Status::ok();
}

}  // namespace

Result<CompiledRequestPtr> compileRequest(std::string_view text, const ConfigSnapshot& config,
                                          const CompileOptions& options) {
  auto parsed = resreq::parseRequest(text);
  if (!parsed) return parsed.status();
  const resreq::ParsedRequest& pr = parsed.value();
  BindContext ctx{config, options, text};
  auto r = std::make_shared<CompiledRequest>();
  auto prog = std::make_shared<CompiledProgram>();
  r->text_ = std::string(text);
  r->config_ = &config;
  prog->ncpusSlot = config.resourceIndex("ncpus");
  prog->cpufSlot = config.resourceIndex("cpuf");
  Status s = resreq::checkNames(pr, ctx);
  if (s.isOk()) s = compileSelect(pr, ctx, *r, *prog);
  if (s.isOk()) s = compileOrder(pr, ctx, *r, *prog);
  if (s.isOk()) s = resreq::bindRusage(pr, ctx, *r);
  if (s.isOk()) s = resreq::bindSpan(pr, ctx, *r);
  if (s.isOk()) s = resreq::bindSame(pr, ctx, *r);
  if (!s.isOk()) return s;
  r->program_ = std::move(prog);
  return CompiledRequestPtr(std::move(r));
}

Result<CompiledRequestPtr> RequestCache::get(std::string_view text, const ConfigPtr& config,
                                             const CompileOptions& options) {
  std::string key(text);
  key += '\x1f';
  key += options.implicitTypeLocal ? '1' : '0';
  key += options.localType + '\x1f' + options.localModel + '\x1f';
  key += std::to_string(reinterpret_cast<uintptr_t>(config.get()));
  auto it = map_.find(key);
  if (it != map_.end()) {
    ++hits_;
    return it->second.request;
  }
  ++misses_;
  auto r = compileRequest(text, *config, options);
  if (!r) return r;  // errors are not cached: they are cheap to find again
  if (map_.size() >= capacity_) map_.clear();
  map_.emplace(std::move(key), Entry{config, r.value()});
  return r;
}

}  // namespace openlim
