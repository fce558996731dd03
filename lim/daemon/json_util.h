#pragma once
// Small helpers to build JSON replies with POCO (NaN becomes null).

#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <cmath>
#include <string>
#include <vector>

namespace openlim::lim {

inline Poco::Dynamic::Var jnum(double v) {
  if (std::isnan(v)) return Poco::Dynamic::Var();
  return v;
}

inline Poco::JSON::Array::Ptr jstrings(const std::vector<std::string>& v) {
  Poco::JSON::Array::Ptr a = new Poco::JSON::Array;
  for (const auto& s : v) a->add(s);
  return a;
}

std::string jsonText(const Poco::JSON::Object::Ptr& o);
std::string errorReply(const std::string& code, const std::string& message);

}  // namespace openlim::lim
