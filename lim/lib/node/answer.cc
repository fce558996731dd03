#include "node/answer.h"

#include "format/json.h"
#include "format/reply_json.h"
#include "master/query_reply_json.h"

namespace openlim::node {

Answer Answer::error(const std::string& code, const std::string& message) {
  return {false, false, {}, format::errorReply(code, message)};
}

Answer Answer::failed(const Status& st) {
  return {false, false, {}, master::errorReplyJson(st)};
}

Answer Answer::masterUnknown() {
  std::string body = format::errorReply("unavailable", "Cannot locate master LIM now, try later",
                                        Subcode::kMasterUnknown);
  return {false, false, {}, std::move(body)};
}

Answer Answer::redirectTo(const std::string& master) {
  format::Json o = format::Json::object();
  o.add("ok", format::Json::boolean(false));
  o.add("redirect", format::Json::string(master));
  return {false, false, master, o.compact()};
}

}  // namespace openlim::node
