#include "snapshot_json.h"

#include "openlim/run_queue.h"

#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/JSON.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/JSON/Stringifier.h>

#include <cctype>
#include <cmath>
#include <unordered_set>
#include <fstream>
#include <sstream>

namespace openlim::shell {
namespace {

using Poco::Dynamic::Var;
using Poco::JSON::Object;

Result<HostStatus> parseStatus(const std::string& s) {
  for (HostStatus h : {HostStatus::kOk, HostStatus::kBusy, HostStatus::kLockU, HostStatus::kLockW,
                       HostStatus::kUnavail})
    if (s == hostStatusName(h)) return h;
  return Status(Code::kInvalid, "unknown status \"" + s + "\"");
}

Status setValue(HostTable& t, size_t row, const ResourceDef& def, Column& col, const Var& v) {
  if (v.isEmpty()) return Status::ok();  // null: unknown (booleans: false)
  switch (def.type) {
    case ResourceType::kNumeric:
      if (!v.isNumeric() || v.isBoolean())
        return Status(Code::kInvalid, "<" + def.name + "> must be a number or null");
      col.numbers[row] = v.convert<double>();
      return Status::ok();
    case ResourceType::kBoolean:
      if (!v.isBoolean())
        return Status(Code::kInvalid, "<" + def.name + "> must be true, false or null");
      col.booleans[row] = v.extract<bool>() ? 1 : 0;
      return Status::ok();
    case ResourceType::kString:
      if (!v.isString()) return Status(Code::kInvalid, "<" + def.name + "> must be a string or null");
      col.strings[row] = t.strings.intern(v.convert<std::string>());
      return Status::ok();
  }
  return Status::ok();
}

Status readHost(HostTable& t, size_t row, const Object::Ptr& h,
                std::unordered_set<std::string>& seen) {
  const ConfigSnapshot& cfg = *t.config;
  if (!h || !h->has("name") || !h->get("name").isString())
    return Status(Code::kInvalid, "host #" + std::to_string(row + 1) + ": missing \"name\"");
  t.names[row] = h->getValue<std::string>("name");
  std::string lower = t.names[row];
  for (auto& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (!seen.insert(lower).second)
    return Status(Code::kInvalid, "host " + t.names[row] + ": listed twice");
  auto st = parseStatus(h->has("status") ? h->get("status").convert<std::string>() : "ok");
  if (!st) return Status(Code::kInvalid, "host " + t.names[row] + ": " + st.status().message());
  t.status[row] = st.value();
  Object::Ptr values = h->getObject("values");
  Object::Ptr ages = h->getObject("ages");
  for (size_t c = 0; c < cfg.resources.size() && c < t.columns.size(); ++c) {
    const ResourceDef& def = cfg.resources[c];
    if (def.name == "hname" || def.name == "status") continue;
    if (values && values->has(def.name)) {
      Status s = setValue(t, row, def, t.columns[c], values->get(def.name));
      if (!s.isOk()) return Status(Code::kInvalid, "host " + t.names[row] + ": " + s.message());
    }
    if (ages && ages->has(def.name) && ages->get(def.name).isNumeric())
      t.columns[c].ages[row] = ages->get(def.name).convert<float>();
  }
  return Status::ok();
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
    if (cpuf < 0 || t.columns[static_cast<size_t>(cpuf)].type != ResourceType::kNumeric) continue;
    double& v = t.columns[static_cast<size_t>(cpuf)].numbers[r];
    const HostConfig* hc = cfg.findHost(t.names[r]);
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
        v = effectiveRunQueue(v, ncpus >= 0 ? t.columns[static_cast<size_t>(ncpus)].numbers[r] : NAN);
      bool decreasing = cfg.resources[static_cast<size_t>(idx)].direction == Direction::kDecreasing;
      if (!std::isnan(v) && (decreasing ? v < limit : v > limit)) t.busyIndices[r].push_back(idx);
    }
  }
}

}  // namespace

Result<HostTable> readSnapshotJson(const std::string& text, const ConfigPtr& config) {
  HostTable t;
  t.config = config;
  for (const auto& r : config->resources) t.columns.push_back(Column{.type = r.type});
  try {
    Poco::JSON::Parser parser;
    Var root = parser.parse(text);
    Object::Ptr obj = root.extract<Object::Ptr>();
    Poco::JSON::Array::Ptr hosts = obj ? obj->getArray("hosts") : nullptr;
    if (!hosts) return Status(Code::kInvalid, "snapshot: missing \"hosts\" array");
    t.resize(hosts->size());
    std::unordered_set<std::string> seen;
    for (size_t i = 0; i < hosts->size(); ++i) {
      Status s = readHost(t, i, hosts->getObject(static_cast<unsigned>(i)), seen);
      if (!s.isOk()) return s;
    }
  } catch (const Poco::Exception& e) {
    return Status(Code::kInvalid, "snapshot: " + e.displayText());
  } catch (const std::exception& e) {
    return Status(Code::kInvalid, std::string("snapshot: ") + e.what());
  }
  fillDerived(t);
  fillBusyIndices(t);
  return t;
}

Result<HostTable> readSnapshotFile(const std::string& path, const ConfigPtr& config) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status(Code::kIo, path + ": cannot open");
  std::stringstream ss;
  ss << in.rdbuf();
  auto t = readSnapshotJson(ss.str(), config);
  if (!t) return Status(t.status().code(), path + ": " + t.status().message());
  return t;
}

std::string writeSnapshotJson(const HostTable& t, const std::string& cluster,
                              const std::string& master) {
  Poco::JSON::Object root(Poco::JSON_PRESERVE_KEY_ORDER);
  root.set("cluster", cluster);
  root.set("master", master);
  Poco::JSON::Array::Ptr hosts = new Poco::JSON::Array;
  for (size_t r = 0; r < t.size(); ++r) {
    Object::Ptr h = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
    Object::Ptr values = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
    Object::Ptr ages = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
    h->set("name", t.names[r]);
    h->set("status", std::string(hostStatusName(t.status[r])));
    for (size_t c = 0; c < t.columns.size() && c < t.config->resources.size(); ++c) {
      const ResourceDef& d = t.config->resources[c];
      const Column& col = t.columns[c];
      if (d.name == "hname" || d.name == "status") continue;
      if (col.type == ResourceType::kNumeric) {
        if (!std::isnan(col.numbers[r])) values->set(d.name, col.numbers[r]);
        else if (d.builtinIndex) values->set(d.name, Var());
      } else if (col.type == ResourceType::kString) {
        if (col.strings[r] >= 0) values->set(d.name, t.strings.get(col.strings[r]));
      } else if (col.booleans[r]) {
        values->set(d.name, true);
      }
      if (r < col.ages.size() && !std::isnan(col.ages[r])) ages->set(d.name, col.ages[r]);
    }
    h->set("values", values);
    if (ages->size() > 0) h->set("ages", ages);
    hosts->add(h);
  }
  root.set("hosts", hosts);
  std::ostringstream out;
  root.stringify(out, 2);
  return out.str() + "\n";
}

}  // namespace openlim::shell
