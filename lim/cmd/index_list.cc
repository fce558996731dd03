#include "index_list.h"

#include <algorithm>

#include "format/values.h"

namespace openlim::cmd {

std::vector<std::string> splitColons(const std::string& s) {
  std::vector<std::string> out;
  for (size_t at = 0; at <= s.size();) {
    size_t end = std::min(s.find(':', at), s.size());
    if (end > at) out.push_back(s.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

Status checkIndices(const std::vector<std::string>& names, const format::ClusterInfo& info) {
  if (names.empty()) return Status(Code::kNotFound, "Bad index name list");
  for (const auto& n : names) {
    if (format::isBuiltinIndex(n)) continue;
    const format::ResourceInfo* r = info.find(n);
    if (r == nullptr || r->type != ResourceType::kNumeric || !r->dynamic || r->shared)
      return Status(Code::kNotFound, "Bad index name list");
  }
  return Status::ok();
}

}  // namespace openlim::cmd
