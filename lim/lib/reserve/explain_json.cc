#include "reserve/explain_json.h"

namespace openlim::reserve {
namespace {

using format::Json;

Json limitJson(const LimitUse& l) {
  Json o = Json::object();  // keys in sorted order, as every reply's
  o.add("admitted", Json::boolean(l.admitted));
  o.add("consumer", Json::string(l.consumer));
  if (!l.wanted.empty()) o.add("has", Json::string(l.found));  // "" when not reported
  o.add("limit", Json::number(static_cast<double>(l.limit)));
  o.add("requested", Json::number(static_cast<double>(l.requested)));
  o.add("resource", Json::string(l.resource));
  o.add("rule", Json::string(l.rule));
  o.add("set", Json::string(l.set));
  o.add("used", Json::number(static_cast<double>(l.used)));
  if (!l.wanted.empty()) o.add("wants", Json::string(l.wanted));
  return o;
}

}  // namespace

Json placementExplainJson(const std::vector<HostExplanation>& explanations) {
  Json a = Json::array();
  for (const HostExplanation& e : explanations) {
    Json o = Json::object();
    o.add("host", Json::string(e.host));
    o.add("outcome", Json::string(outcomeName(e.outcome)));
    o.add("reason", Json::string(e.reason));
    a.push(std::move(o));
  }
  return a;
}

Json quotaExplainJson(const std::vector<HostQuota>& quota) {
  Json a = Json::array();
  for (const HostQuota& q : quota) {
    Json limits = Json::array();
    for (const LimitUse& l : q.limits) limits.push(limitJson(l));
    Json o = Json::object();
    o.add("admitted", Json::boolean(q.admitted));
    o.add("host", Json::string(q.host));
    o.add("limits", std::move(limits));
    o.add("reason", Json::string(q.reason()));
    o.add("slots", Json::number(q.slots));
    a.push(std::move(o));
  }
  return a;
}

}  // namespace openlim::reserve
