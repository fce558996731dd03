#pragma once
// A policy set compiled against one configuration: each policy's constraints become the
// select terms and its sorts the order keys (all largest first) of a resreq CompiledProgram,
// so policies run on the same evaluator as `select[]`. Immutable once built; built again on
// every reconfig (a new configuration changes the resource slots).

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "openlim/config.h"
#include "policy/job_attributes.h"
#include "policy/policies_file.h"
#include "resreq/program.h"

namespace openlim::policy {

struct CompiledPolicy {
  const Policy* source = nullptr;                  // in PolicyEngine::set()
  std::shared_ptr<const CompiledProgram> program;  // terms: constraints; keys: sorts
  // Per constraint and per sort: the attribute names it reads (explain), upper case.
  std::vector<std::vector<std::string>> constraintReads, sortReads;
};

// How one attribute reads on a host, for explain and `lspolicy -d`.
struct AttributeProbe {
  std::string name;  // upper case, as policies write it
  bool isString = false;
  resreq::TermProgram number;  // !isString
  resreq::StrOperand text;     // isString: column, host name or status
  bool unknown = false;        // an NLB name with no source: always unknown
  bool boolean = false;        // a Boolean resource (0 or 1, never unknown)
};

class PolicyEngine;
using PolicyEnginePtr = std::shared_ptr<const PolicyEngine>;

struct PolicyEngineLoad {
  PolicyEnginePtr engine;               // null when there are errors
  std::vector<Diagnostic> diagnostics;  // file:line: message
};

class PolicyEngine {
 public:
  // Compiles every expression of `set` against `config`; `file` names the policies file in
  // diagnostics. Names defined nowhere, type errors and bad patterns are errors.
  // The engine keeps no reference to the configuration (a snapshot owns its engine).
  static PolicyEngineLoad compile(const ConfigSnapshot& config, PolicySet set,
                                  const std::string& file);

  const PolicySet& set() const { return set_; }
  const std::vector<CompiledPolicy>& policies() const { return policies_; }
  const CompiledPolicy* find(std::string_view name) const;  // case-insensitive
  const CompiledPolicy* of(const Policy* p) const;          // the compiled form of set() entry

  // Job attribute names the policies read (slots of EvalEnv::job), and a request's values
  // laid out on them (NaN where the request lacks one).
  const std::vector<std::string>& jobNames() const { return jobNames_; }
  std::vector<double> jobValues(const std::vector<JobAttribute>& job) const;
  // The string attributes' values by the same slots ("" where absent or a number).
  std::vector<std::string> jobTexts(const std::vector<JobAttribute>& job) const;

  // How a name the policies read reads on a host (nullptr for any other name).
  const AttributeProbe* probe(const std::string& upperName) const;
  const std::vector<AttributeProbe>& probes() const { return probes_; }
  // Every attribute a host has, for `lspolicy -d`: the computed NLB names, AGE, then every
  // resource under its own name.
  const std::vector<AttributeProbe>& dumpProbes() const { return dumpProbes_; }

 private:
  PolicySet set_;
  std::vector<CompiledPolicy> policies_;
  std::vector<std::string> jobNames_;
  std::vector<AttributeProbe> probes_;  // every name the policies read
  std::vector<AttributeProbe> dumpProbes_;
};

// The value of a probe on one row as text: numbers with %g (fixed: NLB's fixed-point, no
// exponent), strings quoted, "unknown".
std::string probeText(const AttributeProbe& p, const resreq::EvalEnv& env, uint32_t row,
                      bool fixed = false);

}  // namespace openlim::policy
