#pragma once
// Where one TCP request goes (docs/protocol.md): the lim's own ops, the admin ops (signed
// only), and the queries, which only the master answers; a lim that is not the master
// redirects the command to it, or says the LIM is down while no master is known. Pure: the
// daemon decodes the frame, asks here, and then does what the route says.

#include <string>

namespace openlim::master {

enum class Route {
  kAdmin,          // reconfig lock unlock shutdown restart, signed: check replay, then do
  kAdminUnsigned,  // an admin op without the cluster key's signature: denied
  kId,             // cluster, host, master, version
  kStatus,         // this lim's own state and counters
  kElimStatus,     // the elims of one host or of every host (asks other lims)
  kQuery,          // load hosts info place shared, answered here (this lim is the master)
  kReservation,    // reserve renew release reservations, answered here (this lim is the master)
  kRedirect,       // the same, asked of a lim that is not the master: {"redirect": master}
  kMasterUnknown,  // the same while no master is known: "LIM is down; try later"
  kUnknownOp,      // code syntax
};

bool isAdminOp(const std::string& op);
bool isQueryOp(const std::string& op);  // reservation ops route as queries do

// op: the request's "op" ("" when absent); isSigned: the frame carried a valid MAC;
// master: the master as this lim knows it ("" = none).
Route routeRequest(const std::string& op, bool isSigned, bool isMaster, const std::string& master);

}  // namespace openlim::master
