#include "format/request_text.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace openlim::format {

std::string requestText(const Json& req) {
  if (!req.isObject()) return req.compact();
  std::vector<const std::pair<std::string, Json>*> members;
  for (const auto& m : req.members()) members.push_back(&m);
  std::stable_sort(members.begin(), members.end(),
                   [](const auto* a, const auto* b) { return a->first < b->first; });
  Json sorted = Json::object();
  for (const auto* m : members) sorted.add(m->first, m->second);
  return sorted.compact();
}

}  // namespace openlim::format
