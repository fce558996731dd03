// openlim::Client (include/openlim/client.h): builds each op's request, sends it through the
// transport and reads the reply with the one reply parser the commands use too.
#include <utility>

#include "format/json.h"
#include "format/reply_parse.h"
#include "format/request_text.h"
#include "openlim/client.h"
#include "request_client.h"

namespace openlim {
namespace {

using format::Json;

inline constexpr const char* kNoHost = "Not enough host(s) currently eligible";

Status masterUnknown() {
  return Status(Code::kUnavailable, Subcode::kMasterUnknown,
                "Cannot locate master LIM now, try later");
}

Json opRequest(const char* op) {
  Json o = Json::object();
  o.add("op", Json::string(op));
  return o;
}

Json names(const std::vector<std::string>& v) {
  Json a = Json::array();
  for (const auto& s : v) a.push(Json::string(s));
  return a;
}

// OK for `ok:true`; a second redirect (the transport follows one) means the master is moving.
Status replyStatus(const Json& reply) {
  if (reply.find("redirect") != nullptr) return masterUnknown();
  const Json* ok = reply.find("ok");
  if (ok == nullptr || !ok->asBool(false)) return format::replyError(reply);
  return Status::ok();
}

Status malformed(const Status& why) {
  return Status(Code::kInternal, "malformed reply from lim: " + why.message());
}

Result<Json> parseReply(const std::string& text) {
  auto reply = format::parseJson(text);
  if (!reply) return malformed(reply.status());
  if (!reply->isObject()) return Status(Code::kInternal, "malformed reply from lim");
  return reply;
}

Result<Json> checked(const Result<std::string>& text) {
  if (!text) return text.status();
  auto reply = parseReply(*text);
  if (!reply) return reply;
  if (Status s = replyStatus(*reply); !s.isOk()) return s;
  return reply;
}

Json placeRequest(const PlaceQuery& q) {
  Json req = opRequest("place");
  req.add("L", Json::boolean(q.fewestHosts));
  req.add("explain", Json::boolean(q.explain));
  if (!q.job.empty() || !q.jobText.empty()) {
    Json job = Json::object();
    for (const auto& [name, value] : q.job) job.add(name, Json::number(value));
    for (const auto& [name, text] : q.jobText) job.add(name, Json::string(text));
    req.add("job", std::move(job));
  }
  if (!q.hosts.empty()) req.add("hosts", names(q.hosts));
  if (!q.local.empty()) req.add("local", Json::string(q.local));
  req.add("n", Json::number(q.n));
  if (!q.policy.empty()) req.add("policy", Json::string(q.policy));
  if (!q.resreq.empty()) req.add("resreq", Json::string(q.resreq));
  req.add("w", Json::number(q.w));
  return req;
}

// A transport's kInvalid is about the reply's frame (oversized, bad magic): a protocol error,
// not the caller's bad input.
Result<std::string> protocolChecked(Result<std::string> r) {
  if (r || r.status().code() != Code::kInvalid) return r;
  // A request refused before it was sent is the caller's, not the protocol's.
  if (r.status().subcode() == Subcode::kRequestTooLarge) return r;
  return Status(Code::kInternal, "LIM protocol error: " + r.status().message());
}

}  // namespace

Client::Client(LimTransport& transport, std::string localHost)
    : transport_(std::shared_ptr<LimTransport>(), &transport), localHost_(std::move(localHost)) {}

Client::Client(std::shared_ptr<LimTransport> transport, std::string localHost)
    : transport_(std::move(transport)), localHost_(std::move(localHost)) {}

Result<std::string> Client::exchange(const std::string& json, bool admin) {
  if (!admin) return protocolChecked(transport_->ask(json, false));
  std::lock_guard<std::mutex> lock(adminMutex_);
  return protocolChecked(transport_->ask(json, true));
}

Result<std::string> Client::request(const std::string& json, bool admin) {
  auto text = exchange(json, admin);
  auto reply = checked(text);
  if (!reply) return reply.status();
  return text;
}

Result<format::IdInfo> Client::id(bool withPeriod) {
  Json req = opRequest("id");
  if (withPeriod) req.add("period", Json::boolean(true));
  auto reply = checked(exchange(format::requestText(req), false));
  // The master named but not answering (a failover): any lim's answer, without the period.
  if (!reply && withPeriod && reply.status().code() == Code::kUnavailable) return id(false);
  if (!reply) return reply.status();
  return format::parseId(*reply);
}

Result<std::string> Client::masterName() {
  auto i = id();
  if (!i) return i.status();
  if (i->master.empty()) return masterUnknown();
  return i->master;
}

Result<std::string> Client::clusterName() {
  auto i = id();
  if (!i) return i.status();
  return i->cluster;
}

Result<format::ClusterInfo> Client::info() {
  auto reply = checked(exchange(format::requestText(opRequest("info")), false));
  if (!reply) return reply.status();
  return format::parseInfo(*reply);
}

Result<std::vector<format::HostInfo>> Client::hosts(const HostQuery& q) {
  Json req = opRequest("hosts");
  if (!q.resreq.empty()) req.add("resreq", Json::string(q.resreq));
  if (!q.hosts.empty()) req.add("hosts", names(q.hosts));
  auto text = exchange(format::requestText(req), false);
  if (!text) return text.status();
  auto reply = format::parseHostsReply(*text);  // one host at a time, never one big tree
  if (!reply) return malformed(reply.status());
  if (Status s = replyStatus(reply->head); !s.isOk()) return s;
  return std::move(reply->hosts);
}

Result<format::LoadSnapshot> Client::load(const LoadQuery& q) {
  Json req = opRequest("load");
  if (!q.resreq.empty()) req.add("resreq", Json::string(q.resreq));
  if (!q.policy.empty()) req.add("policy", Json::string(q.policy));
  if (!q.hosts.empty()) req.add("hosts", names(q.hosts));
  if (q.n > 0) req.add("n", Json::number(q.n));
  if (q.derived) req.add("derived", Json::boolean(true));
  auto text = exchange(format::requestText(req), false);
  if (!text) return text.status();
  auto reply = format::parseLoadReply(*text);
  if (!reply) return malformed(reply.status());
  if (Status s = replyStatus(reply->head); !s.isOk()) return s;
  if (reply->snapshot.hosts.empty()) return Status(Code::kNotFound, kNoHost);
  return std::move(reply->snapshot);
}

Result<PlacementResult> Client::placeExplained(const PlaceQuery& q) {
  auto text = exchange(format::requestText(placeRequest(q)), false);
  if (!text) return text.status();
  auto reply = parseReply(*text);
  if (!reply) return reply.status();
  PlacementResult r = format::parsePlacement(*reply);
  Status s = replyStatus(*reply);
  if (s.isOk()) return r;
  if (reply->stringOr("code") != "noteligible") return s;
  r.status = s;
  return r;
}

Result<PlacementResult> Client::place(const PlaceQuery& q) {
  auto r = placeExplained(q);
  if (r && !r->status.isOk()) return r->status;
  return r;
}

Status Client::loadAdjust(const std::string& resreq, const std::vector<std::string>& slots) {
  Json req = opRequest("loadadj");
  req.add("hosts", names(slots));
  if (!resreq.empty()) req.add("resreq", Json::string(resreq));
  return checked(exchange(format::requestText(req), false)).status();
}

Status Client::lockHost(const std::string& host, double seconds) {
  Json req = opRequest("lock");
  req.add("host", Json::string(host.empty() ? localHost_ : host));
  req.add("seconds", Json::number(seconds));
  return checked(exchange(format::requestText(req), true)).status();
}

Status Client::unlockHost(const std::string& host) {
  Json req = opRequest("unlock");
  req.add("host", Json::string(host.empty() ? localHost_ : host));
  return checked(exchange(format::requestText(req), true)).status();
}

Result<ReconfigResult> Client::reconfig(bool verbose) {
  Json req = opRequest("reconfig");
  if (verbose) req.add("verbose", Json::boolean(true));
  auto text = exchange(format::requestText(req), true);
  if (!text) return text.status();
  auto reply = parseReply(*text);
  if (!reply) return reply.status();
  // A refused reconfig is an answer (its diagnostics say why), not a failure to ask.
  ReconfigResult r{format::stringList(*reply, "diagnostics"), replyStatus(*reply)};
  if (const Json* q = reply->find("quotas"); q && q->isObject()) {
    const std::string code = q->stringOr("code");
    r.quotas = code == "adopted"   ? QuotaFileOutcome::kAdopted
               : code == "absent"  ? QuotaFileOutcome::kAbsent
               : code == "refused" ? QuotaFileOutcome::kRefused
                                   : QuotaFileOutcome::kNotRead;
    r.quotaFile = q->stringOr("file");
    const Json* errors = q->find("errors");
    double n = errors ? errors->asNumber(0) : 0;
    r.quotaErrors = n >= 0 && n <= 1e6 ? static_cast<int>(n) : 0;
  }
  return r;
}

}  // namespace openlim
