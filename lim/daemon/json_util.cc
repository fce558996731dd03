#include "json_util.h"

namespace openlim::lim {

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

}  // namespace openlim::lim
