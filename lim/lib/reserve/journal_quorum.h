#pragma once
// Acknowledging a reservation change only once a majority journalled it
// (RESERVATION_CONSISTENCY = quorum, docs/reservations.md "Partitions"). Pure: host names,
// change ids and times in; which changes to answer out. The master sends the change to the
// candidates, feeds their "journalled" acks here, and answers the client when the change is
// complete, or "try again" when its wait expired.
//
// A change is one version of one reservation: reserve, each renew and the release give the
// reservation a new version. REQUIRES of the caller: the versions of one reservation only
// grow, and a journal record of version v holds the whole reservation as of v, so a
// candidate that journalled v has what every earlier version said: its ack counts for all
// of them.
//
// A change is complete when a strict majority of the candidates acked it; the master is one
// of them, and its ack is its own journal's commit (it calls ack() with its own name then,
// not before: a reply must not promise what its crash could lose).
//
// A change whose wait expired is answered "try again" and is NOT acknowledged. The master
// (lim/lib/node/node_quorum.cc) withdraws a creation that timed out: on the minority side of
// a fresh partition, it would otherwise hold slots the majority side cannot see, and the
// heal would find them promised twice. A renew that timed out stays as it is; a release
// keeps its slots counted until a majority journalled it, and is sent again until then
// (reserve/service.h, holdReleases). A keeper that journalled a withdrawn creation and missed its
// unhold may report it to a later master, which then honours it until its lease ends:
// wasted slots for a while, never a slot promised twice (that master counts it before it
// admits anything, reserve/rebuild.h).

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace openlim::reserve {

struct Change {
  std::string id;
  uint64_t version = 0;
  bool operator==(const Change& o) const { return id == o.id && version == o.version; }
};

class JournalQuorum {
 public:
  // `candidates`: the master candidates (LSF_MASTER_LIST), the master among them.
  explicit JournalQuorum(std::vector<std::string> candidates);
  // Reconfig: acks already counted stay counted for candidates still listed.
  void setCandidates(std::vector<std::string> candidates);

  // The master made change (id, version) and answers it once it is complete, or "try
  // again" at `deadline`. A second await of the same change keeps the first deadline.
  void await(const std::string& id, uint64_t version, double deadline);
  // `host` journalled (id, version). True when it counted: a listed candidate's first ack of
  // a change awaited (for every awaited version <= version).
  bool ack(const std::string& host, const std::string& id, uint64_t version);
  // A strict majority of the candidates acked (id, version) (false when not awaited).
  bool complete(const std::string& id, uint64_t version) const;
  // The awaited changes complete now, each once, oldest deadline first: no longer awaited.
  std::vector<Change> takeComplete();
  // The awaited changes past their deadline (at or before `now`) and not complete, each
  // once: no longer awaited (the master answers "try again").
  std::vector<Change> expired(double now);
  // The earliest deadline of a change awaited; +inf when none.
  double nextDeadline() const;
  size_t awaited() const { return byDeadline_.size(); }

 private:
  struct Wait {
    double deadline = 0;
    std::set<std::string> acked;  // candidates, by their listed spelling
    bool complete = false;
  };
  const std::string* candidate(const std::string& host) const;
  bool majority(size_t acks) const { return 2 * acks > candidates_.size(); }
  void recount(Wait& w);
  std::vector<Change> take(bool complete, double now);

  std::vector<std::string> candidates_;
  std::unordered_map<std::string, std::map<uint64_t, Wait>> byId_;
  std::set<std::tuple<double, std::string, uint64_t>> byDeadline_;
};

}  // namespace openlim::reserve
