// Host order (LSF's resource requirement rules): status group, then each key (unknown last), then
// name; and the top-k of it (lsload -R -n, a placement's prefix).
#include <algorithm>
#include <memory>
#include <numeric>

#include "resreq/order.h"

namespace openlim::resreq {

int statusGroup(HostStatus s) {
  switch (s) {
    case HostStatus::kOk:
      return 0;
    case HostStatus::kUnavail:
      return 2;
    default:
      return 1;
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

void computeKeys(const CompiledProgram& prog, const EvalEnv& env, const uint32_t* sel, size_t n,
                 Evaluator& ev, std::vector<double>& keys) {
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
// and goes after every known value whatever the direction, as keysCompare says), the name
// rank (the table's, when indexed). Buffers are not value-initialised: each is written whole
// before it is read.
class OrderKeys {
 public:
  OrderKeys(const CompiledProgram& prog, const EvalEnv& env, const std::vector<uint32_t>& rows,
            Evaluator& ev, std::span<const std::vector<double>> lead)
      : t_(*env.table),
        rows_(rows.data()),
        n_(rows.size()),
        nk_(lead.size() + prog.keys.size()),
        keys_(std::make_unique_for_overwrite<double[]>(n_ * nk_)),
        group_(std::make_unique_for_overwrite<uint8_t[]>(n_)) {
    for (size_t j = 0; j < lead.size(); ++j)
      for (size_t i = 0; i < n_; ++i) keys_[i * nk_ + j] = lead[j][i];
    for (size_t k = lead.size(); k < nk_; ++k) {
      const size_t pk = k - lead.size();
      double* col = nk_ == 1 ? keys_.get() : ev.scratch(n_);
      ev.run(prog.keys[pk], env, rows_, n_, col);
      double sign = prog.descending[pk] ? -1 : 1;
      for (size_t i = 0; i < n_; ++i) keys_[i * nk_ + k] = sign * col[i];  // NaN stays NaN
    }
    for (size_t i = 0; i < n_; ++i)
      group_[i] = static_cast<uint8_t>(statusGroup(t_.status[rows_[i]]));
    indexed_ = t_.nameRank.size() == t_.names.size();
    if (!indexed_) {  // a table built without indexRows (tests, offline files): rank here
      rank_ = std::make_unique_for_overwrite<uint32_t[]>(n_);
      std::vector<uint32_t> byName(n_);
      std::iota(byName.begin(), byName.end(), 0);
      std::sort(byName.begin(), byName.end(),
                [&](uint32_t x, uint32_t y) { return t_.nameBefore(rows_[x], rows_[y]); });
      for (size_t i = 0; i < n_; ++i) rank_[byName[i]] = static_cast<uint32_t>(i);
    }
  }

  bool before(uint32_t x, uint32_t y) const {
    if (group_[x] != group_[y]) return group_[x] < group_[y];
    const double* a = keys_.get() + x * nk_;
    const double* b = keys_.get() + y * nk_;
    for (size_t k = 0; k < nk_; ++k) {
      bool ua = a[k] != a[k], ub = b[k] != b[k];
      if (ua || ub) {
        if (ua != ub) return ub;
        continue;
      }
      if (a[k] != b[k]) return a[k] < b[k];
    }
    return rank(x) < rank(y);
  }

 private:
  uint32_t rank(uint32_t x) const { return indexed_ ? t_.nameRank[rows_[x]] : rank_[x]; }

  const HostTable& t_;
  const uint32_t* rows_;
  size_t n_, nk_;
  std::unique_ptr<double[]> keys_;
  std::unique_ptr<uint8_t[]> group_;
  bool indexed_ = false;
  std::unique_ptr<uint32_t[]> rank_;
};

// The `limit` best of n in order, keeping them in a heap whose top is the worst kept: one
// comparison rejects most rows, O(n log limit) at worst. For a limit that is small beside n.
template <class Before>
std::vector<uint32_t> heapTop(size_t n, size_t limit, Before before) {
  std::vector<uint32_t> heap;
  heap.reserve(limit);
  for (uint32_t i = 0; i < n; ++i) {
    if (heap.size() < limit) {
      heap.push_back(i);
      std::push_heap(heap.begin(), heap.end(), before);
    } else if (before(i, heap.front())) {
      std::pop_heap(heap.begin(), heap.end(), before);
      heap.back() = i;
      std::push_heap(heap.begin(), heap.end(), before);
    }
  }
  std::sort_heap(heap.begin(), heap.end(), before);
  return heap;
}

}  // namespace

void orderRows(const CompiledProgram& prog, const EvalEnv& env, std::vector<uint32_t>& rows,
               size_t limit, Evaluator& ev) {
  orderRows(prog, env, rows, limit, ev, {});
}

void orderRows(const CompiledProgram& prog, const EvalEnv& env, std::vector<uint32_t>& rows,
               size_t limit, Evaluator& ev, std::span<const std::vector<double>> lead) {
  const size_t n = rows.size();
  const OrderKeys order(prog, env, rows, ev, lead);
  auto before = [&](uint32_t x, uint32_t y) { return order.before(x, y); };
  std::vector<uint32_t> idx;
  if (limit > 0 && limit * 8 <= n) {
    idx = heapTop(n, limit, before);
  } else {
    idx.resize(n);
    std::iota(idx.begin(), idx.end(), 0);
    if (limit > 0 && limit < n) {  // top-k: the k best in O(n), then only they are sorted
      auto kth = idx.begin() + static_cast<ptrdiff_t>(limit);
      std::nth_element(idx.begin(), kth - 1, idx.end(), before);
      std::sort(idx.begin(), kth, before);
      idx.resize(limit);
    } else {
      std::sort(idx.begin(), idx.end(), before);
    }
  }
  // The order is total (the name rank breaks every tie), so both ways give the same rows.
  for (size_t i = 0; i < idx.size(); ++i) idx[i] = rows[idx[i]];
  rows.swap(idx);
}

}  // namespace openlim::resreq
