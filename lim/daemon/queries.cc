#include "queries.h"

#include "master/query_reply_json.h"
#include "master/query_request.h"

namespace openlim::lim {
namespace {

// decode -> answer -> encode; a bad field or a failed answer is an error reply.
template <typename Request, typename Reply>
std::string serve(const Result<Request>& req, const QueryContext& ctx,
                  Result<Reply> (*answer)(const Request&, const QueryContext&),
                  std::string (*encode)(const Reply&)) {
  if (!req) return master::errorReplyJson(req.status());
  Result<Reply> reply = answer(*req, ctx);
  return reply ? encode(*reply) : master::errorReplyJson(reply.status());
}

}  // namespace

std::string queryLoad(const format::Json& req, const QueryContext& ctx) {
  return serve(master::decodeLoadRequest(req), ctx, master::answerLoad, master::loadReplyJson);
}

std::string queryHosts(const format::Json& req, const QueryContext& ctx) {
  return serve(master::decodeHostsRequest(req), ctx, master::answerHosts, master::hostsReplyJson);
}

std::string queryInfo(const QueryContext& ctx) {
  return master::infoReplyJson(master::answerInfo(ctx));
}

std::string queryPlace(const format::Json& req, const QueryContext& ctx) {
  return serve(master::decodePlaceRequest(req), ctx, master::answerPlace, master::placeReplyJson);
}

std::string queryPolicy(const format::Json& req, const QueryContext& ctx) {
  return serve(master::decodePolicyQuery(req), ctx, master::answerPolicy, master::policyReplyJson);
}

std::string queryShared(const format::Json& req, const QueryContext& ctx) {
  return serve(master::decodeSharedRequest(req), ctx, master::answerShared,
               master::sharedReplyJson);
}

}  // namespace openlim::lim
