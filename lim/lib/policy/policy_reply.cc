// policyReplyJson(), hostAttributes(), parseAtTime() (policy_reply.h).
#include "policy/policy_reply.h"

#include <cmath>
#include <cstdio>

#include "placement/rating_format.h"
#include "policy/policy_lower.h"

namespace openlim::policy {

std::vector<std::pair<std::string, std::string>> hostAttributes(const PolicyEngine& engine,
                                                                const HostTable& table,
                                                                uint32_t row,
                                                                const PolicyTime& at) {
  resreq::EvalEnv env{&table, table.config ? table.config->resourceIndex("ncpus") : -1,
                      table.config ? table.config->resourceIndex("cpuf") : -1, 1};
  if (table.config) env.maxCpuf = table.clusterMaxCpuf(env.cpufSlot);
  env.now = at.now;
  env.wallNow = at.wallNow;
  std::vector<std::pair<std::string, std::string>> out;
  for (const AttributeProbe& p : engine.dumpProbes()) {
    std::string v = probeText(p, env, row, true);
    if (v == "unknown" || (p.boolean && v == "0")) continue;  // a host without it
    out.emplace_back(p.name, std::move(v));
  }
  return out;
}

format::Json policyReplyJson(const PolicyEngine& engine, const PolicyResult& r,
                             const HostTable& table, const PolicyTime& at, bool attributes,
                             bool explain) {
  using format::Json;
  Json hosts = Json::array();
  for (size_t i = 0; i < r.rows.size(); ++i) {
    Json h = Json::object();
    h.add("host", Json::string(table.names[r.rows[i]]));
    h.add("value", Json::number(r.values[i]));  // NaN -> null
    if (attributes) {
      Json attrs = Json::array();
      auto all = hostAttributes(engine, table, r.rows[i], at);
      if (i < r.ratingTerms.size())  // a rating policy: the terms of each host's rating
        for (auto& a : placement::ratingAttributes(r.ratingTerms[i])) all.push_back(std::move(a));
      for (auto& [name, value] : all) {
        Json pair = Json::array();
        pair.push(Json::string(name));
        pair.push(Json::string(value));
        attrs.push(std::move(pair));
      }
      h.add("attributes", std::move(attrs));
    }
    hosts.push(std::move(h));
  }
  Json warnings = Json::array();
  for (const auto& w : r.warnings) warnings.push(Json::string(w));
  Json doc = Json::object();
  doc.add("policy", Json::string(r.policy));
  doc.add("period", Json::string(periodName(r.period.period)));
  doc.add("sorted", Json::boolean(r.sorted));
  doc.add("hosts", std::move(hosts));
  doc.add("warnings", std::move(warnings));
  if (explain) doc.add("explain", Json::string(r.explain));
  return doc;
}

Result<LocalTime> parseAtTime(std::string_view s) {
  LocalTime t;
  char tail = 0;
  std::string text(s.substr(0, 64));
  int n = std::sscanf(text.c_str(), "%4d-%2d-%2d %2d:%2d%c", &t.year, &t.month, &t.day, &t.hour,
                      &t.minute, &tail);
  bool shape =
      text.size() == 16 && text[4] == '-' && text[7] == '-' && text[10] == ' ' && text[13] == ':';
  if (n != 5 || !shape || !isValid(t))
    return Status(Code::kInvalid, "--at wants a time as \"YYYY-MM-DD HH:MM\"");
  return t;
}

}  // namespace openlim::policy
