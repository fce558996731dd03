#pragma once
// The read-only query ops of docs/protocol.md (id, load, hosts, info, place, shared), as
// pure-ish functions over a HostTable snapshot; replies are JSON text.

#include <Poco/JSON/Object.h>

#include <string>

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

std::string queryLoad(const Poco::JSON::Object::Ptr& req, const QueryContext& ctx);
std::string queryHosts(const Poco::JSON::Object::Ptr& req, const QueryContext& ctx);
std::string queryInfo(const QueryContext& ctx);
std::string queryPlace(const Poco::JSON::Object::Ptr& req, const QueryContext& ctx);
std::string queryShared(const Poco::JSON::Object::Ptr& req, const QueryContext& ctx);

}  // namespace openlim::lim
