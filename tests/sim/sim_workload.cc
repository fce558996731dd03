#include "sim_workload.h"

#include <algorithm>

namespace openlim::sim {

namespace {
const char* const kUsers[] = {"alice", "bob", "carol"};
}

std::string Workload::liveHost() {
  std::vector<std::string> live;
  for (const auto& n : c_.names())
    if (c_.node(n)) live.push_back(n);
  return live.empty() ? "" : live[index(live.size())];
}

void Workload::clientOp() {
  const std::string host = liveHost();
  if (host.empty()) return;
  const double dice = uniform(0, 1);
  const auto& active = inv_.active();
  if (dice < 0.1) {
    c_.request(host, "alice", R"({"op":"load"})", false);
  } else if (dice < 0.55 || active.empty()) {
    const std::string user = kUsers[index(3)];
    const int n = 1 + static_cast<int>(index(4));
    const int lease = 60 + static_cast<int>(index(541));
    c_.request(host, user,
               R"({"op":"reserve","n":)" + std::to_string(n) + R"(,"lease":)" +
                   std::to_string(lease) + R"(,"caller":")" + user + "\"}");
  } else {
    auto it = active.begin();
    std::advance(it, static_cast<long>(index(active.size())));
    const std::string id = it->first, user = it->second.user;
    if (dice < 0.75)
      c_.request(host, user,
                 R"({"op":"renew","id":")" + id + R"(","lease":)" +
                     std::to_string(60 + index(541)) + R"(,"caller":")" + user + "\"}");
    else
      c_.request(host, user,
                 R"({"op":"release","ids":[")" + id + R"("],"caller":")" + user + "\"}");
  }
}

void Workload::fault() {
  const double dice = uniform(0, 1);
  if (dice < 0.5) {
    const std::string host = liveHost();
    if (host.empty()) return;
    const double d = uniform(0, 1);
    const Damage damage = d < 0.55   ? Damage::kIntact
                          : d < 0.75 ? Damage::kTruncated
                          : d < 0.9  ? Damage::kGarbled
                                     : Damage::kGone;
    inv_.filesDamaged(host, damage);
    c_.crash(host, damage, chance(0.3));
    ++crashes_;
    restarts_.push_back({c_.now() + uniform(3, 60), host});
  } else if (dice < 0.75) {
    std::vector<std::string> side;
    for (const auto& n : c_.names())
      if (chance(0.5)) side.push_back(n);
    if (side.empty() || side.size() == c_.names().size()) return;
    c_.net().partition({side});
    c_.note("partition: {" + [&] {
      std::string s;
      for (const auto& n : side) s += (s.empty() ? "" : " ") + n;
      return s;
    }() + "} from the rest");
    inv_.partitioned();
    ++partitions_;
    healAt_ = c_.now() + uniform(10, 90);
  } else {
    NetFaults f = c_.net().faults();
    f.drop = uniform(0.1, 0.5);
    f.duplicate = uniform(0, 0.1);
    f.reorder = uniform(0, 0.2);
    c_.net().setFaults(f);
    c_.note("loss burst: drop " + std::to_string(f.drop));
    lossEndsAt_ = c_.now() + uniform(5, 40);
  }
}

void Workload::due() {
  const double now = c_.now();
  for (auto it = restarts_.begin(); it != restarts_.end();) {
    if (it->first <= now) {
      c_.restart(it->second);
      it = restarts_.erase(it);
    } else {
      ++it;
    }
  }
  if (healAt_ >= 0 && healAt_ <= now) {
    c_.net().heal();
    c_.note("heal");
    healAt_ = -1;
  }
  if (lossEndsAt_ >= 0 && lossEndsAt_ <= now) {
    c_.net().setFaults(NetFaults{});
    c_.note("loss burst ends");
    lossEndsAt_ = -1;
  }
}

void Workload::healAll() {
  c_.net().heal();
  c_.net().setFaults(NetFaults{});
  healAt_ = lossEndsAt_ = -1;
  restarts_.clear();
  for (const auto& n : c_.names()) c_.restart(n);
  c_.note("all healed and restarted");
}

bool Workload::calm() const {
  return restarts_.empty() && healAt_ < 0 && lossEndsAt_ < 0;
}

}  // namespace openlim::sim
