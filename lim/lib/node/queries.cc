#include "node/queries.h"

#include "master/query_reply_json.h"
#include "master/query_request.h"

namespace openlim::node {
namespace {

// decode -> answer -> encode; a bad field or a failed answer is an error reply.
template <typename Request, typename Reply>
Answer serve(const Result<Request>& req, const QueryContext& ctx,
             Result<Reply> (*answer)(const Request&, const QueryContext&),
             std::string (*encode)(const Reply&)) {
  if (!req) return Answer::failed(req.status());
  Result<Reply> reply = answer(*req, ctx);
  return reply ? Answer::success(encode(*reply)) : Answer::failed(reply.status());
}

}  // namespace

Answer queryLoad(const format::Json& req, const QueryContext& ctx) {
  return serve(master::decodeLoadRequest(req), ctx, master::answerLoad, master::loadReplyJson);
}

Answer queryHosts(const format::Json& req, const QueryContext& ctx) {
  return serve(master::decodeHostsRequest(req), ctx, master::answerHosts, master::hostsReplyJson);
}

Answer queryInfo(const format::Json&, const QueryContext& ctx) {
  return Answer::success(master::infoReplyJson(master::answerInfo(ctx)));
}

// A placement that found too few hosts is answered with its explanation, not failed.
Answer queryPlace(const format::Json& req, const QueryContext& ctx) {
  auto decoded = master::decodePlaceRequest(req);
  if (!decoded) return Answer::failed(decoded.status());
  auto reply = master::answerPlace(*decoded, ctx);
  if (!reply) return Answer::failed(reply.status());
  return {reply->result.status.isOk(), false, {}, master::placeReplyJson(*reply)};
}

Answer queryLoadAdj(const format::Json& req, const QueryContext& ctx) {
  return serve(master::decodeLoadAdjRequest(req), ctx, master::answerLoadAdj,
               master::loadAdjReplyJson);
}

Answer queryPolicy(const format::Json& req, const QueryContext& ctx) {
  return serve(master::decodePolicyQuery(req), ctx, master::answerPolicy, master::policyReplyJson);
}

Answer queryShared(const format::Json& req, const QueryContext& ctx) {
  return serve(master::decodeSharedRequest(req), ctx, master::answerShared,
               master::sharedReplyJson);
}

}  // namespace openlim::node
