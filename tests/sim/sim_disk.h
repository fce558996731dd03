#pragma once
// One simulated host's reservation state files (docs/simulation.md): the snapshot (the
// kept reservations when it was written) and the journal's text, as the daemon's state
// store keeps them. Records a node emits are appended as pending and committed at the end
// of its step (the daemon's one fdatasync per loop turn); a crash loses what is pending,
// then damages the files as the scenario says.

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "reserve/held_replay.h"
#include "reserve/reservation.h"

namespace openlim::sim {

enum class Damage {
  kIntact,     // the files as committed
  kTruncated,  // a torn tail: uncommitted records half written
  kGarbled,    // bytes flipped in the middle of the journal
  kGone,       // both files lost (a new disk)
};
const char* damageName(Damage d);

class SimDisk {
 public:
  explicit SimDisk(std::string cluster) : cluster_(std::move(cluster)) {}

  void append(const std::vector<std::string>& records);
  void commit();
  bool pending() const { return !pending_.empty(); }
  // The lim died: what was not committed is lost, then `d` happens to the files.
  void crash(Damage d, std::mt19937_64& rng);
  // What a starting lim reads (the daemon's StateStore::load, from memory).
  reserve::HeldFiles load() const;
  // A fresh snapshot and an empty journal naming the cluster (the daemon compacts at start).
  void compact(const std::vector<reserve::Reservation>& held,
               const std::vector<std::string>& released, const reserve::VoterTerm& term);
  size_t journalBytes() const { return journal_.size(); }

 private:
  std::string cluster_;
  std::vector<reserve::Reservation> snapshot_;
  std::vector<std::string> released_;  // the snapshot's released ids
  reserve::VoterTerm term_;            // the snapshot's term (quorum mode)
  std::string journal_;                // committed records, each ending in '\n'
  std::vector<std::string> pending_;
};

}  // namespace openlim::sim
