// A keeper's holds report (docs/reservations.md "Nothing lost"; docs/protocol.md): what this
// lim keeps, to a new or restarted master, cut into datagrams.
#include "format/json_writer.h"
#include "node/holds_limits.h"
#include "node/lim_node.h"
#include "reserve/reservation_json.h"

namespace openlim::node {

// Our holds to `to`, in datagrams of at most kMaxHoldsPart bytes (an empty report too: the
// master then knows this host holds nothing), each naming its part and how many there are
// (the master knows the report whole once every part came). A voter in quorum mode names
// what it promised and adopted; `afterCommit`: it just promised, and the report waits for
// the disk.
size_t LimNode::sendHoldsReport(const std::string& to, Effects* fx, bool afterCommit) {
  std::vector<std::string> items;
  for (const reserve::Reservation* r : held_.list(""))
    items.push_back(reserve::reservationJson(*r).compact());
  // The first part also names the releases this host journalled last (newest first).
  auto released = [&](size_t part) -> std::string {
    if (part != 0) return "";
    std::string out = ",\"released\":[";
    const auto ids = held_.recentlyReleased(kMaxReleasedReported);
    for (size_t i = 0; i < ids.size(); ++i) out += (i ? "," : "") + format::jsonQuote(ids[i]);
    return out + "]";
  };
  std::vector<std::string> lists;  // each part's reservations, comma-joined
  size_t i = 0;
  do {
    std::string list;
    size_t first = i;
    while (i < items.size() && (i == first || list.size() + items[i].size() < kMaxHoldsPart)) {
      if (i != first) list += ',';
      list += items[i];
      ++i;
    }
    lists.push_back(std::move(list));
  } while (i < items.size());
  const std::string term =
      votingHere() ? ",\"term\":" + reserve::voterTermJson(voterTerm_).compact() : "";
  for (size_t part = 0; part < lists.size(); ++part) {
    std::string body = "{\"op\":\"holds\",\"part\":" + std::to_string(part) +
                       ",\"parts\":" + std::to_string(lists.size()) + released(part) +
                       ",\"reservations\":[" + lists[part] +
                       "],\"sender\":" + format::jsonQuote(self_) + term + "}";
    if (afterCommit)
      fx->committedDatagrams.push_back({to, protocol::Kind::kAdmin, std::move(body)});
    else
      fx->send(to, protocol::Kind::kAdmin, std::move(body));
    ++counters_.holds_reports;
  }
  return lists.size();
}

}  // namespace openlim::node
