#include "json_util.h"

#include <algorithm>
#include <cmath>
#include <limits>

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
