#pragma once
// The keeper's side of a master's rebuild (reserve/rebuild.h): when this lim's holds must go
// to the master, and, once sent, whether they must go again. Pure: names, boot epochs and
// monotonic times in, decisions out.
//
// A keeper reports its holds to each master it learns of: a new name, or the same name with
// a new boot epoch (that master's lim restarted: its ledger is gone). The master answers
// every part of a report (`gotholds`); until each part was answered the keeper sends the
// report again, at doubling gaps, kMaxResends times. The master's asks cover a report lost
// while its window is open, but after a heal the master's window closed long ago: a report
// lost then left the master without this side's reservations and releases (found by the
// simulator, tests/sim seed 4369: a release journalled on the other side of a split stayed
// back in the healed master's ledger).

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace openlim::reserve {

class HoldsReporter {
 public:
  // As many resends as the master asks (RebuildWindow::kMaxAsks): 31 first gaps in all.
  static constexpr int kMaxResends = 5;

  // `master` ("" unknown) with boot epoch `epoch` (0: none of its frames seen yet) is not
  // the one the holds last went to. A lim that is itself the master passes "".
  bool due(const std::string& master, uint64_t epoch) const {
    return !master.empty() && (master != master_ || epoch != epoch_);
  }
  // The holds went to `master` (or this lim is the master: its own name, epoch 0), with no
  // answer awaited (an answer to an ask: the master's window asks again).
  void reported(const std::string& master, uint64_t epoch);
  // The holds went to `master` in `parts` datagrams at `now`: sent again `firstGap` later,
  // then at doubling gaps, until every part is answered.
  void sent(const std::string& master, uint64_t epoch, size_t parts, double now, double firstGap);
  // `master` answered part `part` of `parts` (a report of another size is an older one).
  void answered(const std::string& master, size_t part, size_t parts);
  // Whether the report to `master` must go again now; true counts the resend, and the
  // caller sends the holds and says in how many parts (resent()).
  bool resendDue(const std::string& master, double now);
  void resent(size_t parts);
  // When resendDue may next say yes (infinity: nothing awaited).
  double nextDeadline() const { return awaiting() ? next_ : kNever; }
  bool awaiting() const { return !unanswered_.empty(); }

 private:
  static constexpr double kNever = std::numeric_limits<double>::infinity();
  std::string master_;
  uint64_t epoch_ = 0;
  std::vector<bool> unanswered_;  // per part of the report awaiting answers; empty: none
  size_t left_ = 0;               // parts not answered yet
  int resends_ = 0;
  double gap_ = 0, next_ = kNever;
};

}  // namespace openlim::reserve
