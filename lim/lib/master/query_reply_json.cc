// The info, place and shared replies and the error reply.
#include "master/query_reply_json.h"

#include <set>

#include "format/json_writer.h"
#include "format/reply_json.h"
#include "format/subcode.h"

namespace openlim::master {

using format::Json;

namespace {

const char* replyCode(Code c) {
  switch (c) {
    case Code::kInvalid:
    case Code::kUnsupported:
      return "syntax";
    case Code::kNotFound:
      return "notfound";
    case Code::kNotEligible:
      return "noteligible";
    case Code::kDenied:
      return "denied";
    default:
      return "internal";
  }
}

}  // namespace

std::string errorReplyJson(const Status& st) {
  return format::errorReply(replyCode(st.code()), st.message(), st.subcode());
}

std::string policyReplyJson(const PolicyQueryReply& r) {
  Json doc = r.doc;
  doc.add("ok", Json::boolean(true));
  return doc.compact();
}

std::string infoReplyJson(const InfoReply& reply) {
  const ConfigSnapshot& c = *reply.config;
  Json res = Json::array();
  for (const auto& r : c.resources) {
    Json o = Json::object();
    o.add("name", Json::string(r.name));
    o.add("type", Json::string(r.type == ResourceType::kNumeric  ? "Numeric"
                               : r.type == ResourceType::kString ? "String"
                                                                 : "Boolean"));
    o.add("order", Json::string(r.direction == Direction::kIncreasing   ? "Inc"
                                : r.direction == Direction::kDecreasing ? "Dec"
                                                                        : "N/A"));
    o.add("interval", Json::number(r.interval));
    o.add("builtin", Json::boolean(r.builtin));
    o.add("dynamic", Json::boolean(r.dynamic));
    o.add("release", Json::boolean(r.release));
    o.add("consumable", Json::boolean(r.consumable));
    o.add("shared", Json::boolean(r.shared));
    if (r.derived) o.add("derived", Json::boolean(true));
    o.add("description", Json::string(r.description));
    res.push(std::move(o));
  }
  std::set<std::string> usedModels;
  for (const auto& h : c.hosts) usedModels.insert(h.model);
  Json models = Json::array();
  for (const auto& m : c.models) {
    Json o = Json::object();
    o.add("name", Json::string(m.name));
    o.add("cpuf", Json::number(m.cpuFactor));
    o.add("arch", Json::string(m.architecture));
    o.add("used", Json::boolean(usedModels.count(m.name) > 0));
    models.push(std::move(o));
  }
  Json o = Json::object();
  o.add("ok", Json::boolean(true));
  o.add("resources", std::move(res));
  o.add("types", format::jstrings(c.hostTypes));
  o.add("models", std::move(models));
  return format::jsonText(o);
}

std::string loadAdjReplyJson(const LoadAdjReply& reply) {
  std::string out;
  format::JsonWriter w(out);
  w.beginObject().key("adjusted").num(static_cast<double>(reply.adjusted));
  w.key("ok").boolean(true).endObject();
  return out;
}

std::string placeReplyJson(const PlaceReply& reply) {
  const PlacementResult& pr = reply.result;
  // Members in key order, as on the wire since the first version.
  std::string out;
  format::JsonWriter w(out);
  w.beginObject();
  if (!pr.status.isOk()) w.key("code").str("noteligible").key("error").str(pr.status.message());
  w.key("explain").beginArray();
  for (const auto& e : pr.explanations) {
    w.beginObject().key("host").str(e.host).key("outcome").str(outcomeName(e.outcome));
    w.key("reason").str(e.reason).endObject();
  }
  w.endArray().key("hosts").strings(pr.slots).key("ok").boolean(pr.status.isOk());
  if (pr.status.subcode() != Subcode::kNone)  // an unknown host among the candidates
    w.key("subcode").str(format::subcodeName(pr.status.subcode()));
  w.endObject();
  return out;
}

std::string sharedReplyJson(const SharedReply& reply) {
  Json out = Json::array();
  for (const auto& inst : reply.instances) {
    Json o = Json::object();
    o.add("resource", Json::string(inst.resource));
    o.add("type", Json::string(inst.isString ? "String" : "Numeric"));
    Json value;
    if (inst.number) value = Json::number(*inst.number);
    if (inst.text) value = Json::string(*inst.text);
    o.add("value", std::move(value));
    o.add("reserved", Json::number(inst.reserved));
    o.add("locations", format::jstrings(inst.locations));
    o.add("all", Json::boolean(inst.all));
    o.add("dynamic", Json::boolean(inst.dynamic));
    o.add("server", Json::string(inst.server));
    out.push(std::move(o));
  }
  Json o = Json::object();
  o.add("ok", Json::boolean(true));
  o.add("instances", std::move(out));
  return format::jsonText(o);
}

}  // namespace openlim::master
