// LoadTable::build: records -> immutable columnar HostTable (one row per cluster host).
#include <algorithm>
#include <cmath>

#include "master/load_table.h"
#include "openlim/load_adjust.h"

namespace openlim::master {
namespace {

bool isRunQueue(const std::string& n) {
  return n == "r15s" || n == "r1m" || n == "r15m";
}

bool hasBoolean(const HostConfig& hc, const std::string& name) {
  if (name == "server") return hc.server;
  return std::find(hc.booleans.begin(), hc.booleans.end(), name) != hc.booleans.end();
}

}  // namespace

HostTablePtr LoadTable::build(double now) const {
  auto t = std::make_shared<HostTable>();
  t->config = config_;
  t->columns.resize(config_->resources.size());
  // Only external values have ages: built-in, static and derived columns (averages, NLB
  // values) get no arrival times at all (8 bytes a host each, never allocated: a freed peak
  // stays in the heap).
  for (size_t s = 0; s < config_->resources.size(); ++s) {
    t->columns[s].type = config_->resources[s].type;
    t->columns[s].aged = external_[s] != 0;
  }
  t->resize(config_->hosts.size());
  t->clock = now;
  for (size_t row = 0; row < config_->hosts.size(); ++row) {
    t->names[row] = config_->hosts[row].name;
    fillRow(*t, row, now);
  }
  fillShared(*t, now);
  for (size_t row = 0; row < config_->hosts.size(); ++row) fillStatus(*t, row, records_[row], now);
  t->indexRows(config_->resourceIndex("cpuf"));
  return t;
}

void LoadTable::fillRow(HostTable& t, size_t row, double now) const {
  const HostConfig& hc = config_->hosts[row];
  const Record& rec = records_[row];
  const bool isUp = up(rec, now);
  if (t.reservedSlots.size() < t.size()) t.reservedSlots.resize(t.size(), 0);
  t.reservedSlots[row] = rec.heldSlots;
  t.reportedAt[row] = rec.lastReport > -1e299 ? rec.lastReport : kUnknown;
  for (size_t s = 0; s < config_->resources.size(); ++s) {
    const ResourceDef& def = config_->resources[s];
    Column& col = t.columns[s];
    if (def.shared) continue;
    if (def.type == ResourceType::kBoolean) {
      col.booleans[row] = hasBoolean(hc, def.name) ? 1 : 0;
      continue;
    }
    if (def.type == ResourceType::kString) {
      std::string v;
      const std::string* rs = rec.strings.find(static_cast<int>(s));
      if (def.name == "hname")
        v = hc.name;
      else if (def.name == "type" && hc.type != "!")
        v = hc.type;
      else if (def.name == "model" && hc.model != "!")
        v = hc.model;
      else if (auto cs = hc.strings.find(def.name); cs != hc.strings.end())
        v = cs->second;
      else if (rs && (!def.dynamic || isUp))
        v = *rs;
      if (!v.empty() && v != "-") col.strings[row] = t.strings.intern(v);
      continue;
    }
    if (cellOf_[s] >= 0 && shared_[static_cast<size_t>(averages_[static_cast<size_t>(cellOf_[s])])])
      continue;  // the average of a shared value: its instance's server's (fillShared)
    col.numbers[row] = numberAt(row, s, isUp, now);
    if (external_[s] && isUp && !stale(rec, s, now)) col.arrivals[row] = arrivedAt(rec, s);
  }
}

// A numeric value: the host's configured value, else its report's (a dynamic one only while
// the host is up) plus what its placement adjustments still add and what reservations hold,
// kept inside the index's physical range (ranges_).
double LoadTable::numberAt(size_t row, size_t s, bool isUp, double now) const {
  const HostConfig& hc = config_->hosts[row];
  const Record& rec = records_[row];
  const ResourceDef& def = config_->resources[s];
  const bool averaged = cellOf_[s] >= 0;
  double v = kUnknown;
  if (averaged) {
    v = averageAt(rec, s, isUp);
  } else if (auto cn = hc.numbers.find(def.name); cn != hc.numbers.end()) {
    v = cn->second;
  } else if (def.name == "cpuf") {
    const HostModel* m = config_->findModel(hc.model);
    v = m ? m->cpuFactor : rec.numbers[s];
  } else if (def.name == "rexpri") {
    v = hc.rexpri.value_or(0);
  } else if (!def.dynamic || (isUp && !stale(rec, s, now))) {
    v = rec.numbers[s];
  }
  if (isUnknown(v)) return v;
  double moved = v;
  if (def.dynamic && !averaged && isUp && !rec.adjustments.empty()) moved += adjusted(rec, s, now);
  if (!rec.held.empty()) moved += heldAt(rec, s);
  return moved == v ? v : keepInRange(v, moved, ranges_[s]);
}

// An averaged value: the mean over the window up to the last report, while the host is up.
double LoadTable::averageAt(const Record& rec, size_t slot, bool isUp) const {
  if (!isUp) return kUnknown;
  return window_.mean(rec.avgClock, rec.cells[static_cast<size_t>(cellOf_[slot])]);
}

// What the placement adjustments of `rec` on `slot` still add at `now`.
double LoadTable::adjusted(const Record& rec, size_t slot, double now) const {
  const double life = adjustmentDuration(config_->params);
  double sum = 0;
  for (const auto& a : rec.adjustments)
    if (a.slot == static_cast<int>(slot)) sum += a.amount * decayWeight(a.start, life, now);
  return sum;
}

double LoadTable::heldAt(const Record& rec, size_t slot) const {
  double sum = 0;
  for (const LoadDelta& d : rec.held)
    if (d.slot == static_cast<int>(slot)) sum += d.amount;
  return sum;
}

double LoadTable::heldOnInstance(size_t i) const {
  if (i >= config_->instances.size()) return 0;
  const ResourceInstance& inst = config_->instances[i];
  int slot = config_->resourceIndex(inst.resource);
  if (slot < 0) return 0;
  std::vector<int> rows;
  double sum = 0;
  for (const auto& h : inst.hosts)
    if (int row = rowOf(h); row >= 0 && std::find(rows.begin(), rows.end(), row) == rows.end()) {
      rows.push_back(row);
      sum += heldAt(records_[static_cast<size_t>(row)], static_cast<size_t>(slot));
    }
  return std::fabs(sum);
}

double LoadTable::arrivedAt(const Record& rec, size_t s) const {
  const int i = ageIndex_[s];
  return i < 0 ? std::nan("") : rec.arrived[static_cast<size_t>(i)];
}

bool LoadTable::stale(const Record& rec, size_t s, double now) const {
  if (!external_[s]) return false;
  double at = arrivedAt(rec, s);
  return !std::isnan(at) && now - at >= staleLimits_[s];
}

// The record whose value instance i shows (its server's, while up), or null.
const LoadTable::Record* LoadTable::instanceSource(size_t i, double now) const {
  const ResourceInstance& inst = config_->instances[i];
  if (inst.staticNumber || inst.staticString) return nullptr;
  const std::string& server = i < servers_.size() ? servers_[i] : std::string();
  int srow = server.empty() ? -1 : rowOf(server);
  if (srow < 0 || !up(records_[static_cast<size_t>(srow)], now)) return nullptr;
  return &records_[static_cast<size_t>(srow)];
}

bool LoadTable::sharedValuesCurrent(double now) const {
  for (size_t i = 0; i < config_->instances.size(); ++i) {
    int slot = config_->resourceIndex(config_->instances[i].resource);
    if (slot < 0) continue;
    auto s = static_cast<size_t>(slot);
    const Record* rec = instanceSource(i, now);
    if (!rec || std::isnan(arrivedAt(*rec, s))) continue;
    if (stale(*rec, s, builtAt_) != stale(*rec, s, now)) return false;
  }
  return true;
}

void LoadTable::fillShared(HostTable& t, double now) const {
  for (size_t i = 0; i < config_->instances.size(); ++i) {
    const ResourceInstance& inst = config_->instances[i];
    int slot = config_->resourceIndex(inst.resource);
    if (slot < 0) continue;
    Column& col = t.columns[static_cast<size_t>(slot)];
    double number = inst.staticNumber.value_or(kUnknown);
    std::string text = inst.staticString.value_or("");
    double arrival = kUnknown;
    if (const Record* rec = instanceSource(i, now)) {
      auto s = static_cast<size_t>(slot);
      bool isStale = stale(*rec, s, now);
      number = isStale ? kUnknown : rec->numbers[s];
      if (!isStale) arrival = arrivedAt(*rec, s);
      if (const std::string* reported = rec->strings.find(slot)) text = *reported;
    }
    // One value for the instance: a placement on any of its hosts reserves from it.
    if (col.type == ResourceType::kNumeric && !isUnknown(number)) {
      std::vector<int> rows;
      for (const auto& h : inst.hosts)
        if (int row = rowOf(h); row >= 0 && std::find(rows.begin(), rows.end(), row) == rows.end())
          rows.push_back(row);
      for (int row : rows) {
        const Record& rec = records_[static_cast<size_t>(row)];
        number += adjusted(rec, static_cast<size_t>(slot), now);
        if (!rec.held.empty()) number += heldAt(rec, static_cast<size_t>(slot));
      }
    }
    // The instance's average: its server's, while it serves.
    double average = kUnknown;
    int avgSlot = averageSlotOf(static_cast<size_t>(slot));
    if (const Record* rec = instanceSource(i, now); rec && avgSlot >= 0)
      average = averageAt(*rec, static_cast<size_t>(avgSlot), true);
    for (const auto& h : inst.hosts) {
      int row = rowOf(h);
      if (row < 0) continue;
      auto r = static_cast<size_t>(row);
      if (avgSlot >= 0) t.columns[static_cast<size_t>(avgSlot)].numbers[r] = average;
      if (!col.arrivals.empty()) col.arrivals[r] = arrival;
      if (col.type == ResourceType::kNumeric)
        col.numbers[r] = number;
      else if (col.type == ResourceType::kString && !text.empty())
        col.strings[r] = t.strings.intern(text);
      else if (col.type == ResourceType::kBoolean)
        col.booleans[r] = 1;
    }
  }
}

void LoadTable::fillStatus(HostTable& t, size_t row, const Record& rec, double now) const {
  t.status[row] = up(rec, now) ? computeStatus(t, row, rec) : HostStatus::kUnavail;
  internStatus(t, row);
}

void LoadTable::internStatus(HostTable& t, size_t row) const {
  if (statusSlot_ >= 0)
    t.columns[static_cast<size_t>(statusSlot_)].strings[row] =
        t.strings.intern(hostStatusName(t.status[row]));
}

HostStatus LoadTable::computeStatus(HostTable& t, size_t row, const Record& rec) const {
  double ncpus = ncpusSlot_ >= 0 ? t.columns[static_cast<size_t>(ncpusSlot_)].numbers[row] : 1;
  if (isUnknown(ncpus) || ncpus < 1) ncpus = 1;
  auto& busy = t.busyIndices[row];
  for (const auto& [slot, threshold] : thresholds_[row]) {
    const ResourceDef& def = config_->resources[static_cast<size_t>(slot)];
    double v = t.columns[static_cast<size_t>(slot)].numbers[row];
    if (isUnknown(v)) continue;
    if (isRunQueue(def.name)) v /= ncpus;
    bool past = def.direction == Direction::kDecreasing ? v < threshold : v > threshold;
    if (past) busy.push_back(slot);
  }
  if (rec.loadBusy && std::find(busy.begin(), busy.end(), r1mSlot_) == busy.end())
    busy.push_back(r1mSlot_);  // PBS's hysteresis: busy from max_load until below ideal_load
  if (rec.locked) return HostStatus::kLockU;
  return busy.empty() ? HostStatus::kOk : HostStatus::kBusy;
}

}  // namespace openlim::master
