// Compiling a policy set (policy_engine.h): lower every expression, compile it with resreq.
#include "policy/policy_engine.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>

#include "policy/policy_lower.h"

namespace openlim::policy {
namespace {

class Builder {
 public:
  Builder(const ConfigSnapshot& config, const std::string& file, std::vector<Diagnostic>& out)
      : index_(config), ctx_{index_, jobs_, &regex_}, file_(file), out_(out) {}

  bool compile(const Policy& p, CompiledPolicy& cp) {
    auto prog = std::make_shared<CompiledProgram>();
    prog->ncpusSlot = index_.config().resourceIndex("ncpus");
    prog->cpufSlot = index_.config().resourceIndex("cpuf");
    bool ok = true;
    for (const auto& c : p.constraints) {
      auto b = lowerCondition(*c.root, ctx_);
      if (!b) {
        fail(p, c, "constraint", b.status());
        ok = false;
        continue;
      }
      prog->terms.push_back(resreq::compileTerm(*b.value(), c.text));
      cp.constraintReads.push_back(attributesRead(*c.root));
    }
    for (const auto& s : p.sorts) {
      auto b = lowerNumber(*s.root, ctx_);
      if (!b) {
        fail(p, s, "sort", b.status());
        ok = false;
        continue;
      }
      prog->keys.push_back(resreq::compileTerm(*b.value(), s.text));
      prog->descending.push_back(1);  // the largest value first
      cp.sortReads.push_back(attributesRead(*s.root));
    }
    cp.source = &p;
    cp.program = std::move(prog);
    return ok;
  }

  // A probe for every name read (explain, lspolicy -d); `shown` is the name it prints as.
  void probe(const std::string& name, std::vector<AttributeProbe>& out,
             const std::string& shown = "") {
    const std::string& label = shown.empty() ? name : shown;
    for (const auto& p : out)
      if (p.name == label) return;
    auto b = lowerAttribute(name, ctx_);
    if (!b) return;
    AttributeProbe pr;
    pr.name = label;
    const resreq::BNode& n = *b.value();
    pr.unknown = n.kind == resreq::BKind::kConst && std::isnan(n.value);
    pr.boolean = n.kind == resreq::BKind::kBoolCol;
    if (n.type == resreq::VType::kStr) {
      pr.isString = true;
      pr.text.kind = n.kind == resreq::BKind::kHostName ? resreq::StrOperand::kHostName
                     : n.kind == resreq::BKind::kStatus ? resreq::StrOperand::kStatus
                     : n.kind == resreq::BKind::kJobStr ? resreq::StrOperand::kJob
                                                        : resreq::StrOperand::kColumn;
      pr.text.slot = n.slot;
    } else {
      pr.number = resreq::compileTerm(n, name);
    }
    out.push_back(std::move(pr));
  }

  const JobSlots& jobs() const { return jobs_; }

 private:
  void fail(const Policy& p, const PolicyExpression& e, const char* what, const Status& st) {
    out_.push_back(Diagnostic{
        file_, e.line, Severity::kError,
        std::string(what) + ": policy <" + p.name + ">: " + st.message() + " in <" + e.text + ">"});
  }

  AttributeIndex index_;
  JobSlots jobs_;
  std::map<std::string, resreq::StringMatchPtr> regex_;
  LowerContext ctx_;
  const std::string& file_;
  std::vector<Diagnostic>& out_;
};

}  // namespace

PolicyEngineLoad PolicyEngine::compile(const ConfigSnapshot& config, PolicySet set,
                                       const std::string& file) {
  PolicyEngineLoad load;
  auto engine = std::make_shared<PolicyEngine>();
  engine->set_ = std::move(set);
  Builder b(config, file, load.diagnostics);
  bool ok = true;
  engine->policies_.resize(engine->set_.policies().size());
  for (size_t i = 0; i < engine->set_.policies().size(); ++i)
    ok = b.compile(engine->set_.policies()[i], engine->policies_[i]) && ok;
  for (const auto& name : attributesRead(engine->set_)) b.probe(name, engine->probes_);
  for (const auto& name : computedNlbNames()) b.probe(name, engine->dumpProbes_);
  b.probe("AGE", engine->dumpProbes_);
  for (const auto& r : config.resources) {
    if (r.name == "hname" || r.name == "status") continue;
    std::string upper = r.name;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    b.probe(upper, engine->dumpProbes_, r.name);
  }
  engine->jobNames_ = b.jobs().names();
  if (ok) load.engine = std::move(engine);
  return load;
}

const CompiledPolicy* PolicyEngine::find(std::string_view name) const {
  return of(set_.find(name));
}

const CompiledPolicy* PolicyEngine::of(const Policy* p) const {
  if (!p) return nullptr;
  size_t i = static_cast<size_t>(p - set_.policies().data());
  return i < policies_.size() ? &policies_[i] : nullptr;
}

std::vector<double> PolicyEngine::jobValues(const std::vector<JobAttribute>& job) const {
  std::vector<double> v(jobNames_.size(), std::nan(""));
  for (const auto& a : job)
    for (size_t i = 0; i < jobNames_.size(); ++i)
      if (jobNames_[i] == a.name) v[i] = a.isText() ? 1 : a.value;  // a string: present
  return v;
}

std::vector<std::string> PolicyEngine::jobTexts(const std::vector<JobAttribute>& job) const {
  std::vector<std::string> v(jobNames_.size());
  for (const auto& a : job)
    for (size_t i = 0; i < jobNames_.size(); ++i)
      if (jobNames_[i] == a.name && a.isText()) v[i] = a.text;
  return v;
}

const AttributeProbe* PolicyEngine::probe(const std::string& upperName) const {
  for (const auto& p : probes_)
    if (p.name == upperName) return &p;
  return nullptr;
}

std::string probeText(const AttributeProbe& p, const resreq::EvalEnv& env, uint32_t row,
                      bool fixed) {
  const HostTable& t = *env.table;
  if (p.isString) {
    const std::string* s = nullptr;
    if (p.text.kind == resreq::StrOperand::kHostName) {
      s = &t.names[row];
    } else if (p.text.kind == resreq::StrOperand::kStatus) {
      static const std::string kStatus[] = {"ok", "busy", "lockU", "lockW", "unavail"};
      s = &kStatus[std::min<size_t>(static_cast<size_t>(t.status[row]), 4)];
    } else if (p.text.kind == resreq::StrOperand::kJob) {
      const size_t at = static_cast<size_t>(p.text.slot);
      if (p.text.slot >= 0 && at < env.jobTextCount && !env.jobText[at].empty())
        s = &env.jobText[at];
    } else if (const Column* c = resreq::filledColumn(t, p.text.slot, ResourceType::kString)) {
      StringId id = c->strings[row];
      if (id >= 0 && static_cast<size_t>(id) < t.strings.size()) s = &t.strings.get(id);
    }
    return s ? "\"" + *s + "\"" : "unknown";
  }
  if (p.unknown) return "unknown";
  double v = 0;
  resreq::Evaluator ev;
  ev.run(p.number, env, &row, 1, &v);
  if (std::isnan(v)) return "unknown";
  char buf[400];
  if (!fixed) {
    std::snprintf(buf, sizeof buf, "%g", v);
  } else if (v == std::trunc(v) && std::fabs(v) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
  } else {
    std::snprintf(buf, sizeof buf, "%.6f", v);
    std::string s(buf);
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s;
  }
  return buf;
}

}  // namespace openlim::policy
