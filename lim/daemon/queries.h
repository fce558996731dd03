#pragma once
// The read-only query ops of docs/protocol.md (id, load, hosts, info, place, shared), as
// pure-ish functions over a HostTable snapshot; requests are parsed JSON objects, replies are
// compact JSON text.

#include <string>

#include "format/json.h"
#include "master/load_table.h"
#include "openlim/host_table.h"
#include "openlim/resreq.h"

namespace openlim::lim {

struct QueryContext {
  HostTablePtr table;
  std::string master;
  RequestCache* cache = nullptr;
  master::LoadTable* loadTable = nullptr;  // place adjusts load; null = no adjustment
  double now = 0;
};

std::string queryLoad(const format::Json& req, const QueryContext& ctx);
std::string queryHosts(const format::Json& req, const QueryContext& ctx);
std::string queryInfo(const QueryContext& ctx);
std::string queryPlace(const format::Json& req, const QueryContext& ctx);
std::string queryShared(const format::Json& req, const QueryContext& ctx);

}  // namespace openlim::lim
