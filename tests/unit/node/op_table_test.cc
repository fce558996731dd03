#include "node/op_table.h"

#include <gtest/gtest.h>

namespace openlim::node {
namespace {

Route route(const char* op, bool isSigned, bool isMaster, const std::string& master) {
  return routeRequest(findOp(op), isSigned, isMaster, master);
}

TEST(OpTable, AdminOpsNeedTheClusterKeysSignature) {
  for (const char* op : {"reconfig", "lock", "unlock", "shutdown", "restart"}) {
    EXPECT_EQ(route(op, true, false, "hostA"), Route::kAdmin) << op;
    EXPECT_EQ(route(op, false, true, "hostA"), Route::kAdminUnsigned) << op;
  }
}

TEST(OpTable, EveryLimAnswersItsOwnOpsWhateverItsRole) {
  for (bool isMaster : {true, false})
    for (const char* op : {"id", "status", "elimstatus"})
      EXPECT_EQ(route(op, false, isMaster, ""), Route::kOwn) << op;
}

TEST(OpTable, QueriesAreAnsweredByTheMasterAndRedirectedElsewhere) {
  for (const char* op : {"load", "hosts", "info", "place", "shared", "loadadj", "policy"}) {
    ASSERT_NE(findOp(op), nullptr) << op;
    EXPECT_EQ(findOp(op)->kind, OpKind::kQuery) << op;
    EXPECT_NE(findOp(op)->query, nullptr) << op;
    EXPECT_EQ(route(op, false, true, "hostA"), Route::kMaster) << op;
    EXPECT_EQ(route(op, false, false, "hostA"), Route::kRedirect) << op;
    EXPECT_EQ(route(op, false, false, ""), Route::kMasterUnknown) << op;
  }
}

TEST(OpTable, ReservationOpsAreAnsweredByTheMasterSignedOrNotAndRedirectedElsewhere) {
  for (const char* op : {"reserve", "renew", "release", "reservations", "quotas"}) {
    EXPECT_EQ(findOp(op)->kind, OpKind::kReservation) << op;
    EXPECT_EQ(route(op, true, true, "hostA"), Route::kMaster) << op;
    EXPECT_EQ(route(op, false, true, "hostA"), Route::kMaster) << op;
    EXPECT_EQ(route(op, true, false, "hostA"), Route::kRedirect) << op;
    EXPECT_EQ(route(op, false, false, ""), Route::kMasterUnknown) << op;
  }
}

TEST(OpTable, AnUnknownOrMissingOpIsASyntaxErrorEvenOnANonMaster) {
  EXPECT_EQ(route("", false, true, "hostA"), Route::kUnknownOp);
  EXPECT_EQ(route("LOAD", false, true, "hostA"), Route::kUnknownOp);
  EXPECT_EQ(route("nosuch", true, false, ""), Route::kUnknownOp);
}

}  // namespace
}  // namespace openlim::node
