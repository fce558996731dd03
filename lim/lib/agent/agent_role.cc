#include "agent/agent_role.h"

#include <algorithm>
#include <cmath>

#include "agent/significant_change.h"
#include "util/period_grid.h"

namespace openlim::agent {

AgentRole::AgentRole(AgentSettings settings, double now)
    : settings_(std::move(settings)), nextReportAt_(now), plan_(settings_.melimSettle) {}

void AgentRole::reconfigure(AgentSettings settings, double now) {
  settings_ = std::move(settings);
  plan_.setSettle(settings_.melimSettle);
  nextReportAt_ = now;
}

void AgentRole::onRole(const std::string& master, bool isMaster, double now) {
  master_ = master;
  if (isMaster != wasMaster_) {
    wasMaster_ = isMaster;
    // What this host served as master follows the role to the next one.
    if (!isMaster && !serves_.empty() && servesFrom_ == settings_.host) serves_.clear();
    nextReportAt_ = now;  // tell the (new) master about us at once
  }
  if (master != reportedTo_) {
    reportedTo_ = master;
    nextReportAt_ = now;  // a new master starts with an empty table: fill it at once
  }
}

void AgentRole::onAnnounce(const protocol::Announce& a, const std::string& master) {
  if (a.claimsMaster && a.sender == master && a.serves != serves_) {
    serves_ = a.serves;
    servesFrom_ = a.sender;
  }
}

void AgentRole::onServesSelf(std::vector<std::string> resources) {
  serves_ = std::move(resources);
  servesFrom_ = settings_.host;
}

void AgentRole::onSample(const BuiltinVector& builtins) {
  if (significantChange(builtins, lastSent_))
    nextReportAt_ = std::min(nextReportAt_, lastReportAt_ + 1.0);
}

void AgentRole::onExternalValues(double now) {
  nextReportAt_ = std::min(nextReportAt_, std::max(now, lastReportAt_ + 1.0));
}

void AgentRole::setLock(bool locked, double seconds, double now) {
  locked_ = locked;
  lockUntil_ = locked && seconds > 0 ? now + seconds : 0;
  nextReportAt_ = now;
}

AgentActions AgentRole::onTick(double now) {
  AgentActions a;
  if (locked_ && lockUntil_ > 0 && now >= lockUntil_) setLock(false, 0, now);
  a.restartMelim = melimChange(wasMaster_, now);
  if (now >= nextReportAt_) {
    lastReportAt_ = now;
    // On the EXINTERVAL grid (util/period_grid.h), not at now + EXINTERVAL: the next report
    // comes at most EXINTERVAL later, at an instant of the 5 s sample, so one wake-up serves
    // both (and the report carries that sample).
    nextReportAt_ = nextOnGrid(now, settings_.exInterval);
    if (!master_.empty()) a.reportTo = master_;
  }
  return a;
}

double AgentRole::nextDeadline() const {
  double next = nextReportAt_;
  if (locked_ && lockUntil_ > 0) next = std::min(next, lockUntil_);
  return std::min(next, plan_.nextDeadline());
}

void AgentRole::onReportSent(const protocol::LoadReport& r) {
  lastSent_ = r.numbers;
}

std::optional<MelimSet> AgentRole::melimChange(bool isMaster, double now) {
  std::optional<MelimWant> running;
  if (!melim_.resources.empty()) running = MelimWant{melim_.resources, melim_.master};
  auto next = plan_.decide(MelimWant{expectedResources(), isMaster}, running, now);
  if (!next) return {};
  melim_ = MelimSet{std::move(next->resources), next->master};
  return melim_;
}

uint32_t AgentRole::lockSecondsLeft(double now) const {
  if (!locked_) return 0;
  double left = lockUntil_ > 0 ? lockUntil_ - now : 0;
  return left > 0 ? static_cast<uint32_t>(std::ceil(left)) : 0;
}

double AgentRole::lockRemaining(double now) const {
  double left = locked_ && lockUntil_ > 0 ? std::ceil(lockUntil_ - now) : 0;
  return std::max(0.0, left);
}

std::vector<std::string> AgentRole::expectedResources() const {
  std::vector<std::string> out = settings_.perHostResources;
  out.insert(out.end(), serves_.begin(), serves_.end());
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace openlim::agent
