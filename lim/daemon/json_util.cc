#include "json_util.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace openlim::lim {

Json jstrings(const std::vector<std::string>& v) {
  Json a = Json::array();
  for (const auto& s : v) a.push(Json::string(s));
  return a;
}

Json sortedKeys(const Json& v) {
  if (v.isArray()) {
    Json a = Json::array();
    for (const auto& item : v.items()) a.push(sortedKeys(item));
    return a;
  }
  if (!v.isObject()) return v;
  std::vector<const std::pair<std::string, Json>*> members;
  for (const auto& m : v.members()) members.push_back(&m);
  std::stable_sort(members.begin(), members.end(),
                   [](const auto* a, const auto* b) { return a->first < b->first; });
  Json o = Json::object();
  for (const auto* m : members) o.add(m->first, sortedKeys(m->second));
  return o;
}

std::string jsonText(const Json& o) {
  return sortedKeys(o).compact();
}

std::string errorReply(const std::string& code, const std::string& message) {
  Json o = Json::object();
  o.add("code", Json::string(code));
  o.add("error", Json::string(message));
  o.add("ok", Json::boolean(false));
  return o.compact();
}

Result<Json> parseRequest(std::string_view text) {
  auto j = format::parseJson(text);
  if (!j) return j.status();
  if (!j->isObject()) return Status(Code::kInvalid, "request is not a JSON object");
  return j;
}

std::string reqString(const Json& req, std::string_view key, std::string fallback) {
  const Json* v = req.find(key);
  return v && v->isString() ? v->asString() : fallback;
}

double reqNumber(const Json& req, std::string_view key, double fallback) {
  const Json* v = req.find(key);
  return v && v->isNumber() ? v->asNumber() : fallback;
}

int reqInt(const Json& req, std::string_view key, int fallback) {
  double d = reqNumber(req, key, fallback);
  // Out-of-range counts clamp instead of overflowing the cast.
  constexpr double kMax = std::numeric_limits<int>::max(), kMin = std::numeric_limits<int>::min();
  return static_cast<int>(std::clamp(std::trunc(d), kMin, kMax));
}

bool reqBool(const Json& req, std::string_view key, bool fallback) {
  const Json* v = req.find(key);
  return v && v->isBool() ? v->asBool() : fallback;
}

std::vector<std::string> reqStrings(const Json& req, std::string_view key) {
  std::vector<std::string> out;
  if (const Json* a = req.find(key))
    for (const auto& item : a->items())
      if (item.isString()) out.push_back(item.asString());
  return out;
}

}  // namespace openlim::lim
