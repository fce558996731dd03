#include "format/reply_json.h"

#include <algorithm>

#include "format/subcode.h"

namespace openlim::format {

Json jstrings(const std::vector<std::string>& v) {
  Json a = Json::array();
  for (const auto& s : v) a.push(Json::string(s));
  return a;
}

// Depth: a reply's own tree, or a text parseJson read (its depth cap bounds this).
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

std::string errorReply(const std::string& code, const std::string& message, Subcode subcode) {
  Json o = Json::object();
  o.add("code", Json::string(code));
  o.add("error", Json::string(message));
  o.add("ok", Json::boolean(false));
  if (subcode != Subcode::kNone) o.add("subcode", Json::string(std::string(subcodeName(subcode))));
  return o.compact();
}

}  // namespace openlim::format
