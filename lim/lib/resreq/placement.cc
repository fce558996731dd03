// place(): lsplace's slot choice (LSF's command reference). Eligible hosts (candidates, status ok,
// select true, rusage available) are ordered; then slots are picked one at a time from an
// ordered set, re-keying the picked host after its load adjustment (LSF's LIM behaviour) on a
// one-row copy of it, so the shared table is never modified.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "openlim/load_adjust.h"
#include "openlim/resreq.h"
#include "resreq/explain.h"
#include "resreq/order.h"
#include "resreq/rusage_fit.h"

namespace openlim {
namespace {

using resreq::EvalEnv;

constexpr size_t kAll = std::numeric_limits<size_t>::max();

struct Work {
  const CompiledRequest& req;
  const HostTable& t;
  const PlaceOptions& o;
  const CompiledProgram& prog;
  EvalEnv env;
  resreq::Evaluator ev;
  std::vector<Outcome> outcome;
  std::vector<std::string> reason;
  std::vector<int> alt;  // rusage alternative per row (-1: no rusage)

  void set(uint32_t row, Outcome oc, std::string why) {
    outcome[row] = oc;
    if (o.explain) reason[row] = std::move(why);
  }
};

// Picked hosts' rows copied into one small table (its own string pool), where their load
// adjustments accumulate and they are re-evaluated; the shared table is never modified.
class AdjustedRows {
 public:
  explicit AdjustedRows(const HostTable& src) : src_(src) {
    t_.config = src.config;
    t_.columns.resize(src.columns.size());
    for (size_t c = 0; c < src.columns.size(); ++c) t_.columns[c].type = src.columns[c].type;
  }
  HostTable& table() { return t_; }
  // The copy of source row `row` (index x of the eligible list), made on first use.
  uint32_t of(size_t x, uint32_t row) {
    auto [it, added] = rowOf_.emplace(x, static_cast<uint32_t>(t_.size()));
    if (added) append(row);
    return it->second;
  }

