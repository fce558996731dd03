#include "node/holds_messages.h"

#include "format/json.h"
#include "format/json_writer.h"
#include "format/reply_json.h"
#include "reserve/reservation_json.h"

namespace openlim::node {

using format::Json;

std::string holdJson(const std::string& sender, const reserve::Reservation& r) {
  Json o = Json::object();
  o.add("op", Json::string("hold"));
  o.add("reservation", reserve::reservationJson(r));
  o.add("sender", Json::string(sender));
  return o.compact();
}

std::string unholdJson(const std::string& sender, const std::string& id, uint64_t version,
                       uint64_t term) {
  Json o = Json::object();
  o.add("ids", format::jstrings({id}));
  o.add("op", Json::string("unhold"));
  o.add("sender", Json::string(sender));
  if (term > 0) o.add("term", Json::number(static_cast<double>(term)));
  o.add("version", Json::number(static_cast<double>(version)));
  return o.compact();
}

std::string askHoldsJson(const std::string& sender, uint64_t term) {
  return "{\"op\":\"askholds\",\"sender\":" + format::jsonQuote(sender) +
         (term > 0 ? ",\"term\":" + std::to_string(term) : std::string()) + "}";
}

std::string gotHoldsJson(const std::string& sender, size_t part, size_t parts) {
  return "{\"op\":\"gotholds\",\"part\":" + std::to_string(part) +
         ",\"parts\":" + std::to_string(parts) + ",\"sender\":" + format::jsonQuote(sender) + "}";
}

std::string fencedJson(const std::string& sender, uint64_t term) {
  return "{\"op\":\"fenced\",\"sender\":" + format::jsonQuote(sender) +
         ",\"term\":" + std::to_string(term) + "}";
}

}  // namespace openlim::node
