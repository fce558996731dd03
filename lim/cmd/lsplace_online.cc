#include "lsplace_online.h"

#include <iostream>
#include <sstream>

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include "client.h"

namespace openlim::cmd {
namespace {

using Poco::JSON::Array;
using Poco::JSON::Object;

std::string placeRequest(const LsplaceOptions& o, const std::string& localHost) {
  Object req;
  req.set("op", "place");
  if (!o.resreq.empty()) req.set("resreq", o.resreq);
  req.set("n", o.place.minSlots);
  req.set("w", o.place.maxSlots);
  req.set("L", o.place.fewestHosts);
  req.set("explain", o.place.explain);
  if (!localHost.empty()) req.set("local", localHost);
  if (!o.place.candidates.empty()) {
    Array::Ptr hosts = new Array;
    for (const auto& h : o.place.candidates) hosts->add(h);
    req.set("hosts", hosts);
  }
  std::ostringstream ss;
  req.stringify(ss);
  return ss.str();
}

PlacementResult placementOf(const Object& reply) {
  PlacementResult r;
  if (Array::Ptr hosts = reply.getArray("hosts"); !hosts.isNull())
    for (size_t i = 0; i < hosts->size(); ++i)
      r.slots.push_back(hosts->getElement<std::string>(static_cast<unsigned>(i)));
  if (Array::Ptr ex = reply.getArray("explain"); !ex.isNull()) {
    for (size_t i = 0; i < ex->size(); ++i) {
      Object::Ptr e = ex->getObject(static_cast<unsigned>(i));
      if (e.isNull()) continue;
      r.explanations.push_back({e->optValue<std::string>("host", ""),
                                outcomeFromName(e->optValue<std::string>("outcome", "")),
                                e->optValue<std::string>("reason", "")});
    }
  }
  return r;
}

}  // namespace

int placeOnline(const LsplaceOptions& o, Querier& lim, const std::string& localHost,
                std::ostream& out, std::ostream& err) {
  auto text = lim.ask(placeRequest(o, localHost), false);
  if (!text) {
    err << "lsplace: " << (text.status().code() == Code::kUnavailable ? "LIM is down; try later"
                                                                       : text.status().message())
        << '\n';
    return text.status().code() == Code::kUnavailable ? kExitLimDown : kExitNotEnough;
  }
  Object::Ptr reply;
  try {
    reply = Poco::JSON::Parser().parse(*text).extract<Object::Ptr>();
  } catch (const std::exception& e) {
    err << "lsplace: malformed reply from lim\n";
    return kExitNotEnough;
  }
  if (reply->has("redirect")) {
    err << "lsplace: Cannot locate master LIM now, try later\n";
    return kExitLimDown;
  }
  PlacementResult r = placementOf(*reply);
  if (!reply->optValue<bool>("ok", false)) {
    std::string code = reply->optValue<std::string>("code", "internal");
    std::string msg = reply->optValue<std::string>("error", "placement failed");
    if (code == "unavailable") {
      err << "lsplace: LIM is down; try later\n";
      return kExitLimDown;
    }
    if (code != "noteligible") {
      err << "lsplace: " << msg << '\n';
      return code == "syntax" ? kExitUsage : kExitNotEnough;
    }
    r.status = Status(Code::kNotFound, msg);
  }
  return printPlacement(o, r, out, err);
}

int placeOnlineMain(const LsplaceOptions& o) {
  auto config = shell::clientConfigFromEnvironment();
  if (!config) {
    std::cerr << "lsplace: " << config.status().message() << "\nlsplace: LIM is down; try later\n";
    return kExitLimDown;
  }
  struct ClientQuerier : Querier {
    shell::LimClient client;
    explicit ClientQuerier(shell::ClientConfig c) : client(std::move(c)) {}
    Result<std::string> ask(const std::string& req, bool admin) override {
      return client.ask(req, admin);
    }
  } q(config.value());
  return placeOnline(o, q, q.client.config().localHost, std::cout, std::cerr);
}

}  // namespace openlim::cmd
