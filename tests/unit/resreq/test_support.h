#pragma once
// Test helpers: a ConfigSnapshot with LSF's built-in resources (in the order the config
// loader uses) plus a few site resources, and a builder for HostTables.

#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <variant>

#include "openlim/config.h"
#include "openlim/host_table.h"

namespace openlim::testing {

inline ResourceDef numeric(std::string name, Direction d, bool memoryLike = false) {
  ResourceDef r;
  r.name = std::move(name);
  r.type = ResourceType::kNumeric;
  r.direction = d;
  r.memoryLike = memoryLike;
  return r;
}

inline std::shared_ptr<ConfigSnapshot> makeConfig() {
  auto c = std::make_shared<ConfigSnapshot>();
  c->clusterName = "demo";
  const Direction inc = Direction::kIncreasing, dec = Direction::kDecreasing;
  for (const char* n : {"r15s", "r1m", "r15m", "ut", "pg", "io", "ls"})
    c->resources.push_back(numeric(n, inc));
  c->resources.push_back(numeric("it", dec));
  for (const char* n : {"tmp", "swp", "mem"}) c->resources.push_back(numeric(n, dec, true));
  for (auto& r : c->resources) r.builtin = r.builtinIndex = r.dynamic = true;
  for (const char* n : {"type", "model", "hname", "status"}) {
    ResourceDef r;
    r.name = n;
    r.type = ResourceType::kString;
    r.builtin = true;
    c->resources.push_back(r);
  }
  for (const char* n : {"cpuf", "ncpus", "ncores", "nthreads", "nprocs", "ndisks"})
    c->resources.push_back(numeric(n, dec));
  for (const char* n : {"maxmem", "maxswp", "maxtmp"})
    c->resources.push_back(numeric(n, dec, true));
  ResourceDef server;
  server.name = "server";
  server.type = ResourceType::kBoolean;
  c->resources.push_back(server);
  for (const char* n : {"rexpri", "slots", "maxslots"})
    c->resources.push_back(numeric(n, Direction::kNone));
  for (size_t i = 11; i < c->resources.size(); ++i) c->resources[i].builtin = true;
  // Site resources (lsf.shared).
  for (const char* n : {"cs", "fs", "bigmem"}) {
    ResourceDef r;
    r.name = n;
    r.type = ResourceType::kBoolean;
    c->resources.push_back(r);
  }
  ResourceDef osrel;
  osrel.name = "osrel";
  osrel.type = ResourceType::kString;
  c->resources.push_back(osrel);
  auto lic = numeric("licenses", dec);
  lic.consumable = lic.shared = lic.dynamic = true;
  c->resources.push_back(lic);
  auto gpu = numeric("gpu_free", dec);
  gpu.consumable = gpu.dynamic = true;
  c->resources.push_back(gpu);
  auto usrTmp = numeric("usr_tmp", dec);
  usrTmp.dynamic = true;
  c->resources.push_back(usrTmp);
  c->hostTypes = {"LINUX86", "MIPS", "ALPHA"};
  c->models = {{"Generic", 100, "x86_64"}, {"Fast", 200, "x86_64"}};
  return c;
}

using Value = std::variant<double, std::string, bool>;

// Builds a HostTable row by row: values by resource name; absent = unknown/false.
class TableBuilder {
 public:
  explicit TableBuilder(ConfigPtr cfg) {
    t_.config = cfg;
    for (const auto& r : cfg->resources) t_.columns.push_back(Column{.type = r.type});
  }
  TableBuilder& host(const std::string& name, HostStatus st,
                     std::initializer_list<std::pair<std::string, Value>> values) {
    size_t row = t_.size();
    t_.resize(row + 1);
    t_.names[row] = name;
    t_.status[row] = st;
    for (const auto& [k, v] : values) set(row, k, v);
    return *this;
  }
  void set(size_t row, const std::string& k, const Value& v) {
    int slot = t_.config->resourceIndex(k);
    if (slot < 0) return;
    Column& c = t_.columns[static_cast<size_t>(slot)];
    if (auto d = std::get_if<double>(&v))
      c.numbers[row] = *d;
    else if (auto s = std::get_if<std::string>(&v))
      c.strings[row] = t_.strings.intern(*s);
    else
      c.booleans[row] = std::get<bool>(v) ? 1 : 0;
  }
  HostTable& table() { return t_; }
  HostTable build() { return t_; }

 private:
  HostTable t_;
};

}  // namespace openlim::testing
