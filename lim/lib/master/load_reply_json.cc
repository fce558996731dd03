// The load and hosts replies, written in place by format::JsonWriter.
#include <strings.h>

#include <algorithm>
#include <cmath>

#include "format/json_writer.h"
#include "master/query_reply_json.h"

namespace openlim::master {
namespace {

using format::JsonWriter;

bool hostHas(const ConfigSnapshot& c, const ResourceDef& def, const std::string& host) {
  if (def.builtin) return true;
  auto it = c.perHostResources.find(def.name);
  if (it != c.perHostResources.end())
    for (const auto& h : it->second)
      if (strcasecmp(h.c_str(), host.c_str()) == 0) return true;
  for (const auto& inst : c.instances)
    if (inst.resource == def.name)
      for (const auto& h : inst.hosts)
        if (strcasecmp(h.c_str(), host.c_str()) == 0) return true;
  return false;
}

// The host's configuration: the snapshot's rows are the config's hosts in order when the
// master built it, so the row usually finds it without a lookup.
const HostConfig* hostConfigOf(const HostTable& t, size_t row) {
  const ConfigSnapshot& c = *t.config;
  if (row < c.hosts.size() && c.hosts[row].name == t.names[row]) return &c.hosts[row];
  return c.findHost(t.names[row]);
}

// Slots of the load reply's "values", by name (the wire keeps keys sorted), with their keys
// quoted once per reply.
struct ValueSlots {
  std::vector<size_t> slots;
  std::vector<std::string> keys;
  size_t size() const { return slots.size(); }
};

ValueSlots valueSlots(const ConfigSnapshot& c, bool derived) {
  ValueSlots v;
  for (size_t s = 0; s < c.resources.size(); ++s)
    if (c.resources[s].name != "hname" && c.resources[s].name != "status" &&
        (derived || !c.resources[s].derived))
      v.slots.push_back(s);
  std::sort(v.slots.begin(), v.slots.end(),
            [&](size_t a, size_t b) { return c.resources[a].name < c.resources[b].name; });
  for (size_t s : v.slots) v.keys.push_back(JsonWriter::quotedKey(c.resources[s].name));
  return v;
}

// Whether the host's "values" lists the resource (booleans: only when set; unknown values
// of resources the host does not have are left out).
bool listed(const HostTable& t, size_t s, uint32_t row) {
  const ResourceDef& def = t.config->resources[s];
  const Column& col = t.columns[s];
  if (def.type == ResourceType::kBoolean) return col.booleans[row] != 0;
  bool known = def.type == ResourceType::kNumeric ? !isUnknown(col.numbers[row])
                                                  : col.strings[row] != kUnknownString;
  return known || hostHas(*t.config, def, t.names[row]);
}

void writeValues(JsonWriter& w, const HostTable& t, uint32_t row, const ValueSlots& slots,
                 std::vector<char>& shown) {
  const ConfigSnapshot& c = *t.config;
  shown.assign(slots.size(), 0);
  w.key("ages").beginObject();
  for (size_t i = 0; i < slots.size(); ++i) {
    size_t s = slots.slots[i];
    shown[i] = listed(t, s, row);
    const ResourceDef& def = c.resources[s];
    if (shown[i] && def.type != ResourceType::kBoolean && !def.builtin && def.dynamic &&
        !std::isnan(t.age(s, row)))
      w.keyText(slots.keys[i]).num(t.age(s, row));
  }
  w.endObject();
  w.key("busy").beginArray();
  for (int s : t.busyIndices[row]) w.str(c.resources[static_cast<size_t>(s)].name);
  w.endArray();
}

void writeValueMap(JsonWriter& w, const HostTable& t, uint32_t row, const ValueSlots& slots,
                   const std::vector<char>& shown) {
  w.key("values").beginObject();
  for (size_t i = 0; i < slots.size(); ++i) {
    if (!shown[i]) continue;
    size_t s = slots.slots[i];
    const Column& col = t.columns[s];
    w.keyText(slots.keys[i]);
    if (col.type == ResourceType::kBoolean)
      w.boolean(true);
    else if (col.type == ResourceType::kNumeric)
      w.num(col.numbers[row]);
    else if (col.strings[row] != kUnknownString)
      w.str(t.strings.get(col.strings[row]));
    else
      w.null();
  }
  w.endObject();
}

void writeThresholds(JsonWriter& w, const HostConfig* hc) {
  w.key("thresholds").beginObject();
  if (hc)
    for (const auto& [k, v] : hc->thresholds) w.key(k).num(v);  // a std::map: sorted
  w.endObject();
}

// Additive fields: "config_drift": true when the host's reported config checksum differs
// from the master's; in load, "lock_remaining": seconds left of a timed lock.
void writeExtras(JsonWriter& w, const std::vector<RowExtras>& extras, size_t i) {
  if (i >= extras.size()) return;
  if (extras[i].drifted) w.key("config_drift").boolean(true);
  if (extras[i].lockRemaining >= 0) w.key("lock_remaining").num(extras[i].lockRemaining);
}

std::vector<std::string> resourceList(const HostConfig* hc) {
  std::vector<std::string> res;
  if (!hc) return res;
  // Site attributes (lsf.attributes) are not RESOURCES: the reply lists them apart.
  auto site = [&](const std::string& k) {
    return std::find(hc->siteAttributes.begin(), hc->siteAttributes.end(), k) !=
           hc->siteAttributes.end();
  };
  for (const auto& k : hc->booleans)
    if (!site(k)) res.push_back(k);
  for (const auto& [k, v] : hc->strings)
    if (!site(k)) res.push_back(k + "=" + v);
  for (const auto& [k, v] : hc->numbers) {
    if (site(k)) continue;
    std::string num = std::to_string(v);
    num.erase(num.find_last_not_of('0') + 1);
    if (!num.empty() && num.back() == '.') num.pop_back();
    res.push_back(k + "=" + num);
  }
  return res;
}

// "site": the host's lsf.attributes values, in file order (booleans as 1 or 0); only when
// it has any.
void writeSiteAttributes(JsonWriter& w, const HostConfig* hc) {
  if (!hc || hc->siteAttributes.empty()) return;
  w.key("site").beginObject();
  for (const auto& k : hc->siteAttributes) {
    w.key(k);
    if (auto n = hc->numbers.find(k); n != hc->numbers.end())
      w.num(n->second);
    else if (auto s = hc->strings.find(k); s != hc->strings.end())
      w.str(s->second);
    else
      w.num(std::find(hc->booleans.begin(), hc->booleans.end(), k) != hc->booleans.end() ? 1 : 0);
  }
  w.endObject();
}

// The static NLB strings the lims collect (uname), in the reply's key order.
constexpr const char* kNlbStrings[] = {"NLB_HARDWARE", "NLB_OSNAME", "NLB_RELEASE", "NLB_VERSION"};

// "nlb": the host's known NLB strings (`slots`: their string columns, -1 when absent, found
// once per reply); only when there is one.
void writeNlbStrings(JsonWriter& w, const HostTable& t, const int (&slots)[4], uint32_t row) {
  bool open = false;
  for (int k = 0; k < 4; ++k) {
    if (slots[k] < 0) continue;
    StringId id = t.columns[static_cast<size_t>(slots[k])].strings[row];
    if (id == kUnknownString) continue;
    if (!open) w.key("nlb").beginObject();
    open = true;
    w.key(kNlbStrings[k]).str(t.strings.get(id));
  }
  if (open) w.endObject();
}

void writeStringSlot(JsonWriter& w, const HostTable& t, int slot, uint32_t row) {
  StringId id = slot < 0 ? kUnknownString : t.columns[static_cast<size_t>(slot)].strings[row];
  if (id == kUnknownString)
    w.null();
  else
    w.str(t.strings.get(id));
}

void writeNumberSlot(JsonWriter& w, const HostTable& t, int slot, uint32_t row) {
  const Column* col = slot < 0 ? nullptr : &t.columns[static_cast<size_t>(slot)];
  w.num(col && col->type == ResourceType::kNumeric ? col->numbers[row] : kUnknown);
}

}  // namespace

std::string loadReplyJson(const LoadReply& reply) {
  const HostTable& t = *reply.table;
  const ValueSlots slots = valueSlots(*t.config, reply.derived);
  std::vector<char> shown;
  std::string out;
  out.reserve(4096);
  JsonWriter w(out);
  w.beginObject().key("cluster").str(t.config->clusterName).key("hosts").beginArray();
  for (size_t i = 0; i < reply.rows.size(); ++i) {
    uint32_t r = reply.rows[i];
    w.beginObject();
    // "age": seconds since the host's last report (policies' `age`), with the derived values a
    // replayable snapshot (lsload -json) asks for; plain replies stay as they were.
    if (reply.derived && r < t.reportedAt.size() && !std::isnan(t.reportedAt[r]) &&
        !std::isnan(reply.now))
      w.key("age").num(std::max(0.0, reply.now - t.reportedAt[r]));
    writeValues(w, t, r, slots, shown);
    writeExtras(w, reply.extras, i);
    w.key("name").str(t.names[r]).key("status").str(hostStatusName(t.status[r]));
    writeThresholds(w, hostConfigOf(t, r));
    writeValueMap(w, t, r, slots, shown);
    w.endObject();
    // Sized from the first host: growing a 50 MB reply by doubling copies and faults twice.
    if (i == 0) out.reserve(out.size() * (reply.rows.size() + 1) * 11 / 10 + 1024);
  }
  w.endArray().key("master").str(reply.master).key("ok").boolean(true).endObject();
  return out;
}

std::string hostsReplyJson(const HostsReply& reply) {
  const HostTable& t = *reply.table;
  const ConfigSnapshot& c = *t.config;
  // Members in key order, as on the wire since the first version.
  static const char* const kNumbers1[] = {"cpuf", "maxmem", "maxswp", "maxtmp"};
  static const char* const kNumbers2[] = {"ncores", "ncpus", "ndisks", "nthreads"};
  int n1[4], n2[4];
  for (int i = 0; i < 4; ++i) n1[i] = c.resourceIndex(kNumbers1[i]);
  for (int i = 0; i < 4; ++i) n2[i] = c.resourceIndex(kNumbers2[i]);
  const int typeSlot = c.resourceIndex("type"), modelSlot = c.resourceIndex("model");
  int nlb[4];
  for (int k = 0; k < 4; ++k) {
    nlb[k] = c.resourceIndex(kNlbStrings[k]);
    if (nlb[k] >= 0 && c.resources[static_cast<size_t>(nlb[k])].type != ResourceType::kString)
      nlb[k] = -1;
  }
  std::string out;
  out.reserve(32 + reply.rows.size() * 250);
  JsonWriter w(out);
  w.beginObject().key("hosts").beginArray();
  for (size_t i = 0; i < reply.rows.size(); ++i) {
    uint32_t r = reply.rows[i];
    const HostConfig* hc = hostConfigOf(t, r);
    w.beginObject();
    writeExtras(w, reply.extras, i);
    for (int k = 0; k < 4; ++k) writeNumberSlot(w.key(kNumbers1[k]), t, n1[k], r);
    writeStringSlot(w.key("model"), t, modelSlot, r);
    w.key("name").str(t.names[r]);
    for (int k = 0; k < 4; ++k) writeNumberSlot(w.key(kNumbers2[k]), t, n2[k], r);
    writeNlbStrings(w, t, nlb, r);
    w.key("resources").strings(resourceList(hc));
    w.key("server").boolean(hc ? hc->server : true);
    writeSiteAttributes(w, hc);
    w.key("status").str(hostStatusName(t.status[r]));
    writeThresholds(w, hc);
    writeStringSlot(w.key("type"), t, typeSlot, r);
    w.endObject();
  }
  w.endArray().key("ok").boolean(true).endObject();
  return out;
}

}  // namespace openlim::master