 private:
  void append(uint32_t row) {
    size_t at = t_.size();
    t_.resize(at + 1);
    t_.names[at] = src_.names[row];
    t_.status[at] = src_.status[row];
    for (size_t c = 0; c < src_.columns.size(); ++c) {
      const Column& from = src_.columns[c];
      Column& to = t_.columns[c];
      if (row < from.numbers.size()) to.numbers[at] = from.numbers[row];
      if (row < from.booleans.size()) to.booleans[at] = from.booleans[row];
      if (row < from.strings.size() && from.strings[row] >= 0 &&
          static_cast<size_t>(from.strings[row]) < src_.strings.size())
        to.strings[at] = t_.strings.intern(src_.strings.get(from.strings[row]));
    }
  }
  const HostTable& src_;
  HostTable t_;
  std::map<size_t, uint32_t> rowOf_;
};

int capacity(const Work& w, uint32_t row, int alt, std::string* why = nullptr);

std::vector<uint32_t> candidates(Work& w, Status& status) {
  std::vector<uint8_t> listed(w.t.size(), w.o.candidates.empty());
  for (const auto& h : w.o.candidates) {
    int r = w.t.row(h);
    if (r < 0) {
      status = Status(Code::kNotFound, Subcode::kUnknownHost, "Unknown host <" + h + ">");
      return {};
    }
    listed[static_cast<size_t>(r)] = 1;
  }
  std::vector<uint32_t> sel;
  for (uint32_t r = 0; r < w.t.size(); ++r) {
    if (!listed[r])
      w.set(r, Outcome::kIneligible, "not in the host list");
    else if (w.t.status[r] != HostStatus::kOk)
      w.set(r, Outcome::kIneligible, w.o.explain ? resreq::statusReason(w.t, r) : "");
    else if (w.t.reserved(r) > 0 && capacity(w, r, -1) <= 0)
      w.set(r, Outcome::kIneligible,
            "every slot reserved (" + std::to_string(w.t.reserved(r)) + " reserved)");
    else
      sel.push_back(r);
  }
  return sel;
}

void selectAndFit(Work& w, std::vector<uint32_t>& sel) {
  std::vector<int16_t> failed(w.o.explain ? w.t.size() : 0, -1);
  resreq::narrow(w.prog, w.env, sel, w.ev, w.o.explain ? &failed : nullptr);
  for (uint32_t r = 0; r < failed.size(); ++r) {
    if (failed[r] < 0) continue;
    std::string why;
    if (w.o.explain) {
      const auto& term = w.prog.terms[static_cast<size_t>(failed[r])];
      double v = 0;
      w.ev.run(term, w.env, &r, 1, &v);
      why = "select[" + term.text + "] " + (std::isnan(v) ? "unknown" : "failed") + ": " +
            resreq::programValues(term, w.env, r);
    }
    w.set(r, Outcome::kRejected, std::move(why));
  }
  if (w.req.rusage().empty()) return;  // every row fits; alt stays -1
  std::erase_if(sel, [&](uint32_t r) {
    w.alt[r] = resreq::fittingAlternative(w.req, w.t, r);
    if (w.alt[r] != resreq::kNoFit) return false;
    w.set(r, Outcome::kRejected, w.o.explain ? resreq::rusageReason(w.req, w.env, r) : "");
    return true;
  });
}

// same[]: the largest group of equal values wins (ties: the group whose best host is first).
void keepSameGroup(Work& w, std::vector<uint32_t>& sel) {
  const auto& slots = w.req.sameSlots();
  std::string label = "same[";
  for (size_t i = 0; i < w.req.same().size(); ++i) label += (i ? ":" : "") + w.req.same()[i];
  label += "]";
  std::map<std::vector<double>, std::vector<uint32_t>> groups;
  std::vector<std::vector<double>> firstSeen;
  for (uint32_t r : sel) {
    std::vector<double> key;
    std::string unknown;
    for (size_t i = 0; i < slots.size(); ++i) {
      const Column& c = w.t.columns[static_cast<size_t>(slots[i])];
      double v = c.type == ResourceType::kNumeric  ? c.numbers[r]
                 : c.type == ResourceType::kString ? (c.strings[r] < 0 ? NAN : c.strings[r])
                                                   : c.booleans[r];
      if (std::isnan(v)) unknown = w.req.same()[i];
      key.push_back(v);
    }
    if (!unknown.empty()) {
      w.set(r, Outcome::kDropped, "dropped by " + label + ": " + unknown + " unknown");
      continue;
    }
    auto& g = groups[key];
    if (g.empty()) firstSeen.push_back(key);
    g.push_back(r);
  }
  const std::vector<double>* best = nullptr;
  for (const auto& k : firstSeen)
    if (!best || groups[k].size() > groups[*best].size()) best = &k;
  std::vector<uint32_t> kept = best ? groups[*best] : std::vector<uint32_t>{};
  for (const auto& [k, rows] : groups)
    if (!best || k != *best)
      for (uint32_t r : rows) w.set(r, Outcome::kDropped, "dropped by " + label);
  sel.swap(kept);
}

const RusageAlternative* altOf(const Work& w, int alt) {
  return alt >= 0 ? &w.req.rusage()[static_cast<size_t>(alt)] : nullptr;
}

// Slots `row` can take under rusage alternative `alt` (-1: none), and why no more (explain):
// a value-less rusage name allows one (LSF), else span[ptile], else ncpus; never more than
// ncpus less the slots reservations hold there.
int capacity(const Work& w, uint32_t row, int alt, std::string* why) {
  if (const RusageAlternative* a = altOf(w, alt))
    for (const RusageItem& it : a->items)
      if (it.intensive) {
        if (why) *why = "rusage[" + it.name + "] without a value: one slot per host";
        return 1;
      }
  const int reserved = w.t.reserved(row);
  // By slot, not by name: this runs for every candidate that holds a reservation.
  const Column* col = resreq::filledColumn(w.t, w.prog.ncpusSlot, ResourceType::kNumeric);
  double n = col ? col->numbers[row] : kUnknown;
  int slots = std::isnan(n) || n < 1 ? 1 : static_cast<int>(std::min(n, 1e6));
  auto cpus = [&] {
    return "ncpus " + (std::isnan(n) ? std::string("unknown") : resreq::formatNumber(n));
  };
  if (w.req.span().ptile > 0 && (reserved == 0 || w.req.span().ptile <= slots - reserved)) {
    if (why) *why = "span[ptile=" + std::to_string(w.req.span().ptile) + "]";
    return w.req.span().ptile;
  }
  if (reserved > 0) {  // reservations hold some of the host's slots
    if (why) *why = cpus() + ", " + std::to_string(reserved) + " reserved";
    return std::max(0, slots - reserved);
  }
  if (why) *why = cpus();
  return slots;
}

// Re-evaluates a picked host on its adjusted copy (row r of `adj`): still eligible? Its new
// keys into `keys`.
bool reKey(Work& w, HostTable& adj, uint32_t r, int& alt, double* keys) {
  EvalEnv env{&adj, w.prog.ncpusSlot, w.prog.cpufSlot, w.env.maxCpuf};
  std::vector<uint32_t> sel{r};
  resreq::narrow(w.prog, env, sel, w.ev, nullptr);
  if (sel.empty()) return false;
  alt = resreq::fittingAlternative(w.req, adj, r);
  if (alt == resreq::kNoFit) return false;
  std::vector<double> k;
  resreq::computeKeys(w.prog, env, sel.data(), 1, w.ev, k);
  std::copy(k.begin(), k.end(), keys);
  return true;
}

bool namesShared(const CompiledRequest& req) {
  for (const RusageAlternative& alt : req.rusage())
    for (const RusageItem& it : alt.items)
      if (req.config()->resources[static_cast<size_t>(it.slot)].shared) return true;
  return false;
}

// The shared-resource part of a pick's deltas, per eligible index of the hosts sharing the
// picked host's instance (one value: what the pick reserves is gone for them too).
std::map<size_t, std::vector<LoadDelta>> sharedDeltas(const Work& w,
                                                      const std::vector<size_t>& indexOf,
                                                      uint32_t row,
                                                      const std::vector<LoadDelta>& deltas) {
  std::map<size_t, std::vector<LoadDelta>> out;
  for (const LoadDelta& d : deltas) {
    if (!w.req.config()->resources[static_cast<size_t>(d.slot)].shared) continue;
    for (uint32_t peer : sharingRows(w.t, d.slot, row))
      if (indexOf[peer] != kAll) out[indexOf[peer]].push_back(d);
  }
  return out;
}

// Applies a pick's deltas to the adjusted copy of eligible host x (source row `row`) and
// re-keys it.
bool reKeyAfter(Work& w, AdjustedRows& adj, size_t x, uint32_t row,
                const std::vector<LoadDelta>& deltas, int& alt, double* keys) {
  uint32_t r = adj.of(x, row);
  applyDeltas(adj.table(), r, deltas);
  return reKey(w, adj.table(), r, alt, keys);
}

std::vector<uint32_t> pickSlots(Work& w, const std::vector<uint32_t>& e, size_t want) {
  size_t m = e.size(), nk = w.prog.keys.size();
  std::vector<double> keys;
  resreq::computeKeys(w.prog, w.env, e.data(), m, w.ev, keys);
  auto before = [&](size_t x, size_t y) {
    int c = resreq::keysCompare(&keys[x * nk], &keys[y * nk], w.prog.descending);
    return c != 0 ? c < 0 : (e[x] != e[y] ? w.t.nameBefore(e[x], e[y]) : x < y);
  };
  std::set<size_t, decltype(before)> ready(before);
  for (size_t i = 0; i < m; ++i) ready.insert(i);
  std::vector<int> taken(m, 0);
  AdjustedRows adjusted(w.t);
  std::vector<uint32_t> picks;
  size_t sticky = kAll;
  std::vector<size_t> indexOf;  // row -> index into e, for hosts sharing an instance
  bool shared = namesShared(w.req);
  if (shared) indexOf.assign(w.t.size(), kAll);
  for (size_t x = 0; shared && x < m; ++x) indexOf[e[x]] = x;
  while (picks.size() < want) {
    size_t i = sticky;
    if (i == kAll) {
      if (ready.empty()) break;
      i = *ready.begin();
      ready.erase(ready.begin());
    }
    sticky = kAll;
    uint32_t row = e[i];
    picks.push_back(row);
    auto deltas = placementDeltas(*w.req.config(), altOf(w, w.alt[row]));
    if (shared)
      for (auto& [x, ds] : sharedDeltas(w, indexOf, row, deltas)) {
        bool wasReady = ready.erase(x) > 0;  // before its keys change
        if (reKeyAfter(w, adjusted, x, e[x], ds, w.alt[e[x]], &keys[x * nk]) && wasReady)
          ready.insert(x);
      }
    if (++taken[i] >= capacity(w, row, w.alt[row])) continue;
    if (!reKeyAfter(w, adjusted, i, row, deltas, w.alt[row], &keys[i * nk])) continue;
    if (w.o.fewestHosts)
      sticky = i;
    else
      ready.insert(i);
  }
  return picks;
}

// span[hosts=1]: every slot on the best host that has enough of them. rusage is per slot, so
// that host needs N times each amount (LSF reserves rusage per slot): -n N slots must fit,
// and -w takes only as many more as still fit.
std::vector<uint32_t> pickOneHost(Work& w, const std::vector<uint32_t>& e, size_t need,
                                  size_t want) {
  std::vector<uint32_t> picks;
  for (uint32_t r : e) {
    size_t cap = static_cast<size_t>(capacity(w, r, -1));
    if (cap < need) {
      w.set(r, Outcome::kDropped,
            "dropped by span[hosts=1] (ncpus " + std::to_string(cap) + " < " +
                std::to_string(need) + ")");
      continue;
    }
    int alt = resreq::fittingAlternative(w.req, w.t, r, need);
    if (alt == resreq::kNoFit) {
      w.set(r, Outcome::kDropped,
            w.o.explain
                ? "dropped by span[hosts=1] (" + resreq::rusageReason(w.req, w.env, r, need) + ")"
                : "");
      continue;
    }
    std::string why;
    cap = static_cast<size_t>(capacity(w, r, alt, &why));  // a value-less rusage name: 1
    if (cap < need) {
      w.set(r, Outcome::kDropped, "dropped by span[hosts=1] (" + why + ")");
      continue;
    }
    if (!picks.empty()) continue;
    w.alt[r] = alt;
    size_t fit = alt < 0
                     ? cap
                     : std::min(cap, resreq::slotsFitting(w.req, w.t, r, static_cast<size_t>(alt)));
    picks.assign(std::min(want, std::max(fit, need)), r);
  }
  return picks;
}

// A placement that found fewer than `need` slots: every host that passed the request says how
// many slots it could take and why no more, never "not needed".
void explainShortfall(Work& w, const std::vector<uint32_t>& picks, size_t need) {
  std::map<uint32_t, size_t> slotsOf;
  for (uint32_t r : picks) ++slotsOf[r];
  std::string total = "-n " + std::to_string(w.o.minSlots) + " needs " + std::to_string(need) +
                      (need == 1 ? " slot" : " slots") + ", the eligible hosts have " +
                      std::to_string(picks.size());
  for (uint32_t r = 0; r < w.t.size(); ++r) {
    if (w.outcome[r] != Outcome::kNotNeeded) continue;
    size_t n = slotsOf.count(r) ? slotsOf[r] : 0;
    std::string why;
    size_t cap = static_cast<size_t>(capacity(w, r, w.alt[r], &why));
    if (n < cap) why = "the request no longer fits it after its load adjustment";
    w.set(r, Outcome::kRejected,
          "eligible for " + std::to_string(n) + (n == 1 ? " slot" : " slots") + " only (" + why +
              "): " + total);
  }
}

void explainChosen(Work& w, const std::vector<uint32_t>& picks, const std::string& notNeeded) {
  std::map<uint32_t, std::string> slotsOf;
  for (size_t i = 0; i < picks.size(); ++i) {
    auto& s = slotsOf[picks[i]];
    s += (s.empty() ? "" : ",") + std::to_string(i + 1);
  }
  for (uint32_t r = 0; r < w.t.size(); ++r) {
    auto it = slotsOf.find(r);
    if (it != slotsOf.end())
      w.set(r, Outcome::kChosen,
            std::string("chosen for slot") +
                (it->second.find(',') != std::string::npos ? "s " : " ") + it->second);
    else if (w.outcome[r] == Outcome::kNotNeeded)
      w.set(r, Outcome::kNotNeeded, "not needed (" + notNeeded + ")");
  }
}

}  // namespace

PlacementResult place(const CompiledRequest& req, const HostTable& table, const PlaceOptions& o) {
  const CompiledProgram& prog = req.program();
  Work w{req, table, o, prog, prog.env(table), {}, {}, {}, {}};
  w.env.now = o.now;
  w.env.wallNow = o.wallNow;
  w.env.job = o.jobValues.data();
  w.env.jobCount = o.jobValues.size();
  w.env.jobText = o.jobTexts.data();
  w.env.jobTextCount = o.jobTexts.size();
  w.outcome.assign(table.size(), Outcome::kNotNeeded);
  w.reason.assign(o.explain ? table.size() : 0, "");
  w.alt.assign(table.size(), -1);
  PlacementResult res;
  res.rated = std::any_of(prog.keys.begin(), prog.keys.end(),
                          [](const resreq::TermProgram& k) { return k.readsRating; });
  std::vector<uint32_t> e = candidates(w, res.status);
  if (!res.status.isOk()) return res;
  selectAndFit(w, e);
  size_t need = o.minSlots <= 0 ? 1 : static_cast<size_t>(o.minSlots);
  size_t want = o.maxSlots == -1  ? (o.minSlots <= 0 ? kAll : need)
                : o.maxSlots == 0 ? kAll
                                  : std::max(need, static_cast<size_t>(o.maxSlots));
  // Unpicked hosts keep their keys, so the hosts picked are a prefix of the initial order
  // at most `want` long: only that prefix needs sorting (same[] and span[hosts=1] need all,
  // and so does rusage on a shared resource: a pick can drop the hosts sharing its instance).
  bool prefixOnly =
      req.sameSlots().empty() && req.span().hosts != 1 && want != kAll && !namesShared(req);
  resreq::orderRows(prog, w.env, e, prefixOnly ? want : 0, w.ev);
  if (!req.sameSlots().empty()) keepSameGroup(w, e);
  std::vector<uint32_t> picks =
      req.span().hosts == 1 ? pickOneHost(w, e, need, want) : pickSlots(w, e, want);
  if (picks.size() < need) {
    res.status = Status(Code::kNotEligible, "Not enough host(s) currently eligible");
    if (o.explain) explainShortfall(w, picks, need);
    picks.clear();
  }
  for (uint32_t r : picks) res.slots.push_back(table.names[r]);
  if (!o.explain) return res;
  std::string label =
      o.maxSlots > 0 ? "-w " + std::to_string(o.maxSlots) : "-n " + std::to_string(o.minSlots);
  explainChosen(w, picks, label);
  for (uint32_t r = 0; r < table.size(); ++r)
    res.explanations.push_back({table.names[r], w.outcome[r], w.reason[r]});
  return res;
}

}  // namespace openlim
