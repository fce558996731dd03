// The elimstatus fan-out: the other lims are asked over non-blocking connections polled by
// the same loop (shell::AsyncRequest), a few at a time per gather (master::ElimGather), and
// the waiting client's reply is written when the last answer or the gather's deadline comes.
#include <algorithm>

#include "json_util.h"
#include "lim_server.h"

namespace openlim::lim {
namespace {

std::string elimRequestFrame(const std::string& host) {
  Json req = Json::object();
  req.add("host", Json::string(host));
  req.add("op", Json::string("elimstatus"));  // answered locally there: never fans out again
  return protocol::encodeFrame({.kind = protocol::Kind::kRequest, .body = req.compact()}, nullptr);
}

}  // namespace

std::string LimServer::deferGather(master::ElimGather g, double now) {
  if (servingConn_ == 0) {  // no connection to answer later (called directly): answer now
    g.expire("not asked: no connection to answer on");
    return jsonText(g.result());
  }
  uint64_t id = nextGatherId_++;
  gathers_.emplace(id, Gather{servingConn_, std::move(g)});
  pumpGather(id, now);
  auto it = gathers_.find(id);
  if (!it->second.gather.complete()) return {};  // the connection waits for it
  std::string reply = jsonText(it->second.gather.result());
  gathers_.erase(it);
  return reply;
}

// Starts sub-requests while the gather's window has room.
void LimServer::pumpGather(uint64_t id, double now) {
  master::ElimGather& g = gathers_.at(id).gather;
  while (auto i = g.nextToAsk()) {
    const std::string& host = g.host(*i);
    auto ip = addressOf(host);
    if (!ip) {
      g.set(*i, master::elimDownEntry(host, "cannot resolve address"));
      continue;
    }
    double deadline = std::min(g.deadline(), now + master::kElimAskSeconds);
    auto req = std::make_unique<shell::AsyncRequest>(*ip, port_, elimRequestFrame(host), deadline);
    ++counters_.elim_subrequests;
    if (req->finished())
      g.set(*i, master::elimRemoteEntry(host, req->result()));
    else
      subs_.push_back({std::move(req), id, *i});
  }
}

void LimServer::onSubRequestsReady(const std::vector<pollfd>& fds, size_t base, double now) {
  for (size_t i = base; i < fds.size(); ++i)
    if (fds[i].revents) subs_[i - base].req->onReady(fds[i].revents);
  std::vector<uint64_t> touched;
  for (auto& s : subs_) {
    if (!s.req->finished() && now >= s.req->deadline()) s.req->expire();
    if (!s.req->finished()) continue;
    if (s.forwardConn != 0) {
      onForwardDone(s, now);
      continue;
    }
    auto it = gathers_.find(s.gatherId);
    if (it != gathers_.end()) {
      it->second.gather.set(
          s.slot, master::elimRemoteEntry(it->second.gather.host(s.slot), s.req->result()));
      touched.push_back(s.gatherId);
    }
  }
  std::erase_if(subs_, [](const SubRequest& s) { return s.req->finished(); });
  for (uint64_t id : touched)
    if (gathers_.count(id)) pumpGather(id, now);
  forwardNext(now);
}

// Completes the gathers that have every entry or whose deadline passed, and replies.
void LimServer::expireGathers(double now) {
  for (auto it = gathers_.begin(); it != gathers_.end();) {
    master::ElimGather& g = it->second.gather;
    if (!g.complete() && now >= g.deadline()) {
      const uint64_t id = it->first;
      std::erase_if(subs_, [id](const SubRequest& s) { return s.gatherId == id; });
      g.expire("timed out waiting for reply");
    }
    if (!g.complete()) {
      ++it;
      continue;
    }
    if (Conn* c = findConn(it->second.connId); c && c->phase == Conn::Phase::kWaiting)
      startReply(*c, jsonText(g.result()), now);
    it = gathers_.erase(it);
  }
}

}  // namespace openlim::lim
