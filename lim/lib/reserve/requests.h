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

// lsquota's query (op "quotas"): the quota report for these filters. Read-only. Each list
// holds names and wildcard patterns (qquota's); an empty list: any.
struct QuotaRequest {
  std::vector<std::string> users;  // empty = the caller's; one "all" (or "*") = everyone's
  std::string caller;  // the verified caller (the local lim adds it); "" over TCP = everyone's
  std::vector<std::string> hosts, resources, projects, pes, queues;
  std::string format = "text";  // text | json | xml
};

// Bounds of a quota query: items per list, and the product of the filter lists' sizes (a
// braced rule lists a row for each combination of the names it is asked about).
inline constexpr size_t kMaxQuotaListItems = 256;
inline constexpr size_t kMaxQuotaCombinations = 1024;

bool isReservationOp(const std::string& op);     // reserve renew release reservations quotas
bool isReservationWrite(const std::string& op);  // reserve renew release

Result<ReserveRequest> decodeReserveRequest(const format::Json& req);
Result<RenewRequest> decodeRenewRequest(const format::Json& req);
Result<ReleaseRequest> decodeReleaseRequest(const format::Json& req);
Result<ListRequest> decodeListRequest(const format::Json& req);
// Strict: user host resource project pe queue each an array of 1 to 256 non-empty strings
// of at most 256 bytes, or one string holding such a comma-separated list; caller and format
// strings of at most 256 bytes; no other field (op and sender are allowed and ignored);
// format one of text json xml; the lists within kMaxQuotaCombinations.
Result<QuotaRequest> decodeQuotaRequest(const format::Json& req);

}  // namespace openlim::reserve
