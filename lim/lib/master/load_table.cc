#include "master/load_table.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

#include "load/external_values.h"
#include "openlim/load_adjust.h"
#include "placement/load_hysteresis.h"

namespace openlim::master {
namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();
constexpr double kAlways = -std::numeric_limits<double>::infinity();

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

LoadTable::LoadTable(ConfigPtr config) {
  reconfigure(std::move(config));
}

void LoadTable::index() {
  rows_.clear();
  slots_.clear();
  for (size_t i = 0; i < config_->hosts.size(); ++i)
    rows_[lower(config_->hosts[i].name)] = static_cast<int>(i);
  for (size_t i = 0; i < config_->resources.size(); ++i)
    slots_[config_->resources[i].name] = static_cast<int>(i);
  ncpusSlot_ = config_->resourceIndex("ncpus");
  statusSlot_ = config_->resourceIndex("status");
  r1mSlot_ = config_->resourceIndex("r1m");
  if (statusSlot_ >= 0 &&
      config_->resources[static_cast<size_t>(statusSlot_)].type != ResourceType::kString)
    statusSlot_ = -1;
  staleLimits_.clear();
  external_.clear();
  shared_.clear();
  ranges_.clear();
  for (const auto& r : config_->resources) {
    constexpr double kOpen = std::numeric_limits<double>::infinity();
    // Only the built-in indices have a physical range; a site resource of the same name is
    // the site's to define.
    auto range = r.builtinIndex ? builtinRange(r.name) : std::nullopt;
    ranges_.push_back(range.value_or(ValueRange{-kOpen, kOpen}));
    staleLimits_.push_back(staleLimit(&r, config_->params));
    external_.push_back(r.dynamic && !r.builtin ? 1 : 0);
    shared_.push_back(r.shared ? 1 : 0);
  }
  // Averaged resources come last (config/derived_resources.h): records keep numbers only for
  // the slots before them. An averaged resource elsewhere (hand-built configs) is ordinary.
  auto sourceOf = [&](size_t s) {
    const ResourceDef& r = config_->resources[s];
    int src = r.averageOf.empty() ? -1 : config_->resourceIndex(r.averageOf);
    bool ok = src >= 0 && static_cast<size_t>(src) < s &&
              config_->resources[static_cast<size_t>(src)].type == ResourceType::kNumeric;
    return ok ? src : -1;
  };
  reported_ = config_->resources.size();
  while (reported_ > 0 && sourceOf(reported_ - 1) >= 0) --reported_;
  for (size_t s = reported_; s < config_->resources.size(); ++s)
    if (static_cast<size_t>(sourceOf(s)) >= reported_) {  // an average of an average
      reported_ = config_->resources.size();
      break;
    }
  ageIndex_.assign(config_->resources.size(), -1);
  agedCount_ = 0;
  for (size_t s = 0; s < reported_; ++s)
    if (external_[s]) ageIndex_[s] = static_cast<int>(agedCount_++);
  averages_.clear();
  cellOf_.assign(config_->resources.size(), -1);
  for (size_t s = reported_; s < config_->resources.size(); ++s) {
    cellOf_[s] = static_cast<int>(averages_.size());
    averages_.push_back(sourceOf(s));
  }
  window_ = WindowAverage(
      config_->params.policyAverageWindow > 0 ? config_->params.policyAverageWindow : 120);
  thresholds_.assign(config_->hosts.size(), {});
  for (size_t i = 0; i < config_->hosts.size(); ++i)
    for (const auto& [name, threshold] : config_->hosts[i].thresholds)
      if (int slot = config_->resourceIndex(name); slot >= 0)
        thresholds_[i].emplace_back(slot, threshold);
}

void LoadTable::reconfigure(ConfigPtr config) {
  ConfigPtr old = std::move(config_);
  std::vector<Record> oldRecords = std::move(records_);
  std::unordered_map<std::string, int> oldRows = std::move(rows_);
  const WindowAverage oldWindow = window_;
  const size_t oldReported = reported_;
  const std::vector<int> oldAverages = averages_;
  const std::vector<int> oldAgeIndex = ageIndex_;
  config_ = std::move(config);
  index();
  records_.assign(config_->hosts.size(), Record{});
  for (auto& r : records_) {
    r.numbers.assign(reported_, kUnknown);
    r.arrived.assign(agedCount_, std::nan(""));
    r.cells.assign(averages_.size(), AverageCell{});
  }
  timeDue_.assign(records_.size(), kAlways);  // the next refresh looks at every row once
  if (old) {
    for (const auto& [name, oldRow] : oldRows) {
      auto it = rows_.find(name);
      if (it == rows_.end()) continue;
      Record& dst = records_[static_cast<size_t>(it->second)];
      Record& src = oldRecords[static_cast<size_t>(oldRow)];
      dst.lastReport = src.lastReport;
      dst.locked = src.locked;
      dst.checksum = src.checksum;
      dst.master = src.master;
      for (size_t s = 0; s < oldReported; ++s) {
        auto slot = slots_.find(old->resources[s].name);
        if (slot == slots_.end() || static_cast<size_t>(slot->second) >= reported_) continue;
        auto d = static_cast<size_t>(slot->second);
        dst.numbers[d] = src.numbers[s];
        const double at =
            oldAgeIndex[s] >= 0 ? src.arrived[static_cast<size_t>(oldAgeIndex[s])] : std::nan("");
        if (ageIndex_[d] >= 0 && !std::isnan(at)) {
          dst.arrived[static_cast<size_t>(ageIndex_[d])] = at;
          dst.agedSlots.push_back(slot->second);
        }
        if (const std::string* str = src.strings.find(static_cast<int>(s)))
          dst.strings.set(slot->second, *str);
      }
      dst.loadBusy = src.loadBusy;
      updateLoadBusy(static_cast<size_t>(it->second), dst);  // the limits may have changed
      // Averages move by the name of what they average.
      dst.avgClock = src.avgClock;
      for (size_t c = 0; c < oldAverages.size(); ++c) {
        auto slot = slots_.find(old->resources[static_cast<size_t>(oldAverages[c])].name);
        if (slot == slots_.end()) continue;
        auto it = std::find(averages_.begin(), averages_.end(), slot->second);
        if (it != averages_.end())
          dst.cells[static_cast<size_t>(it - averages_.begin())] = src.cells[c];
      }
      if (oldWindow.window() != window_.window())
        window_.rewindow(dst.avgClock, dst.cells, oldWindow);
    }
  }
  servers_.assign(config_->instances.size(), "");
  dirty_ = true;
}

void LoadTable::updateLoadBusy(size_t row, Record& rec) const {
  const HostConfig& h = config_->hosts[row];
  if (!h.idealLoad || !h.maxLoad || r1mSlot_ < 0) {
    rec.loadBusy = false;
    return;
  }
  // The reported load, without placement adjustments: the host's own view, as PBS's MoM.
  rec.loadBusy = placement::loadBusy(rec.loadBusy, rec.numbers[static_cast<size_t>(r1mSlot_)],
                                     *h.idealLoad, *h.maxLoad);
}

int LoadTable::rowOf(const std::string& host) const {
  auto it = rows_.find(lower(host));
  return it == rows_.end() ? -1 : it->second;
}

bool LoadTable::ingest(const protocol::LoadReport& r, double now) {
  int row = rowOf(r.host);
  if (row < 0) {
    ++counters_.unknownHost;
    return false;
  }
  Record& rec = records_[static_cast<size_t>(row)];
  foldAverages(rec, now);
  rec.lastReport = now;
  rec.locked = (r.flags & protocol::kReportLocked) != 0;
  rec.lockSeconds = rec.locked ? r.lockSeconds : 0;
  rec.checksum = r.checksum;
  rec.master = r.master;
  for (const auto& v : r.numbers) {
    auto it = slots_.find(v.name);
    if (it == slots_.end() || static_cast<size_t>(it->second) >= reported_) {
      ++counters_.unknownNames;  // an averaged value is the master's to compute
      continue;
    }
    auto slot = static_cast<size_t>(it->second);
    rec.numbers[slot] = v.value;
    // Only external values age here: a built-in's or a static value's age means nothing.
    if (ageIndex_[slot] < 0) continue;
    double& at = rec.arrived[static_cast<size_t>(ageIndex_[slot])];
    bool aged = !std::isnan(at);
    at = std::isnan(v.age) ? std::nan("") : now - std::max(0.0f, v.age);
    if (aged != !std::isnan(at)) {
      if (aged)
        std::erase(rec.agedSlots, it->second);
      else
        rec.agedSlots.push_back(it->second);
    }
  }
  for (const auto& v : r.strings) {
    auto it = slots_.find(v.name);
    if (it == slots_.end() || static_cast<size_t>(it->second) >= reported_) {
      ++counters_.unknownNames;
      continue;
    }
    rec.strings.set(it->second, v.value);
  }
  updateLoadBusy(static_cast<size_t>(row), rec);
  timeDue_[static_cast<size_t>(row)] = timeDue(rec, now);
  ++counters_.reportsIngested;
  if (servesShared(static_cast<size_t>(row)))
    dirty_ = true;
  else
    rowChanged(static_cast<size_t>(row), now);
  return true;
}

void LoadTable::foldAverages(Record& rec, double now) {
  if (averages_.empty()) return;
  held_.resize(averages_.size());
  for (size_t c = 0; c < averages_.size(); ++c) {
    auto s = static_cast<size_t>(averages_[c]);
    held_[c] = stale(rec, s, now) ? kUnknown : rec.numbers[s];
  }
  window_.advance(rec.avgClock, rec.cells, held_, now, up(rec, now));
}

int LoadTable::averageSlotOf(size_t source) const {
  auto it = std::find(averages_.begin(), averages_.end(), static_cast<int>(source));
  return it == averages_.end() ? -1 : static_cast<int>(reported_ + (it - averages_.begin()));
}

void LoadTable::adjust(const std::string& host, int slot, double amount, double now) {
  adjust(host, std::vector<LoadDelta>{{slot, amount}}, now);
}

bool LoadTable::addAdjustment(Record& rec, int slot, double amount, double now) const {
  if (slot < 0 || static_cast<size_t>(slot) >= config_->resources.size() || amount == 0 ||
      !std::isfinite(amount))
    return false;
  auto& adj = rec.adjustments;
  const double life = adjustmentDuration(config_->params);
  // A burst of placements on one host merges into one entry per slot and sign: the sum of
  // linear decays equals one decay of the summed amount from the amount-weighted mean start
  // (exact while all are running; they end within life/100 of each other). Amounts of one
  // sign only, so the weights never cancel. Without this the list grew with every placement
  // for `life` seconds, and each adjust and build walked it: ls_loadadj of N tasks on one
  // host cost N^2.
  auto last = std::find_if(adj.rbegin(), adj.rend(), [&](const Adjustment& a) {
    return a.slot == slot && now - a.start < life / 100 && (a.amount > 0) == (amount > 0);
  });
  if (last != adj.rend()) {
    last->start = (last->amount * last->start + amount * now) / (last->amount + amount);
    last->amount += amount;
  } else {
    adj.push_back({slot, amount, now});
  }
  return true;
}

void LoadTable::adjust(const std::string& host, const std::vector<LoadDelta>& deltas, double now) {
  int row = rowOf(host);
  if (row < 0) return;
  Record& rec = records_[static_cast<size_t>(row)];
  const double life = adjustmentDuration(config_->params);
  std::erase_if(rec.adjustments, [&](const Adjustment& a) { return now >= a.start + life; });
  bool added = false, shared = false;
  for (const LoadDelta& d : deltas)
    if (addAdjustment(rec, d.slot, d.amount, now)) {
      added = true;
      shared = shared || shared_[static_cast<size_t>(d.slot)];
    }
  if (!added) return;
  timeDue_[static_cast<size_t>(row)] = kAlways;  // decaying from now on
  // On a shared resource the amount reaches every host of the instance: many rows change.
  if (shared)
    dirty_ = true;
  else
    rowChanged(static_cast<size_t>(row), now);
}

size_t LoadTable::adjustmentEntries(const std::string& host) const {
  int row = rowOf(host);
  return row < 0 ? 0 : records_[static_cast<size_t>(row)].adjustments.size();
}

void LoadTable::hold(const std::string& host, int slots, std::vector<LoadDelta> deltas,
                     double now) {
  int row = rowOf(host);
  if (row < 0) return;
  Record& rec = records_[static_cast<size_t>(row)];
  bool shared = false;
  for (const auto* list : {&rec.held, &deltas})
    for (const LoadDelta& d : *list)
      shared = shared || (d.slot >= 0 && static_cast<size_t>(d.slot) < shared_.size() &&
                          shared_[static_cast<size_t>(d.slot)]);
  rec.heldSlots = slots;
  rec.held = std::move(deltas);
  if (shared)
    dirty_ = true;  // the instance's value on every host that shares it
  else
    rowChanged(static_cast<size_t>(row), now);
}

// The loop is single-threaded: when no query holds the published snapshot (use count 1),
// a changed row is rewritten in it instead of rebuilding every row for the next query.
// Shared values and config changes still take the rebuild (they touch many rows).
bool LoadTable::patchable() const {
  return published_ && !dirty_ && published_.use_count() == 1 && published_->config == config_;
}

// Someone else holds the published snapshot (the metrics endpoint's thread while it writes a
// scrape): give the loop a private copy to patch. Copying is several times cheaper than a
// rebuild (nothing is recomputed), and the holder's table is never written.
bool LoadTable::unshare() {
  if (!published_ || dirty_ || published_->config != config_) return false;
  if (published_.use_count() > 1) published_ = std::make_shared<HostTable>(*published_);
  return true;
}

bool LoadTable::patchPublished(size_t row, double now) {
  if (!patchable()) return false;
  rewriteRow(row, now);
  return true;
}

void LoadTable::rowChanged(size_t row, double now) {
  if (patchPublished(row, now)) return;
  if (published_ && !dirty_ && published_->config == config_ &&
      pendingRows_.size() < records_.size())
    pendingRows_.push_back(row);  // held by a query: patched when the next one asks
  else
    dirty_ = true;
}

void LoadTable::rewriteRow(size_t row, double now) {
  auto& t = const_cast<HostTable&>(*published_);  // made non-const by build()
  for (size_t s = 0; s < t.columns.size(); ++s) {
    if (config_->resources[s].shared) continue;
    Column& col = t.columns[s];
    if (col.type == ResourceType::kString) col.strings[row] = kUnknownString;
    if (!col.arrivals.empty()) col.arrivals[row] = kUnknown;
  }
  t.busyIndices[row].clear();
  fillRow(t, row, now);
  fillStatus(t, row, records_[row], now);
}

void LoadTable::redecayRow(size_t row, const std::vector<int>& slots, double now) {
  auto& t = const_cast<HostTable&>(*published_);  // made non-const by build()
  const Record& rec = records_[row];
  const bool isUp = up(rec, now);
  for (int slot : slots) {
    auto s = static_cast<size_t>(slot);
    if (config_->resources[s].shared) continue;
    t.columns[s].numbers[row] = numberAt(row, s, isUp, now);
    if (!external_[s]) continue;  // no age (and the hot refresh path skips its memory)
    t.columns[s].arrivals[row] = isUp && !stale(rec, s, now) ? arrivedAt(rec, s) : kUnknown;
  }
  t.busyIndices[row].clear();
  const HostStatus was = t.status[row];
  t.status[row] = isUp ? computeStatus(t, row, records_[row]) : HostStatus::kUnavail;
  if (t.status[row] != was) internStatus(t, row);
}

// Moves the published snapshot to `now` by rewriting only what time changes: whole rows of
// hosts that went quiet past the inactivity limit, the decaying values of hosts with
// placement adjustments (under a steady stream of placements that is every host, so this
// must cost far less than a rebuild: it is the master's once-a-second worst case), and the
// external values that went stale (ages need nothing: they are read against the table's
// clock, which snapshot() moves). False when that is not
// enough (a query holds the snapshot, a shared value's server went down or its value stale).
bool LoadTable::refreshPublished(double now) {
  if (!patchable() && !unshare()) return false;
  if (!sharedValuesCurrent(now)) return false;
  const double life = adjustmentDuration(config_->params);
  std::vector<size_t> rows;
  std::vector<int> slots;
  for (size_t row = 0; row < records_.size(); ++row) {
    if (timeDue_[row] > now) continue;  // nothing moved by time since: not even a look
    ++counters_.refreshVisits;
    Record& rec = records_[row];
    bool upChanged = up(rec, builtAt_) != up(rec, now);
    if (upChanged && servesShared(row)) return false;
    if (upChanged) rows.push_back(row);
    if (rec.adjustments.empty() && rec.agedSlots.empty()) continue;
    // One decaying on a whole instance since the last build (or ended since): rebuild.
    for (const Adjustment& a : rec.adjustments)
      if (builtAt_ < a.start + life && config_->resources[static_cast<size_t>(a.slot)].shared)
        return false;
    if (upChanged) continue;  // rewritten whole below
    // Ages move on with the table's clock alone; values and status only when one went stale.
    slots.clear();
    for (int slot : rec.agedSlots) {  // aged slots are external: their arrival is a number
      auto s = static_cast<size_t>(slot);
      if (shared_[s]) continue;  // sharedValuesCurrent
      const double at = arrivedAt(rec, s), limit = staleLimits_[s];
      if ((builtAt_ - at >= limit) != (now - at >= limit)) slots.push_back(slot);
    }
    for (const Adjustment& a : rec.adjustments)
      if (std::find(slots.begin(), slots.end(), a.slot) == slots.end()) slots.push_back(a.slot);
    std::erase_if(rec.adjustments, [&](const Adjustment& a) { return now >= a.start + life; });
    if (!slots.empty()) redecayRow(row, slots, now);
  }
  // Only now that nothing can return false (a rebuild must find the rows still due).
  for (size_t row = 0; row < records_.size(); ++row)
    if (timeDue_[row] <= now) timeDue_[row] = timeDue(records_[row], now);
  for (size_t row : rows) rewriteRow(row, now);
  return true;
}

double LoadTable::timeDue(const Record& r, double now) const {
  if (!r.adjustments.empty()) return kAlways;
  double due = kNever;
  const auto& p = config_->params;
  if (const double quiet = r.lastReport + p.hostInactivityLimit * p.exInterval; quiet >= now)
    due = quiet;  // up until then (up() compares with <=): the refresh after it takes it down
  for (int slot : r.agedSlots) {
    auto s = static_cast<size_t>(slot);
    if (const double staleAt = arrivedAt(r, s) + staleLimits_[s]; staleAt > now)
      due = std::min(due, staleAt);
  }
  return due;
}

bool LoadTable::servesShared(size_t row) const {
  for (const auto& s : servers_)
    if (!s.empty() && rowOf(s) == static_cast<int>(row)) return true;
  return false;
}

void LoadTable::setServers(std::vector<std::string> servers) {
  servers.resize(config_->instances.size());
  if (servers != servers_) dirty_ = true;
  servers_ = std::move(servers);
}

bool LoadTable::up(const Record& r, double now) const {
  const auto& p = config_->params;
  return now - r.lastReport <= p.hostInactivityLimit * p.exInterval;
}

bool LoadTable::available(const std::string& host, double now) const {
  int row = rowOf(host);
  return row >= 0 && up(records_[static_cast<size_t>(row)], now);
}

HostTablePtr LoadTable::snapshot(double now) {
  // Statuses and decays move with time; 0.25 s keeps a burst of queries on one snapshot. A
  // big table (a build of 100k hosts costs ~0.3 s of CPU) is rebuilt at most once a second,
  // so a stream of queries cannot starve ingest. Mostly the snapshot is not rebuilt at all:
  // reports and placements patch their row, time moves it on by refreshPublished().
  const double minAge = records_.size() > 10000 ? 1.0 : 0.0;
  const double maxAge = records_.size() > 10000 ? 1.0 : 0.25;
  const bool stale = now >= builtAt_ + maxAge;
  if (!pendingRows_.empty()) {
    std::sort(pendingRows_.begin(), pendingRows_.end());  // a placement adjusts a row 3+ times
    pendingRows_.erase(std::unique(pendingRows_.begin(), pendingRows_.end()), pendingRows_.end());
    if (patchable() || unshare())
      for (size_t row : pendingRows_) rewriteRow(row, now);
    else
      dirty_ = true;
    pendingRows_.clear();
  }
  if (!published_ || (dirty_ && now >= builtAt_ + minAge) || (stale && !refreshPublished(now))) {
    published_ = build(now);
    dirty_ = false;
    builtAt_ = now;
  } else if (stale) {
    builtAt_ = now;
  }
  // Ages are read against the table's clock: moving it is all time costs them. Only while no
  // query holds the table (one that does keeps the time it was answered at).
  if (patchable()) const_cast<HostTable&>(*published_).clock = now;
  return published_;
}

std::vector<std::string> LoadTable::driftHosts() const {
  std::vector<std::string> out;
  for (size_t i = 0; i < records_.size(); ++i)
    if (!records_[i].checksum.empty() && records_[i].checksum != config_->checksum)
      out.push_back(config_->hosts[i].name);
  return out;
}

bool LoadTable::drifted(const std::string& host) const {
  return driftedAt(rowOf(host));
}

bool LoadTable::driftedAt(int row) const {
  if (row < 0 || static_cast<size_t>(row) >= records_.size()) return false;
  const Record& rec = records_[static_cast<size_t>(row)];
  return !rec.checksum.empty() && rec.checksum != config_->checksum;
}

double LoadTable::lockRemaining(const std::string& host, double now) const {
  return lockRemainingAt(rowOf(host), now);
}

double LoadTable::lockRemainingAt(int row, double now) const {
  if (row < 0 || static_cast<size_t>(row) >= records_.size()) return -1;
  const Record& rec = records_[static_cast<size_t>(row)];
  if (!rec.locked || rec.lockSeconds == 0 || !up(rec, now)) return -1;
  return std::max(0.0, std::ceil(rec.lockSeconds - (now - rec.lastReport)));
}

std::string LoadTable::reportedMaster(const std::string& host) const {
  int row = rowOf(host);
  return row < 0 ? "" : records_[static_cast<size_t>(row)].master;
}

double LoadTable::lastReport(const std::string& host) const {
  int row = rowOf(host);
  return row < 0 ? -1e300 : records_[static_cast<size_t>(row)].lastReport;
}

}  // namespace openlim::master
