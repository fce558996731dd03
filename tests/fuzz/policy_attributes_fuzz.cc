// Fuzz the lsf.attributes (NLB object data) reader, and setting what it read on the hosts of
// a small configuration (every type, a shared, a dynamic and a built-in resource).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "policy/attributes_file.h"
#include "policy/site_attributes.h"

using namespace openlim;
using namespace openlim::policy;

namespace {

ResourceDef resource(const char* name, ResourceType type) {
  ResourceDef r;
  r.name = name;
  r.type = type;
  return r;
}

ConfigSnapshot configuration() {
  ConfigSnapshot c;
  c.clusterName = "fuzz";
  c.resources = {resource("norm", ResourceType::kNumeric), resource("apps", ResourceType::kString),
                 resource("cs", ResourceType::kBoolean),   resource("lic", ResourceType::kNumeric),
                 resource("nio", ResourceType::kNumeric),  resource("ut", ResourceType::kNumeric)};
  c.resources[3].shared = true;
  c.resources[4].dynamic = true;
  c.resources[5].builtin = true;
  for (const char* n : {"hostA", "hostB"}) {
    HostConfig h;
    h.name = n;
    c.hosts.push_back(h);
  }
  c.hosts[1].numbers["norm"] = 1;
  c.buildIndexes();
  return c;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  AttributesLoad l = parseAttributes(text, "lsf.attributes");
  for (const HostAttributes& h : l.hosts) {
    if (h.host.empty() || h.values.size() > kMaxAttributesPerHost) __builtin_trap();
    for (const auto& [name, value] : h.values)
      if (name.empty() || h.find(name) == nullptr || value.line < 1) __builtin_trap();
  }
  for (const auto& d : l.diagnostics)
    if (d.message.empty()) __builtin_trap();
  static const ConfigSnapshot kConfig = configuration();
  ConfigSnapshot snap = kConfig;
  std::vector<Diagnostic> out;
  applySiteAttributes(snap, l, "lsf.attributes", out);
  for (const HostConfig& h : snap.hosts) {
    // Only settable static resources are set, each once, and never over the Host section's.
    for (const std::string& name : h.siteAttributes) {
      if (name != "norm" && name != "apps" && name != "cs") __builtin_trap();
      if (std::count(h.siteAttributes.begin(), h.siteAttributes.end(), name) != 1) __builtin_trap();
    }
    if (h.name == "hostB" && h.numbers.at("norm") != 1) __builtin_trap();
  }
  for (const auto& d : out)
    if (d.message.empty() || d.severity != Severity::kError) __builtin_trap();
  return 0;
}
