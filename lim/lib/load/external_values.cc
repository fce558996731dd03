#include "load/external_values.h"

#include <cmath>

namespace openlim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kDefaultInterval = 60;  // melim's, for a resource without INTERVAL

ExternalValue unknown() {
  return ExternalValue{};
}

}  // namespace

double staleLimit(const ResourceDef* def, const ClusterParams& params) {
  if (params.elimStaleFactor <= 0) return kInf;
  double interval = def && def->interval > 0 ? def->interval : kDefaultInterval;
  return interval * params.elimStaleFactor;
}

void ExternalValues::setLimits(std::map<std::string, double> limits, double defaultLimit) {
  limits_ = std::move(limits);
  defaultLimit_ = defaultLimit;
  for (auto& [name, a] : arrivals_) a.limit = limitOf(name);
}

double ExternalValues::limitOf(const std::string& name) const {
  auto it = limits_.find(name);
  return it == limits_.end() ? defaultLimit_ : it->second;
}

void ExternalValues::show(const std::string& name, const Arrival& a) {
  shown_[name] = a.stale ? unknown() : a.value;
}

bool ExternalValues::applyVector(const ExternalVector& v, double now) {
  std::map<std::string, Arrival> arrivals;
  ExternalVector before = std::move(shown_);
  shown_.clear();
  for (const auto& [name, value] : v) {
    if (!value.known) {
      shown_[name] = value;
      continue;
    }
    auto old = arrivals_.find(name);
    Arrival a = old != arrivals_.end() && old->second.value == value
                    ? old->second
                    : Arrival{value, now, limitOf(name), false};
    if (!a.stale && now - a.at >= a.limit) {
      a.stale = true;  // melim repeats it, but it is stale by our clock
      ++expired_;
    }
    show(name, a);
    arrivals.emplace(name, std::move(a));
  }
  arrivals_ = std::move(arrivals);
  return shown_ != before;
}

bool ExternalValues::applyAges(const std::vector<ValueAge>& ages, double now) {
  bool changed = false;
  for (const ValueAge& va : ages) {
    auto it = arrivals_.find(va.name);
    if (it == arrivals_.end() || it->second.value.text != va.text) continue;
    Arrival& a = it->second;
    a.at = now - va.age;
    bool stale = now - a.at >= a.limit;
    if (stale == a.stale) continue;
    if (stale) ++expired_;
    a.stale = stale;
    show(va.name, a);
    changed = true;
  }
  return changed;
}

bool ExternalValues::clear() {
  arrivals_.clear();
  if (shown_.empty()) return false;
  shown_.clear();
  return true;
}

bool ExternalValues::expire(double now) {
  bool changed = false;
  for (auto& [name, a] : arrivals_) {
    if (a.stale || now - a.at < a.limit) continue;
    a.stale = true;
    ++expired_;
    show(name, a);
    changed = true;
  }
  return changed;
}

double ExternalValues::nextExpiry() const {
  double next = kInf;
  for (const auto& [name, a] : arrivals_)
    if (!a.stale) next = std::min(next, a.at + a.limit);
  return next;
}

double ExternalValues::age(const std::string& name, double now) const {
  auto it = arrivals_.find(name);
  if (it == arrivals_.end() || it->second.stale) return std::nan("");
  return std::max(0.0, now - it->second.at);
}

}  // namespace openlim
