#include "node/op_table.h"

#include <array>

#include "node/queries.h"

namespace openlim::node {
namespace {

constexpr std::array kOps = {
    OpSpec{"id", OpKind::kOwn},
    OpSpec{"status", OpKind::kOwn},
    OpSpec{"elimstatus", OpKind::kOwn},
    OpSpec{"reconfig", OpKind::kAdmin},
    OpSpec{"lock", OpKind::kAdmin},
    OpSpec{"unlock", OpKind::kAdmin},
    OpSpec{"shutdown", OpKind::kAdmin},
    OpSpec{"restart", OpKind::kAdmin},
    OpSpec{"load", OpKind::kQuery, &queryLoad},
    OpSpec{"hosts", OpKind::kQuery, &queryHosts},
    OpSpec{"info", OpKind::kQuery, &queryInfo},
    OpSpec{"place", OpKind::kQuery, &queryPlace},
    OpSpec{"loadadj", OpKind::kQuery, &queryLoadAdj},
    OpSpec{"policy", OpKind::kQuery, &queryPolicy},
    OpSpec{"shared", OpKind::kQuery, &queryShared},
    OpSpec{"reserve", OpKind::kReservation},
    OpSpec{"renew", OpKind::kReservation},
    OpSpec{"release", OpKind::kReservation},
    OpSpec{"reservations", OpKind::kReservation},
    OpSpec{"quotas", OpKind::kReservation},
};

}  // namespace

const OpSpec* findOp(std::string_view name) {
  for (const OpSpec& op : kOps)
    if (op.name == name) return &op;
  return nullptr;
}

Route routeRequest(const OpSpec* op, bool isSigned, bool isMaster, const std::string& master) {
  if (!op) return Route::kUnknownOp;
  switch (op->kind) {
    case OpKind::kAdmin:
      return isSigned ? Route::kAdmin : Route::kAdminUnsigned;
    case OpKind::kOwn:
      return Route::kOwn;
    case OpKind::kQuery:
    case OpKind::kReservation:
      break;
  }
  if (isMaster) return Route::kMaster;
  return master.empty() ? Route::kMasterUnknown : Route::kRedirect;
}

}  // namespace openlim::node
