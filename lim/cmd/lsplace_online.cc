#include "lsplace_online.h"

#include "client.h"
#include "format/json.h"

namespace openlim::cmd {
namespace {

using format::Json;

std::string placeRequest(const LsplaceOptions& o, const std::string& localHost) {
  // Keys in sorted order, as every command's requests (command.cc requestText).
  Json req = Json::object();
  req.add("L", Json::boolean(o.place.fewestHosts));
  req.add("explain", Json::boolean(o.place.explain));
  if (!o.job.empty()) {
    Json job = Json::object();
    for (const auto& j : o.job) job.add(j.name, Json::number(j.value));
    req.add("job", std::move(job));
  }
  if (!o.place.candidates.empty()) {
    Json hosts = Json::array();
    for (const auto& h : o.place.candidates) hosts.push(Json::string(h));
    req.add("hosts", std::move(hosts));
  }
  if (!localHost.empty()) req.add("local", Json::string(localHost));
  req.add("n", Json::number(o.place.minSlots));
  req.add("op", Json::string("place"));
  if (!o.policy.empty()) req.add("policy", Json::string(o.policy));
  if (!o.resreq.empty()) req.add("resreq", Json::string(o.resreq));
  req.add("w", Json::number(o.place.maxSlots));
  return req.compact();
}

PlacementResult placementOf(const Json& reply) {
  PlacementResult r;
  if (const Json* hosts = reply.find("hosts"))
    for (const Json& h : hosts->items())
      if (h.isString()) r.slots.push_back(h.asString());
  if (const Json* ex = reply.find("explain")) {
    for (const Json& e : ex->items()) {
      if (!e.isObject()) continue;
      r.explanations.push_back(
          {e.stringOr("host"), outcomeFromName(e.stringOr("outcome")), e.stringOr("reason")});
    }
  }
  return r;
}

}  // namespace

int placeOnline(const LsplaceOptions& o, Querier& lim, const std::string& localHost, Out& out,
                Out& err) {
  auto text = lim.ask(placeRequest(o, localHost), false);
  if (!text) {
    err << "lsplace: "
        << (text.status().code() == Code::kUnavailable ? "LIM is down; try later"
                                                       : text.status().message())
        << '\n';
    return text.status().code() == Code::kUnavailable ? kExitDown : kExitNotFound;
  }
  auto reply = format::parseJson(*text);
  if (!reply || !reply->isObject()) {
    err << "lsplace: malformed reply from lim\n";
    return kExitNotFound;
  }
  if (reply->find("redirect") != nullptr) {
    err << "lsplace: Cannot locate master LIM now, try later\n";
    return kExitDown;
  }
  PlacementResult r = placementOf(*reply);
  if (const Json* ok = reply->find("ok"); ok == nullptr || !ok->asBool()) {
    std::string code = reply->stringOr("code", "internal");
    std::string msg = reply->stringOr("error", "placement failed");
    if (code == "unavailable") {
      err << "lsplace: LIM is down; try later\n";
      return kExitDown;
    }
    if (code != "noteligible") {
      err << "lsplace: " << clipEchoes(o, msg) << '\n';
      return code == "syntax" || code == "denied" ? kExitUsage : kExitNotFound;
    }
    r.status = Status(Code::kNotFound, msg);
  }
  return printPlacement(o, r, out, err);
}

int placeOnlineMain(const LsplaceOptions& o) {
  auto config = shell::clientConfigFromEnvironment();
  if (!config) {
    standardError() << "lsplace: " << config.status().message() << "\n";
    return kExitUsage;
  }
  struct ClientQuerier : Querier {
    shell::LimClient client;
    explicit ClientQuerier(shell::ClientConfig c) : client(std::move(c)) {}
    Result<std::string> ask(const std::string& req, bool admin) override {
      return client.ask(req, admin);
    }
  } q(std::move(config.value()));  // no copy of a 10,000-line hosts file
  return placeOnline(o, q, q.client.config().localHost, standardOutput(), standardError());
}

}  // namespace openlim::cmd
