// The collected NLB values and the averaged indices, appended to the resource table.
#include "config/derived_resources.h"

#include <set>

namespace openlim::config {
namespace {

struct Collected {
  const char* name;
  ResourceType type;
  Direction dir;
  bool dynamic;
  const char* description;
};

// NLB_CLOCK is the CPU's clock period in picoseconds (NLB's unit), a static fact like
// maxmem; NLB does not average it either.
constexpr Collected kCollected[] = {
    {"NLB_SYSCPU", ResourceType::kNumeric, Direction::kIncreasing, true,
     "System CPU time (percent, NLB)"},
    {"NLB_NUMPROC", ResourceType::kNumeric, Direction::kIncreasing, true,
     "Number of processes (NLB)"},
    {"NLB_PSWCH", ResourceType::kNumeric, Direction::kIncreasing, true,
     "Context switches per second (NLB)"},
    {"NLB_IOREQS", ResourceType::kNumeric, Direction::kIncreasing, true,
     "Disk read and write requests per second (NLB)"},
    {"NLB_SWAPPING", ResourceType::kNumeric, Direction::kIncreasing, true,
     "Swap traffic in and out (KB per second, NLB)"},
    {"NLB_RUNQOCC", ResourceType::kNumeric, Direction::kIncreasing, true,
     "Time a runnable process waited for a CPU (percent, NLB)"},
    {"NLB_CLOCK", ResourceType::kNumeric, Direction::kIncreasing, false,
     "CPU clock period (picoseconds, NLB)"},
    {"NLB_HARDWARE", ResourceType::kString, Direction::kNone, false, "uname machine (NLB)"},
    {"NLB_OSNAME", ResourceType::kString, Direction::kNone, false, "uname system name (NLB)"},
    {"NLB_RELEASE", ResourceType::kString, Direction::kNone, false, "uname release (NLB)"},
    {"NLB_VERSION", ResourceType::kString, Direction::kNone, false, "uname version (NLB)"},
};

constexpr double kCollectInterval = 15;

}  // namespace

std::vector<ResourceDef> collectedNlbResources() {
  std::vector<ResourceDef> out;
  for (const auto& c : kCollected) {
    ResourceDef r;
    r.name = c.name;
    r.type = c.type;
    r.direction = c.dir;
    r.dynamic = c.dynamic;
    r.interval = c.dynamic ? kCollectInterval : 0;
    r.builtin = r.derived = true;
    r.description = c.description;
    out.push_back(std::move(r));
  }
  return out;
}

std::string averageName(const std::string& resource) {
  if (resource.rfind("NLB_", 0) == 0) return "NLB_A_" + resource.substr(4);
  return "A_" + resource;
}

namespace {

// The averaged index of dynamic numeric resource `r`.
ResourceDef averageOf(const ResourceDef& r) {
  ResourceDef a;
  a.name = averageName(r.name);
  a.type = ResourceType::kNumeric;
  a.direction = r.direction;
  a.interval = r.interval;
  a.dynamic = a.builtin = a.derived = true;
  a.averageOf = r.name;
  a.description = "Average of " + r.name;
  return a;
}

}  // namespace

void addDerivedResources(ConfigSnapshot* snap, DiagSink& shared) {
  std::vector<ResourceDef> add = collectedNlbResources();
  for (const auto& r : snap->resources)
    if (r.type == ResourceType::kNumeric && r.dynamic) add.push_back(averageOf(r));
  for (const auto& c : collectedNlbResources())
    if (c.dynamic && !snap->findResource(c.name))  // a site NLB_X (an error) made one above
      add.push_back(averageOf(c));
  std::set<std::string> taken;
  for (const auto& r : snap->resources) taken.insert(r.name);
  for (auto& d : add) {
    if (taken.count(d.name)) {
      const ResourceDef* site = snap->findResource(d.name);
      shared.error(site ? site->line : 0,
                   "resource name " + q(d.name) + " is reserved: " +
                       (d.averageOf.empty() ? std::string("the lim collects it")
                                            : "the average of " + q(d.averageOf)));
      continue;
    }
    taken.insert(d.name);
    snap->resources.push_back(std::move(d));
  }
  snap->buildIndexes();
}

}  // namespace openlim::config
