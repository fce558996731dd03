#pragma once
// Turns the lim's JSON replies (docs/protocol.md) into the formatters' plain model
// (lim/lib/format/model.h). Missing fields take their defaults; a wrong type is unknown.

#include <string_view>
#include <vector>

#include "format/json.h"
#include "format/load_reply.h"
#include "format/misc_format.h"
#include "openlim/model.h"
#include "openlim/resreq.h"

namespace openlim::format {

// A JSON value as the formatters' Value (null, absent or an array/object: unknown).
format::Value parseValue(const format::Json* v);
format::ClusterInfo parseInfo(const format::Json& reply);
std::vector<format::HostInfo> parseHosts(const format::Json& reply);
// The `hosts` reply read from its text one host at a time (never one tree of 10,000 hosts);
// `head` holds its other top-level members (ok, code, error...).
struct HostsReply {
  format::Json head;
  std::vector<format::HostInfo> hosts;
};
Result<HostsReply> parseHostsReply(std::string_view text);
std::vector<format::SharedInstance> parseShared(const format::Json& reply);
format::IdInfo parseId(const format::Json& reply);
std::vector<format::ElimHostStatus> parseElimStatus(const format::Json& reply);
// The `place` reply: slots in pick order and, when asked, every host's explanation (the
// status stays ok; the caller reads `ok`/`code`).
PlacementResult parsePlacement(const format::Json& reply);
// Strings of a JSON array field (absent or not an array: empty).
std::vector<std::string> stringList(const format::Json& o, std::string_view key);
// The Status of an `ok:false` reply: its `code` says the kind (syntax: kInvalid; notfound,
// noteligible: kNotFound; denied: kDenied; unavailable, busy: kUnavailable; else
// kInternal), its `subcode` the finer case (format/subcode.h; none when absent or unknown),
// its `error` LSF's words.
Status replyError(const format::Json& reply);

}  // namespace openlim::format
