// Quorum mode's rebuild by terms (reserve/terms.h): which reservations the rebuilt ledger
// keeps, and the ledger written again at the new term.
#include "reserve/service.h"
#include "reserve/terms.h"

namespace openlim::reserve {

void ReservationService::beginTerm(uint64_t term, master::LoadTable& table, double now) {
  // The ledger is what the rebuild finds, nothing older: a master cut off from the majority
  // kept copies that were released or given again meanwhile.
  std::vector<Reservation> old;
  for (const Reservation* r : ledger_.list("")) old.push_back(*r);
  startOver(term, true);
  for (const Reservation& r : old) push(r, table, now);
}

void ReservationService::noteCopies(const std::vector<Reservation>& copies,
                                    std::optional<uint64_t> adopted) {
  if (!adopted) {
    for (const Reservation& r : copies) hostCopies_.insert(r.id);
    return;
  }
  latestAdopted_ = std::max(latestAdopted_, *adopted);
  for (const Reservation& r : copies) {
    uint64_t& t = voterTerms_[r.id];
    t = std::max(t, r.term);
  }
}

size_t ReservationService::closeTerm(master::LoadTable& table, double now, Effects* effects) {
  termClosed_ = true;
  std::vector<std::string> never;
  for (const Reservation* r : ledger_.list("")) {
    auto t = voterTerms_.find(r->id);
    const bool voterKept = t != voterTerms_.end() && survivesRebuild(t->second, latestAdopted_);
    if (!voterKept && !hostCopies_.count(r->id)) never.push_back(r->id);
  }
  for (const std::string& id : never)
    if (auto gone = ledger_.release(id, {"", true})) {
      count(*gone, -1);
      push(*gone, table, now);
    }
  voterTerms_.clear();
  hostCopies_.clear();
  ledger_.restamp(term_);
  for (const Reservation* r : ledger_.list("")) effects->put.push_back(*r);
  return never.size();
}

}  // namespace openlim::reserve
