#include "format/snapshot_json.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <unordered_set>

#include "format/json.h"
#include "openlim/run_queue.h"

namespace openlim::format {
namespace {

constexpr const char* kStatusNames = "ok, busy, lockU, lockW or unavail";

// "a number", "null"...: what a member is when it is not what it should be.
std::string kindName(const Json& v) {
  static constexpr const char* kKinds[] = {"null",     "a boolean", "a number",
                                           "a string", "an array",  "an object"};
  return kKinds[static_cast<int>(v.kind())];
}

Result<HostStatus> parseStatus(const std::string& s) {
  for (HostStatus h : {HostStatus::kOk, HostStatus::kBusy, HostStatus::kLockU, HostStatus::kLockW,
                       HostStatus::kUnavail})
    if (s == hostStatusName(h)) return h;
  return Status(Code::kInvalid, "unknown status \"" + s + "\"");
}

Status setValue(HostTable& t, size_t row, const ResourceDef& def, Column& col, const Json& v) {
  if (v.isNull()) return Status::ok();  // null: unknown (booleans: false)
  switch (def.type) {
    case ResourceType::kNumeric:
      if (!v.isNumber())
        return Status(Code::kInvalid, "<" + def.name + "> must be a number or null");
      col.numbers[row] = v.asNumber();
      return Status::ok();
    case ResourceType::kBoolean:
      if (!v.isBool())
        return Status(Code::kInvalid, "<" + def.name + "> must be true, false or null");
      col.booleans[row] = v.asBool() ? 1 : 0;
      return Status::ok();
    case ResourceType::kString:
      if (!v.isString())
        return Status(Code::kInvalid, "<" + def.name + "> must be a string or null");
      col.strings[row] = t.strings.intern(v.asString());
      return Status::ok();
  }
  return Status::ok();
}

// A member that is an object, else nullptr.
const Json* objectMember(const Json& o, std::string_view key) {
  const Json* m = o.find(key);
  return m != nullptr && m->isObject() ? m : nullptr;
}

Status readHost(HostTable& t, size_t row, const Json& h, std::unordered_set<std::string>& seen) {
  const ConfigSnapshot& cfg = *t.config;
  const Json* name = h.find("name");
  const std::string where = "host #" + std::to_string(row + 1);
  if (name == nullptr) return Status(Code::kInvalid, where + ": missing \"name\"");
  if (!name->isString())
    return Status(Code::kInvalid, where + ": \"name\" must be a string, not " + kindName(*name));
  if (name->asString().empty()) return Status(Code::kInvalid, where + ": \"name\" is empty");
  t.names[row] = name->asString();
  std::string lower = t.names[row];
  for (auto& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (!seen.insert(lower).second)
    return Status(Code::kInvalid, "host " + t.names[row] + ": listed twice");
  const Json* statusField = h.find("status");
  if (statusField != nullptr && !statusField->isString())
    return Status(Code::kInvalid, "host " + t.names[row] + ": \"status\" must be a string (" +
                                      kStatusNames + "), not " + kindName(*statusField));
  auto st = parseStatus(statusField ? statusField->asString() : "ok");
  if (!st) return Status(Code::kInvalid, "host " + t.names[row] + ": " + st.status().message());
  t.status[row] = st.value();
  if (const Json* age = h.find("age"); age != nullptr && !age->isNull()) {
    if (!age->isNumber() || !(age->asNumber() >= 0) || !std::isfinite(age->asNumber()))
      return Status(Code::kInvalid,
                    "host " + t.names[row] + ": \"age\" must be a number of seconds, 0 or more");
    t.reportedAt[row] = -age->asNumber();  // read at now = 0
  }
  const Json* values = objectMember(h, "values");
  const Json* ages = objectMember(h, "ages");
  for (size_t c = 0; c < cfg.resources.size() && c < t.columns.size(); ++c) {
    const ResourceDef& def = cfg.resources[c];
    if (def.name == "hname" || def.name == "status") continue;
    if (const Json* v = values ? values->find(def.name) : nullptr) {
      Status s = setValue(t, row, def, t.columns[c], *v);
      if (!s.isOk()) return Status(Code::kInvalid, "host " + t.names[row] + ": " + s.message());
    }
    if (const Json* a = ages ? ages->find(def.name) : nullptr; a && a->isNumber())
      t.columns[c].arrivals[row] = t.clock - a->asNumber();
  }
  return Status::ok();
}

// A configured host's site attributes (lsf.attributes) where the snapshot gives no value:
// a snapshot taken elsewhere is evaluated with this configuration's attributes.
void fillSiteAttributes(HostTable& t, size_t r, const HostConfig& hc) {
  const ConfigSnapshot& cfg = *t.config;
  for (const std::string& name : hc.siteAttributes) {
    int c = cfg.resourceIndex(name);
    if (c < 0 || static_cast<size_t>(c) >= t.columns.size()) continue;
    Column& col = t.columns[static_cast<size_t>(c)];
    if (auto n = hc.numbers.find(name);
        n != hc.numbers.end() && col.type == ResourceType::kNumeric && std::isnan(col.numbers[r]))
      col.numbers[r] = n->second;
    else if (auto s = hc.strings.find(name); s != hc.strings.end() &&
                                             col.type == ResourceType::kString &&
                                             col.strings[r] == kUnknownString)
      col.strings[r] = t.strings.intern(s->second);
    else if (col.type == ResourceType::kBoolean &&
             std::find(hc.booleans.begin(), hc.booleans.end(), name) != hc.booleans.end())
      col.booleans[r] = 1;
  }
}

// hname/status columns mirror the row fields; cpuf falls back to the configured model.
void fillDerived(HostTable& t) {
  const ConfigSnapshot& cfg = *t.config;
  int hname = cfg.resourceIndex("hname"), status = cfg.resourceIndex("status");
  int cpuf = cfg.resourceIndex("cpuf");
  for (size_t r = 0; r < t.size(); ++r) {
    if (hname >= 0 && t.columns[static_cast<size_t>(hname)].type == ResourceType::kString)
      t.columns[static_cast<size_t>(hname)].strings[r] = t.strings.intern(t.names[r]);
    if (status >= 0 && t.columns[static_cast<size_t>(status)].type == ResourceType::kString)
      t.columns[static_cast<size_t>(status)].strings[r] =
          t.strings.intern(hostStatusName(t.status[r]));
    const HostConfig* hc = cfg.findHost(t.names[r]);
    if (hc) fillSiteAttributes(t, r, *hc);
    if (cpuf < 0 || t.columns[static_cast<size_t>(cpuf)].type != ResourceType::kNumeric) continue;
    double& v = t.columns[static_cast<size_t>(cpuf)].numbers[r];
    const HostModel* m = hc ? cfg.findModel(hc->model) : nullptr;
    if (std::isnan(v) && m) v = m->cpuFactor;
  }
}

// A busy host's indices past their Host-section thresholds (explain shows them): above for
// increasing indices, below for decreasing ones; run queues compare their effective value.
void fillBusyIndices(HostTable& t) {
  const ConfigSnapshot& cfg = *t.config;
  int ncpus = cfg.resourceIndex("ncpus");
  for (size_t r = 0; r < t.size(); ++r) {
    const HostConfig* hc = cfg.findHost(t.names[r]);
    if (t.status[r] != HostStatus::kBusy || !hc) continue;
    for (const auto& [name, limit] : hc->thresholds) {
      int idx = cfg.resourceIndex(name);
      if (idx < 0 || t.columns[static_cast<size_t>(idx)].type != ResourceType::kNumeric) continue;
      double v = t.columns[static_cast<size_t>(idx)].numbers[r];
      if (name == "r15s" || name == "r1m" || name == "r15m")
        v = effectiveRunQueue(v,
                              ncpus >= 0 ? t.columns[static_cast<size_t>(ncpus)].numbers[r] : NAN);
      bool decreasing = cfg.resources[static_cast<size_t>(idx)].direction == Direction::kDecreasing;
      if (!std::isnan(v) && (decreasing ? v < limit : v > limit)) t.busyIndices[r].push_back(idx);
    }
  }
}

}  // namespace

Result<HostTable> readSnapshotJson(std::string_view text, const ConfigPtr& config) {
  HostTable t;
  t.config = config;
  for (const auto& r : config->resources) t.columns.push_back(Column{.type = r.type});
  auto root = parseJson(text);
  if (!root) return Status(Code::kInvalid, "snapshot: " + root.status().message());
  const Json* hosts = root->isObject() ? root->find("hosts") : nullptr;
  if (hosts == nullptr || !hosts->isArray())
    return Status(Code::kInvalid, "snapshot: missing \"hosts\" array");
  t.resize(hosts->size());
  std::unordered_set<std::string> seen;
  for (size_t i = 0; i < hosts->size(); ++i) {
    Status s = readHost(t, i, hosts->items()[i], seen);
    if (!s.isOk()) return s;
  }
  fillDerived(t);
  fillBusyIndices(t);
  return t;
}

namespace {

// One host's values (unknown built-in indices as null; other unknowns and false booleans
// left out) and the ages known.
Json hostJson(const HostTable& t, size_t r) {
  Json values = Json::object();
  Json ages = Json::object();
  for (size_t c = 0; c < t.columns.size() && c < t.config->resources.size(); ++c) {
    const ResourceDef& d = t.config->resources[c];
    const Column& col = t.columns[c];
    if (d.name == "hname" || d.name == "status") continue;
    if (col.type == ResourceType::kNumeric) {
      if (!std::isnan(col.numbers[r]))
        values.add(d.name, Json::number(col.numbers[r]));
      else if (d.builtinIndex)
        values.add(d.name, Json::null());
    } else if (col.type == ResourceType::kString) {
      if (col.strings[r] >= 0) values.add(d.name, Json::string(t.strings.get(col.strings[r])));
    } else if (col.booleans[r]) {
      values.add(d.name, Json::boolean(true));
    }
    if (double a = t.age(c, r); !std::isnan(a)) ages.add(d.name, Json::number(a));
  }
  Json h = Json::object();
  h.add("name", Json::string(t.names[r]));
  h.add("status", Json::string(std::string(hostStatusName(t.status[r]))));
  if (r < t.reportedAt.size() && !std::isnan(t.reportedAt[r]))
    h.add("age", Json::number(-t.reportedAt[r]));  // a table read from a snapshot: clock 0
  h.add("values", std::move(values));
  if (ages.size() > 0) h.add("ages", std::move(ages));
  if (r < t.reportedAt.size() && t.reportedAt[r] <= 0) h.add("age", Json::number(-t.reportedAt[r]));
  return h;
}

}  // namespace

std::string writeSnapshotJson(const HostTable& t, const std::string& cluster,
                              const std::string& master) {
  Json root = Json::object();
  root.add("cluster", Json::string(cluster));
  root.add("master", Json::string(master));
  Json hosts = Json::array();
  for (size_t r = 0; r < t.size(); ++r) hosts.push(hostJson(t, r));
  root.add("hosts", std::move(hosts));
  return root.dump();
}

}  // namespace openlim::format
