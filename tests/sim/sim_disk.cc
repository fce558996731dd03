#include "sim_disk.h"

#include "reserve/journal.h"

namespace openlim::sim {

const char* damageName(Damage d) {
  switch (d) {
    case Damage::kIntact:
      return "intact";
    case Damage::kTruncated:
      return "truncated";
    case Damage::kGarbled:
      return "garbled";
    case Damage::kGone:
      return "gone";
  }
  return "?";
}

void SimDisk::append(const std::vector<std::string>& records) {
  for (const auto& r : records) pending_.push_back(r);
}

void SimDisk::commit() {
  if (pending_.empty()) return;
  if (journal_.empty()) journal_ = reserve::journalCluster(cluster_);
  for (auto& r : pending_) journal_ += r;
  pending_.clear();
}

void SimDisk::crash(Damage d, std::mt19937_64& rng) {
  auto pick = [&](size_t lo, size_t hi) {  // a position in [lo, hi)
    return hi <= lo ? lo : lo + std::uniform_int_distribution<size_t>(0, hi - lo - 1)(rng);
  };
  switch (d) {
    case Damage::kIntact:
      break;
    case Damage::kTruncated: {
      // A torn tail: the lim died while appending records it had not committed (their
      // replies never went out). Committed records are never cut: the fdatasync returned.
      std::string torn;
      for (const auto& r : pending_) torn += r;
      if (torn.empty()) torn = reserve::journalDrop("torn-by-the-crash");
      if (journal_.empty()) journal_ = reserve::journalCluster(cluster_);
      journal_ += torn.substr(0, pick(1, torn.size() - 1));
      break;
    }
    case Damage::kGarbled:
      if (journal_.size() < 4) break;
      for (int i = 0; i < 3; ++i)
        journal_[pick(journal_.size() / 4, journal_.size() * 3 / 4)] ^= 0x5a;
      break;
    case Damage::kGone:
      snapshot_.clear();
      released_.clear();
      term_ = {};
      journal_.clear();
      break;
  }
  pending_.clear();
}

reserve::HeldFiles SimDisk::load() const {
  reserve::HeldFiles f;
  f.where = "sim:" + cluster_;
  f.snapshot = snapshot_;
  f.released = released_;
  f.term = term_;
  if (journal_.empty()) return f;
  f.journalFound = true;
  reserve::JournalRead r = reserve::readJournal(journal_);
  if (r.namesCluster && r.cluster != cluster_) {
    f.foreign.push_back("journal of cluster " + r.cluster);
    return f;
  }
  f.unnamed = !r.namesCluster;
  f.records = std::move(r.records);
  f.tornTail = r.tornTail;
  if (!r.corrupt.isOk()) f.errors.push_back("journal: " + r.corrupt.message());
  return f;
}

void SimDisk::compact(const std::vector<reserve::Reservation>& held,
                      const std::vector<std::string>& released, const reserve::VoterTerm& term) {
  snapshot_ = held;
  released_ = released;
  term_ = term;
  journal_.clear();
  pending_.clear();
}

}  // namespace openlim::sim
