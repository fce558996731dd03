#include "master/request_route.h"

namespace openlim::master {

bool isAdminOp(const std::string& op) {
  return op == "reconfig" || op == "lock" || op == "unlock" || op == "shutdown" || op == "restart";
}

bool isQueryOp(const std::string& op) {
  return op == "load" || op == "hosts" || op == "info" || op == "place" || op == "shared" ||
         op == "policy";
}

Route routeRequest(const std::string& op, bool isSigned, bool isMaster, const std::string& master) {
  if (isAdminOp(op)) return isSigned ? Route::kAdmin : Route::kAdminUnsigned;
  if (op == "id") return Route::kId;
  if (op == "status") return Route::kStatus;
  if (op == "elimstatus") return Route::kElimStatus;
  if (!isQueryOp(op)) return Route::kUnknownOp;
  if (isMaster) return Route::kQuery;
  return master.empty() ? Route::kMasterUnknown : Route::kRedirect;
}

}  // namespace openlim::master
