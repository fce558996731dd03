// selectHosts(): narrow a selection vector term by term, then order and cut to top-k
// (order.cc).
#include <algorithm>
#include <numeric>

#include "openlim/resreq.h"
#include "resreq/ops.h"
#include "resreq/order.h"

namespace openlim {
namespace resreq {

void narrow(const CompiledProgram& prog, const EvalEnv& env, std::vector<uint32_t>& sel,
            Evaluator& ev, std::vector<int16_t>* failed) {
  for (size_t t = 0; t < prog.terms.size() && !sel.empty(); ++t) {
    if (!failed && narrowFast(prog.terms[t], env, sel)) continue;
    size_t n = sel.size();
    double* truth = ev.scratch(n);
    ev.run(prog.terms[t], env, sel.data(), n, truth);
    size_t kept = 0;
    if (failed) {
      for (size_t i = 0; i < n; ++i) {
        uint32_t r = sel[i];
        if (truth[i] == 1.0)
          sel[kept++] = r;
        else
          (*failed)[r] = static_cast<int16_t>(std::min<size_t>(t, 32767));
      }
    } else {
      // Branch-free compaction: selectivity near 50% defeats the branch predictor.
      for (size_t i = 0; i < n; ++i) {
        sel[kept] = sel[i];
        kept += truth[i] == 1.0;
      }
    }
    sel.resize(kept);
  }
}

}  // namespace resreq

SelectResult selectHosts(const CompiledRequest& req, const HostTable& table,
                         const SelectOptions& options) {
  const CompiledProgram& prog = req.program();
  resreq::EvalEnv env = prog.env(table);
  SelectResult res;
  std::vector<uint32_t>& sel = res.rows;
  if (options.candidates.empty()) {
    sel.resize(table.size());
    std::iota(sel.begin(), sel.end(), 0u);
  } else {
    for (uint32_t r : options.candidates)
      if (r < table.size()) sel.push_back(r);
  }
  if (options.okOnly)
    std::erase_if(sel, [&](uint32_t r) { return table.status[r] != HostStatus::kOk; });
  if (options.explain) res.failedTerm.assign(table.size(), -1);
  resreq::Evaluator ev;
  resreq::narrow(prog, env, sel, ev, options.explain ? &res.failedTerm : nullptr);
  resreq::orderRows(prog, env, sel, options.limit, ev);
  return res;
}

}  // namespace openlim
