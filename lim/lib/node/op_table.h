#pragma once
// The ops of docs/protocol.md, in one table: each op's name, who answers it, and for the
// read-only queries the function that decodes, answers and encodes it. The node routes
// every request through here (the one list of ops; nothing else spells them).

#include <string>
#include <string_view>

#include "format/json.h"
#include "master/query_service.h"
#include "node/answer.h"

namespace openlim::node {

enum class OpKind {
  kOwn,          // id status elimstatus: every lim answers for itself
  kAdmin,        // reconfig lock unlock shutdown restart: signed with the cluster key
  kQuery,        // load hosts info place loadadj policy shared: the master answers
  kReservation,  // reserve renew release reservations quotas: the master answers
};

using QueryFn = Answer (*)(const format::Json& req, const master::QueryContext& ctx);

struct OpSpec {
  std::string_view name;
  OpKind kind;
  QueryFn query = nullptr;  // kQuery only
};

// null: no such op.
const OpSpec* findOp(std::string_view name);

enum class Route {
  kAdmin,          // an admin op, signed: check replay, then do
  kAdminUnsigned,  // an admin op without the cluster key's signature: denied
  kOwn,            // answered here, master or not
  kMaster,         // a query or reservation op, and this lim is the master
  kRedirect,       // the same asked of a lim that is not: {"redirect": master}
  kMasterUnknown,  // the same while no master is known: code unavailable, subcode masterunknown
  kUnknownOp,      // code syntax
};

// op: null when unknown; isSigned: the frame carried a valid MAC; master: as this lim knows
// it ("" = none).
Route routeRequest(const OpSpec* op, bool isSigned, bool isMaster, const std::string& master);

}  // namespace openlim::node
