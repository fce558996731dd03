// selectHosts(): narrow a selection vector term by term, then order and cut to top-k.
#include <algorithm>
#include <numeric>

#include "openlim/resreq.h"
#include "resreq/ops.h"
#include "resreq/order.h"

namespace openlim {
namespace resreq {

int statusGroup(HostStatus s) {
  switch (s) {
    case HostStatus::kOk: return 0;
    case HostStatus::kUnavail: return 2;
    default: return 1;
  }
}

int keysCompare(const double* ka, const double* kb, const std::vector<uint8_t>& descending) {
  for (size_t k = 0; k < descending.size(); ++k) {
    double a = ka[k], b = kb[k];
    bool ua = a != a, ub = b != b;
    if (ua || ub) {
      if (ua != ub) return ub ? -1 : 1;  // the known one first, whatever the direction
      continue;
    }
    if (a == b) continue;
    return (descending[k] ? a > b : a < b) ? -1 : 1;
  }
  return 0;
}

void computeKeys(const CompiledProgram& prog, const EvalEnv& env, const uint32_t* sel,
                 size_t n, Evaluator& ev, std::vector<double>& keys) {
  size_t nk = prog.keys.size();
  keys.assign(n * nk, 0);
  std::vector<double> col(n);
  for (size_t k = 0; k < nk; ++k) {
    ev.run(prog.keys[k], env, sel, n, col.data());
    for (size_t i = 0; i < n; ++i) keys[i * nk + k] = col[i];
  }
}

namespace {

// A row's status group and first key as one "smaller is better" value, for a cheap first cut
// of a top-k: unknown after every known value whatever the direction, as keysCompare says.
struct Primary {
  int group;
  bool unknown;
  double v;
  bool operator<(const Primary& o) const {
    if (group != o.group) return group < o.group;
    if (unknown != o.unknown) return !unknown;
    return !unknown && v < o.v;
  }
};

// The indices of the rows that can be among the best `limit`: those whose primary is not
// worse than the limit-th best primary (ties kept: later keys and names decide them).
std::vector<uint32_t> topCandidates(const HostTable& t, const std::vector<uint32_t>& rows,
                                    const std::vector<double>& keys, size_t nk, bool descending,
                                    size_t limit) {
  const size_t n = rows.size();
  std::vector<Primary> p(n);
  for (size_t i = 0; i < n; ++i) {
    double a = keys[i * nk];
    p[i] = {statusGroup(t.status[rows[i]]), a != a, descending ? -a : a};
  }
  std::vector<uint32_t> idx(n);
  std::iota(idx.begin(), idx.end(), 0);
  std::nth_element(idx.begin(), idx.begin() + static_cast<ptrdiff_t>(limit - 1), idx.end(),
                   [&](uint32_t x, uint32_t y) { return p[x] < p[y]; });
  const Primary worst = p[idx[limit - 1]];
  std::erase_if(idx, [&](uint32_t i) { return worst < p[i]; });
  return idx;
}

}  // namespace

void orderRows(const CompiledProgram& prog, const EvalEnv& env, std::vector<uint32_t>& rows,
               size_t limit, Evaluator& ev) {
  const HostTable& t = *env.table;
  size_t n = rows.size(), nk = prog.keys.size();
  std::vector<double> keys;
  computeKeys(prog, env, rows.data(), n, ev, keys);
  std::vector<uint32_t> idx;
  if (limit > 0 && limit < n && nk > 0) {
    idx = topCandidates(t, rows, keys, nk, prog.descending[0] != 0, limit);
  } else {
    idx.resize(n);
    std::iota(idx.begin(), idx.end(), 0);
  }
  auto before = [&](uint32_t x, uint32_t y) {
    uint32_t rx = rows[x], ry = rows[y];
    int gx = statusGroup(t.status[rx]), gy = statusGroup(t.status[ry]);
    if (gx != gy) return gx < gy;
    const double* kx = keys.data() + x * nk;
    const double* ky = keys.data() + y * nk;
    int c = keysCompare(kx, ky, prog.descending);
    return c != 0 ? c < 0 : t.nameBefore(rx, ry);
  };
  if (limit > 0 && limit < idx.size()) {
    std::partial_sort(idx.begin(), idx.begin() + static_cast<ptrdiff_t>(limit), idx.end(), before);
    idx.resize(limit);
  } else {
    std::sort(idx.begin(), idx.end(), before);
  }
  std::vector<uint32_t> out(idx.size());
  for (size_t i = 0; i < idx.size(); ++i) out[i] = rows[idx[i]];
  rows.swap(out);
}

namespace {

template <Op kOp>
size_t keepWhere(const double* col, double c, uint32_t* sel, size_t n) {
  size_t kept = 0;
  for (size_t i = 0; i < n; ++i) {
    uint32_t r = sel[i];
    sel[kept] = r;
    kept += applyOp<kOp>(col[r], c) == 1.0;
  }
  return kept;
}

// Fast path for the commonest term, `column op constant`: compare and compact in one pass.
// Returns false when the term has another shape.
bool narrowColumnConst(const TermProgram& p, const HostTable& t, std::vector<uint32_t>& sel) {
  if (p.code.size() != 1 || p.code[0].kind != Instr::kBinary || !isComparison(p.code[0].op))
    return false;
  const Instr& in = p.code[0];
  if (in.a.kind != Operand::kNumCol || in.b.kind != Operand::kConst) return false;
  if (in.a.index < 0 || static_cast<size_t>(in.a.index) >= t.columns.size()) return false;
  const Column& c = t.columns[static_cast<size_t>(in.a.index)];
  if (c.type != ResourceType::kNumeric || c.numbers.size() < t.size()) return false;
  const double* col = c.numbers.data();
  double k = in.b.value;
  size_t n = sel.size(), kept = 0;
  switch (in.op) {
    case Op::kLt: kept = keepWhere<Op::kLt>(col, k, sel.data(), n); break;
    case Op::kLe: kept = keepWhere<Op::kLe>(col, k, sel.data(), n); break;
    case Op::kGt: kept = keepWhere<Op::kGt>(col, k, sel.data(), n); break;
    case Op::kGe: kept = keepWhere<Op::kGe>(col, k, sel.data(), n); break;
    case Op::kEq: kept = keepWhere<Op::kEq>(col, k, sel.data(), n); break;
    default: kept = keepWhere<Op::kNe>(col, k, sel.data(), n); break;
  }
  sel.resize(kept);
  return true;
}

}  // namespace

void narrow(const CompiledProgram& prog, const EvalEnv& env, std::vector<uint32_t>& sel,
            Evaluator& ev, std::vector<int16_t>* failed) {
  std::vector<double> truth;
  for (size_t t = 0; t < prog.terms.size() && !sel.empty(); ++t) {
    if (!failed && narrowColumnConst(prog.terms[t], *env.table, sel)) continue;
    size_t n = sel.size();
    truth.resize(n);
    ev.run(prog.terms[t], env, sel.data(), n, truth.data());
    size_t kept = 0;
    if (failed) {
      for (size_t i = 0; i < n; ++i) {
        uint32_t r = sel[i];
        if (truth[i] == 1.0) sel[kept++] = r;
        else (*failed)[r] = static_cast<int16_t>(std::min<size_t>(t, 32767));
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
