// Built-in resource table and name rules.
#include "config/builtins.h"

#include <cctype>

#include "config/lines.h"
#include "util/strict_number.h"

namespace openlim::config {

namespace {

struct Index {
  const char* name;
  Direction dir;
  double interval;
  const char* description;
};

constexpr Index kIndices[] = {
    {"r15s", Direction::kIncreasing, 15, "15-second CPU run queue length"},
    {"r1m", Direction::kIncreasing, 15, "1-minute CPU run queue length"},
    {"r15m", Direction::kIncreasing, 15, "15-minute CPU run queue length"},
    {"ut", Direction::kIncreasing, 15, "1-minute CPU utilization (0.0 to 1.0)"},
    {"pg", Direction::kIncreasing, 15, "Paging rate (pages/second)"},
    {"io", Direction::kIncreasing, 15, "Disk IO rate (Kbytes/second)"},
    {"ls", Direction::kIncreasing, 30, "Number of login sessions"},
    {"it", Direction::kDecreasing, 30, "Idle time (minutes)"},
    {"tmp", Direction::kDecreasing, 120, "Disk space in /tmp (Mbytes)"},
    {"swp", Direction::kDecreasing, 15, "Available swap space (Mbytes)"},
    {"mem", Direction::kDecreasing, 15, "Available memory (Mbytes)"},
};

struct Static {
  const char* name;
  ResourceType type;
  Direction dir;
  const char* description;
};

constexpr Static kStatics[] = {
    {"type", ResourceType::kString, Direction::kNone, "Host type"},
    {"model", ResourceType::kString, Direction::kNone, "Host model"},
    {"hname", ResourceType::kString, Direction::kNone, "Host name"},
    {"status", ResourceType::kString, Direction::kNone, "Host status"},
    {"cpuf", ResourceType::kNumeric, Direction::kDecreasing, "CPU factor"},
    {"ncpus", ResourceType::kNumeric, Direction::kDecreasing, "Number of CPUs"},
    {"ncores", ResourceType::kNumeric, Direction::kDecreasing, "Number of cores"},
    {"nthreads", ResourceType::kNumeric, Direction::kDecreasing, "Number of threads"},
    {"nprocs", ResourceType::kNumeric, Direction::kDecreasing, "Number of processors"},
    {"ndisks", ResourceType::kNumeric, Direction::kDecreasing, "Number of local disks"},
    {"maxmem", ResourceType::kNumeric, Direction::kDecreasing, "Maximum memory (Mbytes)"},
    {"maxswp", ResourceType::kNumeric, Direction::kDecreasing, "Maximum swap space (Mbytes)"},
    {"maxtmp", ResourceType::kNumeric, Direction::kDecreasing, "Maximum /tmp space (Mbytes)"},
    {"server", ResourceType::kBoolean, Direction::kNone, "LSF server host"},
    {"rexpri", ResourceType::kNumeric, Direction::kNone, "Remote execution priority"},
    {"slots", ResourceType::kNumeric, Direction::kDecreasing, "Free slots (batch)"},
    {"maxslots", ResourceType::kNumeric, Direction::kDecreasing, "Maximum slots (batch)"},
};

bool isMemoryLike(std::string_view n) {
  return n == "mem" || n == "swp" || n == "tmp" || n == "maxmem" || n == "maxswp" || n == "maxtmp";
}

}  // namespace

std::vector<ResourceDef> builtinResources() {
  std::vector<ResourceDef> out;
  for (const auto& i : kIndices) {
    ResourceDef r;
    r.name = i.name;
    r.type = ResourceType::kNumeric;
    r.direction = i.dir;
    r.interval = i.interval;
    r.dynamic = r.builtin = r.builtinIndex = true;
    r.memoryLike = isMemoryLike(i.name);
    r.description = i.description;
    out.push_back(std::move(r));
  }
  for (const auto& s : kStatics) {
    ResourceDef r;
    r.name = s.name;
    r.type = s.type;
    r.direction = s.dir;
    r.builtin = true;
    r.memoryLike = isMemoryLike(s.name);
    r.description = s.description;
    out.push_back(std::move(r));
  }
  return out;
}

std::string badResourceName(std::string_view name) {
  if (name.empty()) return "empty resource name";
  if (std::isdigit(static_cast<unsigned char>(name[0])))
    return "resource name " + q(std::string(name)) + " begins with a digit";
  if (!std::isalpha(static_cast<unsigned char>(name[0])))
    return "resource name " + q(std::string(name)) + " must begin with a letter";
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
      return "resource name " + q(std::string(name)) + " holds the forbidden character '" +
             std::string(1, c) + "'";
  if (name.size() > 39) return "resource name " + q(std::string(name)) + " is longer than 39";
  std::string l = lower(name);
  for (const char* r : {"swap", "idle", "login", "cpu", "any", "local", "defined"})
    if (l == r) return "resource name " + q(std::string(name)) + " is reserved";
  if (readsAsNumber(name)) return "resource name " + q(std::string(name)) + " reads as a number";
  return "";
}

std::string badHostName(std::string_view name) {
  if (name.empty()) return "empty host name";
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_')
      return "host name " + q(std::string(name)) + " holds the forbidden character '" +
             std::string(1, c) + "'";
  if (name.size() > 255) return "host name " + q(std::string(name)) + " is too long";
  return "";
}

std::string badModelName(std::string_view name) {
  if (name.empty()) return "empty name";
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_')
      return "name " + q(std::string(name)) + " holds the forbidden character '" +
             std::string(1, c) + "'";
  if (name.size() > 39) return "name " + q(std::string(name)) + " is longer than 39";
  return "";
}

}  // namespace openlim::config
