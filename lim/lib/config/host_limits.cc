// A Host row's placement limits and rating inputs (see host_limits.h).
#include "config/host_limits.h"

#include <cmath>
#include <cstdio>
#include <optional>

#include "util/strict_number.h"

namespace openlim::config {

namespace {

std::string num(double d) {
  char buf[32];
  snprintf(buf, sizeof buf, "%g", d);
  return buf;
}

struct Range {
  double lo, hi;
  bool loOpen;       // lo itself refused (vups > 0)
  bool whole;        // a whole number (MAX_JOBS)
  const char* want;  // for the message
};

constexpr Range kJobs{0, 1e9, false, true, "a whole number 0 or more"};
constexpr Range kMxj{0, 1e9, false, true, "a whole number 0 or more, or !"};
constexpr Range kLoad{0, 1e9, false, false, "a number 0 or more"};
constexpr Range kWeight{0, 1, false, false, "0 to 1"};
constexpr Range kVups{0, 1e12, true, false, "a number above 0"};

bool inRange(double v, const Range& r) {
  if (r.whole && v != std::floor(v)) return false;
  return (r.loOpen ? v > r.lo : v >= r.lo) && v <= r.hi;
}

// The static resource `name` of h when set and in range; a bad one is reported and dropped.
std::optional<double> fromResource(HostConfig& h, const char* name, const Range& r,
                                   DiagSink& diag) {
  auto it = h.numbers.find(name);
  if (it == h.numbers.end()) return std::nullopt;
  double v = it->second;
  if (inRange(v, r)) return v;
  diag.warn(h.line, std::string("bad ") + name + " " + q(num(v)) + " for host " + q(h.name) +
                        " (want " + r.want + "); ignored");
  h.numbers.erase(it);
  return std::nullopt;
}

// The column's value when set and good; a bad one is reported.
std::optional<double> fromColumn(const HostConfig& h, const std::string& text, const char* column,
                                 const Range& r, DiagSink& diag) {
  if (text.empty()) return std::nullopt;
  auto d = toDouble(text);
  if (d && inRange(*d, r)) return *d;
  diag.warn(h.line, std::string("bad ") + column + " " + q(text) + " for host " + q(h.name) +
                        " (want " + r.want + "); ignored");
  return std::nullopt;
}

// A column and its static resource: the column first, the resource otherwise.
std::optional<double> columnOrResource(HostConfig& h, const std::string& text, const char* column,
                                       const char* resource, const Range& r, DiagSink& diag,
                                       const Range* columnRange = nullptr) {
  auto res = fromResource(h, resource, r, diag);
  auto col = fromColumn(h, text, column, columnRange ? *columnRange : r, diag);
  if (col && res && *col != *res)
    diag.warn(h.line, std::string(column) + " " + q(num(*col)) + " and resource " + resource + " " +
                          q(num(*res)) + " disagree for host " + q(h.name) + "; " + column +
                          " used");
  return col ? col : res;
}

}  // namespace

void readHostLimits(const HostLimitColumns& cols, HostConfig& h, DiagSink& diag) {
  if (cols.mxj == "!") {
    h.maxJobs = kMaxJobsPerCpu;
    fromResource(h, "max_jobs", kJobs, diag);  // still checked; MXJ wins
  } else if (auto v = columnOrResource(h, cols.mxj, "MXJ", "max_jobs", kJobs, diag, &kMxj)) {
    h.maxJobs = static_cast<int>(*v);
  }
  h.idealLoad = columnOrResource(h, cols.idealLoad, "ideal_load", "ideal_load", kLoad, diag);
  h.maxLoad = columnOrResource(h, cols.maxLoad, "max_load", "max_load", kLoad, diag);
  if (h.idealLoad && h.maxLoad && *h.idealLoad > *h.maxLoad) {
    diag.warn(h.line, "ideal_load " + q(num(*h.idealLoad)) + " is above max_load " +
                          q(num(*h.maxLoad)) + " for host " + q(h.name) +
                          "; max_load used for both");
    h.idealLoad = h.maxLoad;
  }
  h.cpuWeight = fromResource(h, "cpu_weight", kWeight, diag);
  h.memWeight = fromResource(h, "mem_weight", kWeight, diag);
  h.vups = fromResource(h, "vups", kVups, diag);
}

}  // namespace openlim::config
