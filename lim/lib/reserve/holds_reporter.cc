#include "reserve/holds_reporter.h"

namespace openlim::reserve {

void HoldsReporter::reported(const std::string& master, uint64_t epoch) {
  if (master != master_ || epoch != epoch_) unanswered_.clear();
  master_ = master;
  epoch_ = epoch;
}

void HoldsReporter::sent(const std::string& master, uint64_t epoch, size_t parts, double now,
                         double firstGap) {
  master_ = master;
  epoch_ = epoch;
  resends_ = 0;
  gap_ = firstGap;
  next_ = now + firstGap;
  resent(parts);
}

void HoldsReporter::resent(size_t parts) {
  unanswered_.assign(parts, true);
  left_ = parts;
}

void HoldsReporter::answered(const std::string& master, size_t part, size_t parts) {
  if (master != master_ || parts != unanswered_.size() || part >= parts || !unanswered_[part])
    return;
  unanswered_[part] = false;
  if (--left_ == 0) unanswered_.clear();
}

bool HoldsReporter::resendDue(const std::string& master, double now) {
  if (!awaiting() || master != master_ || now < next_) return false;
  if (resends_ >= kMaxResends) {
    unanswered_.clear();  // the master's asks, or its next restart, are what is left
    return false;
  }
  ++resends_;
  gap_ *= 2;
  next_ = now + gap_;
  return true;
}

}  // namespace openlim::reserve
