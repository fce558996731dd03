#pragma once
// Merges the values of all elims into one vector (docs/melim.md duties 6-7, "beyond LSF").
// Each elim keeps its own newest value per name with the time it arrived; the value shown
// for a name is the newest one from any live elim, unless that newest report is `-`. A
// value older than INTERVAL x stale factor, or from an elim that has exited, is unknown.

#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/catalog.h"
#include "core/elim_line.h"

namespace openlim::melim {

inline constexpr double kNever = std::numeric_limits<double>::infinity();

struct Shown {
  bool known = false;
  double number = 0;
  std::string text;  // string resources
  double at = 0;     // when the shown value arrived
  int source = -1;   // elim id, -1 when unknown
  bool everReported = false;
};

class Merger {
 public:
  Merger(const Catalog* catalog, double staleFactor);

  // Registers elim ids 0..n-1 (ids never shrink; a removed elim just stops reporting).
  void ensureSources(int n);
  // Applies one accepted line. conflicts gets (slot, other elim) for each name another live
  // elim was showing.
  void apply(int elim, const std::vector<Pair>& pairs, double now,
             std::vector<std::pair<int, int>>& conflicts);
  // The elim is gone (exited, killed, removed): its values become unknown at once.
  void dropSource(int elim);
  // Values older than their limit become unknown.
  void expire(double now);
  // Earliest time a value still counted will become stale; kNever when none.
  double nextExpiry() const;

  bool changed() const { return changed_; }
  void clearChanged() { changed_ = false; }
  const Shown& shown(int slot) const { return shown_[static_cast<size_t>(slot)]; }
  // The whole vector in the load update format: "N name value ...", `-` for unknown.
  // Every expected external resource is listed; a built-in only once an elim reported it.
  std::string formatVector() const;
  static void appendNumber(std::string& out, double v);

 private:
  enum class EntryState : uint8_t { kNone, kValue, kRetracted };
  struct Entry {
    EntryState state = EntryState::kNone;
    double number = 0;
    std::string text;
    double at = 0;
  };
  Entry& entry(int elim, int slot) {
    return entries_[static_cast<size_t>(elim) * static_cast<size_t>(slots_) +
                    static_cast<size_t>(slot)];
  }
  double limit(int slot) const;
  void recompute(int slot);
  void show(int slot, const Entry* e, int source);

  const Catalog* catalog_;
  double staleFactor_;
  int slots_;
  int sources_ = 0;
  std::vector<Entry> entries_;  // sources_ x slots_
  std::vector<Shown> shown_;
  bool changed_ = false;
};

}  // namespace openlim::melim
