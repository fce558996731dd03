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

// Everything an order compares, row by row and side by side, so that a sort over thousands
// of rows (idle hosts tie on most keys) runs an inlined compare on contiguous memory: the
// status group, the keys as "smaller is better" (descending ones negated; unknown stays NaN
// and goes after every known value whatever the direction, as keysCompare says), the name rank.
class OrderKeys {
 public:
  OrderKeys(const HostTable& t, const std::vector<uint32_t>& rows, std::vector<double> keys,
            const std::vector<uint8_t>& descending)
      : nk_(descending.size()), keys_(std::move(keys)), group_(rows.size()), rank_(rows.size()) {
    const size_t n = rows.size();
    for (size_t i = 0; i < n; ++i) {
      group_[i] = static_cast<uint8_t>(statusGroup(t.status[rows[i]]));
      for (size_t k = 0; k < nk_; ++k)
        if (descending[k]) keys_[i * nk_ + k] = -keys_[i * nk_ + k];
    }
    if (t.nameRank.size() == t.names.size()) {
      for (size_t i = 0; i < n; ++i) rank_[i] = t.nameRank[rows[i]];
    } else {  // a table built without indexRows (tests, offline files): rank these rows here
      std::vector<uint32_t> byName(n);
      std::iota(byName.begin(), byName.end(), 0);
      std::sort(byName.begin(), byName.end(),
                [&](uint32_t x, uint32_t y) { return t.nameBefore(rows[x], rows[y]); });
      for (size_t i = 0; i < n; ++i) rank_[byName[i]] = static_cast<uint32_t>(i);
    }
  }

  bool before(uint32_t x, uint32_t y) const {
    if (group_[x] != group_[y]) return group_[x] < group_[y];
    const double* a = keys_.data() + x * nk_;
    const double* b = keys_.data() + y * nk_;
    for (size_t k = 0; k < nk_; ++k) {
      bool ua = a[k] != a[k], ub = b[k] != b[k];
      if (ua || ub) {
        if (ua != ub) return ub;
        continue;
      }
      if (a[k] != b[k]) return a[k] < b[k];
    }
    return rank_[x] < rank_[y];
  }

 private:
  size_t nk_;
  std::vector<double> keys_;
  std::vector<uint8_t> group_;
  std::vector<uint32_t> rank_;
};

}  // namespace

void orderRows(const CompiledProgram& prog, const EvalEnv& env, std::vector<uint32_t>& rows,
               size_t limit, Evaluator& ev) {
  const size_t n = rows.size();
  std::vector<double> keys;
  computeKeys(prog, env, rows.data(), n, ev, keys);
  const OrderKeys order(*env.table, rows, std::move(keys), prog.descending);
  auto before = [&](uint32_t x, uint32_t y) { return order.before(x, y); };
  std::vector<uint32_t> idx(n);
  std::iota(idx.begin(), idx.end(), 0);
  if (limit > 0 && limit < n) {  // top-k: the k best in O(n), then only they are sorted
    auto kth = idx.begin() + static_cast<ptrdiff_t>(limit);
    std::nth_element(idx.begin(), kth - 1, idx.end(), before);
    std::sort(idx.begin(), kth, before);
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
