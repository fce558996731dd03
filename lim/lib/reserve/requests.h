#pragma once
// The reservation ops of docs/protocol.md, decoded strictly from a request's JSON (a present
// field of the wrong type or range is refused naming it, `code: syntax`):
//   reserve       the place fields (resreq n w L hosts explain local) + user? project? queue?
//                 pe? lease? policy? attrs?[]; and, from the forwarding lim, caller
//   renew         id, lease?, caller
//   release       ids[], caller
//   reservations  user? ("all" = everyone's; default the caller's), caller
// `caller` is the verified Unix user the forwarding lim read from the command's socket.
// Pure.

#include <string>
#include <vector>

#include "format/json.h"
#include "master/query_request.h"
#include "openlim/status.h"
#include "reserve/reservation.h"

namespace openlim::reserve {

inline constexpr size_t kMaxIds = 10000;  // ids in one release

struct ReserveRequest {
  master::PlaceRequest place;
  Labels labels;                   // labels.user "" = the caller
  double lease = 0;                // seconds; 0 = RESERVATION_LEASE
  std::string policy;              // -p; "" = none
  std::vector<std::string> attrs;  // -a attr[=value]
  std::string caller;
};

struct RenewRequest {
  std::string id;
  double lease = 0;
  std::string caller;
};

struct ReleaseRequest {
  std::vector<std::string> ids;
  std::string caller;
};

struct ListRequest {
  std::string user;  // "" = the caller's; "all" = everyone's
  std::string caller;
};

// lsquota's query (op "quotas"): the quota report for these filters. Read-only.
struct QuotaRequest {
  std::string user;    // "" = the caller's; "all" = everyone's
  std::string caller;  // the verified caller (the local lim adds it); "" over TCP = everyone's
  std::string host, resource, project, pe, queue;
  std::string format = "text";  // text | json | xml
};

bool isReservationOp(const std::string& op);     // reserve renew release reservations quotas
bool isReservationWrite(const std::string& op);  // reserve renew release

Result<ReserveRequest> decodeReserveRequest(const format::Json& req);
Result<RenewRequest> decodeRenewRequest(const format::Json& req);
Result<ReleaseRequest> decodeReleaseRequest(const format::Json& req);
Result<ListRequest> decodeListRequest(const format::Json& req);
// Strict: every field a string of at most 256 bytes, no other field (sender is allowed and
// ignored), format one of text json xml.
Result<QuotaRequest> decodeQuotaRequest(const format::Json& req);

}  // namespace openlim::reserve
