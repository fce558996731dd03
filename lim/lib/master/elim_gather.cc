#include "master/elim_gather.h"

#include <algorithm>

namespace openlim::master {

using format::Json;

double elimGatherBudget(const ClusterParams& p) {
  return std::clamp(0.5 * p.exInterval * p.masterInactivityLimit, 0.2, 5.0);
}

Json elimDownEntry(const std::string& host, const std::string& why) {
  Json h = Json::object();
  h.add("host", Json::string(host));
  h.add("error", Json::string("LIM is down; try later"));
  h.add("reason", Json::string(why));
  return h;
}

// The other lim answers {"op":"elimstatus","host":itself} locally, with one entry.
Json elimRemoteEntry(const std::string& host, const Result<std::string>& reply) {
  if (!reply) return elimDownEntry(host, reply.status().message());
  auto o = format::parseJson(*reply);
  if (!o) return elimDownEntry(host, "bad reply: " + o.status().message());
  if (!o->isObject()) return elimDownEntry(host, "bad reply");
  const Json* hs = o->find("hosts");
  const Json* ok = o->find("ok");
  if (!ok || !ok->asBool() || !hs || hs->items().empty() || !hs->items().front().isObject())
    return elimDownEntry(host, o->stringOr("error", "bad reply"));
  return hs->items().front();
}

ElimGather::ElimGather(std::vector<std::string> hosts, double deadline)
    : hosts_(std::move(hosts)),
      entries_(hosts_.size()),
      asked_(hosts_.size(), false),
      deadline_(deadline) {}

void ElimGather::set(size_t i, Json entry) {
  if (i >= hosts_.size() || entries_[i]) return;
  entries_[i] = std::move(entry);
  ++done_;
  if (asked_[i]) --inFlight_;
}

std::optional<size_t> ElimGather::nextToAsk() {
  while (next_ < hosts_.size() && entries_[next_]) ++next_;
  if (next_ == hosts_.size() || inFlight_ >= kMaxInFlight) return std::nullopt;
  asked_[next_] = true;
  ++inFlight_;
  return next_++;
}

void ElimGather::expire(const std::string& why) {
  for (size_t i = 0; i < hosts_.size(); ++i)
    if (!entries_[i])
      set(i, elimDownEntry(hosts_[i], asked_[i] ? why : "not asked: elimstatus time budget spent"));
}

Json ElimGather::result() const {
  Json hosts = Json::array();
  for (const auto& e : entries_) hosts.push(e ? *e : Json::object());
  Json o = Json::object();
  o.add("hosts", std::move(hosts));
  o.add("ok", Json::boolean(true));
  return o;
}

}  // namespace openlim::master
