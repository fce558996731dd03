// lsf.attributes values onto the configured hosts (see site_attributes.h).
#include "policy/site_attributes.h"

#include <algorithm>

#include "config/diag.h"
#include "config/lines.h"
#include "config/lsf_conf.h"
#include "format/info_format.h"

namespace openlim::policy {
namespace {

using config::q;

// The declared resource an upper-case attribute name stands for (names are
// case-insensitive in NLB's files), or null.
const ResourceDef* declared(const ConfigSnapshot& snap, const std::string& upperName) {
  if (const ResourceDef* r = snap.findResource(upperName)) return r;
  for (const ResourceDef& r : snap.resources)
    if (config::iequals(r.name, upperName)) return &r;
  return nullptr;
}

// Why `def` cannot take a per-host value from lsf.attributes, or "" when it can.
std::string whyNotSettable(const ConfigSnapshot& snap, const ResourceDef& def) {
  if (def.derived) return q(def.name) + " is collected by the lim or computed by the master";
  if (def.builtin) return q(def.name) + " is a built-in resource";
  if (def.dynamic)
    return q(def.name) + " is a dynamic resource (it has an INTERVAL): an elim reports it";
  if (def.shared) {
    auto inst = std::find_if(snap.instances.begin(), snap.instances.end(),
                             [&](const ResourceInstance& i) { return i.resource == def.name; });
    std::string at = inst == snap.instances.end() ? "" : " at line " + std::to_string(inst->line);
    return q(def.name) + " is shared (ResourceMap" + at +
           " of the cluster file gives it to host sets)";
  }
  return "";
}

bool hostSets(const HostConfig& h, const std::string& name) {
  return h.numbers.count(name) || h.strings.count(name) ||
         std::find(h.booleans.begin(), h.booleans.end(), name) != h.booleans.end();
}

// Sets one value on `h`; false (after reporting) when its type does not fit.
bool setTyped(HostConfig& h, const ResourceDef& def, const AttrValue& v, config::DiagSink& diag) {
  bool number = v.kind != AttrValue::Kind::kString;
  std::string wrong = q(def.name) + " is declared " + format::typeName(def.type) + " in lsf.shared";
  switch (def.type) {
    case ResourceType::kNumeric:
      if (!number) {
        diag.error(v.line, wrong + "; " + q(v.text) + " is not a number");
        return false;
      }
      h.numbers[def.name] = v.number;
      return true;
    case ResourceType::kString:
      if (number) {
        diag.error(v.line, wrong + "; quote a string value that looks like a number");
        return false;
      }
      h.strings[def.name] = v.text;
      return true;
    case ResourceType::kBoolean:
      break;
  }
  if (v.kind != AttrValue::Kind::kInteger || (v.integer != 0 && v.integer != 1)) {
    diag.error(v.line, wrong + "; its value is 1 (the host has it) or 0");
    return false;
  }
  if (v.integer == 1) h.booleans.push_back(def.name);
  return true;
}

}  // namespace

void applySiteAttributes(ConfigSnapshot& snap, const AttributesLoad& load, const std::string& file,
                         std::vector<Diagnostic>& out) {
  config::DiagSink diag(file, &out);
  // No cluster name (lsf.shared lacks one, reported there): no cluster file was read, and
  // "lsf.cluster." would name a file that cannot exist.
  std::string clusterFile = snap.clusterName.empty()
                                ? std::string("the cluster file (lsf.shared names no cluster)")
                                : config::joinPath(snap.confDir, "lsf.cluster." + snap.clusterName);
  for (const HostAttributes& ha : load.hosts) {
    const HostConfig* found = snap.findHost(ha.host);
    if (!found) {
      diag.error(ha.line, "host " + q(ha.host) + " is not in the Host section of " + clusterFile +
                              "; its attributes are refused");
      continue;
    }
    HostConfig& h = snap.hosts[static_cast<size_t>(found - snap.hosts.data())];
    for (const auto& [name, value] : ha.values) {
      const ResourceDef* def = declared(snap, name);
      if (!def) {
        diag.error(value.line, "attribute " + q(name) +
                                   " is not declared in lsf.shared (a Resource section line "
                                   "gives its type)");
        continue;
      }
      if (std::string why = whyNotSettable(snap, *def); !why.empty()) {
        diag.error(value.line, why + "; lsf.attributes cannot set it");
        continue;
      }
      if (hostSets(h, def->name)) {
        diag.error(value.line, "host " + q(h.name) + " already has " + q(def->name) +
                                   " from RESOURCES in the Host section (" + clusterFile + ":" +
                                   std::to_string(h.line) + "); set it in one place");
        continue;
      }
      if (setTyped(h, *def, value, diag)) h.siteAttributes.push_back(def->name);
    }
  }
}

}  // namespace openlim::policy
