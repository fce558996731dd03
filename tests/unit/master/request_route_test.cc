#include "master/request_route.h"

#include <gtest/gtest.h>

namespace openlim::master {
namespace {

TEST(RequestRoute, AdminOpsNeedTheClusterKeysSignature) {
  for (const char* op : {"reconfig", "lock", "unlock", "shutdown", "restart"}) {
    EXPECT_EQ(routeRequest(op, true, false, "hostA"), Route::kAdmin) << op;
    EXPECT_EQ(routeRequest(op, false, true, "hostA"), Route::kAdminUnsigned) << op;
  }
}

TEST(RequestRoute, EveryLimAnswersItsOwnOpsWhateverItsRole) {
  for (bool isMaster : {true, false}) {
    EXPECT_EQ(routeRequest("id", false, isMaster, ""), Route::kId);
    EXPECT_EQ(routeRequest("status", false, isMaster, ""), Route::kStatus);
    EXPECT_EQ(routeRequest("elimstatus", false, isMaster, ""), Route::kElimStatus);
  }
}

TEST(RequestRoute, QueriesAreAnsweredByTheMasterAndRedirectedElsewhere) {
  for (const char* op : {"load", "hosts", "info", "place", "shared", "loadadj"}) {
    EXPECT_EQ(routeRequest(op, false, true, "hostA"), Route::kQuery) << op;
    EXPECT_EQ(routeRequest(op, false, false, "hostA"), Route::kRedirect) << op;
    EXPECT_EQ(routeRequest(op, false, false, ""), Route::kMasterUnknown) << op;
  }
}

TEST(RequestRoute, ReservationOpsAreAnsweredByTheMasterSignedOrNotAndRedirectedElsewhere) {
  for (const char* op : {"reserve", "renew", "release", "reservations"}) {
    EXPECT_EQ(routeRequest(op, true, true, "hostA"), Route::kReservation) << op;
    EXPECT_EQ(routeRequest(op, false, true, "hostA"), Route::kReservation) << op;
    EXPECT_EQ(routeRequest(op, true, false, "hostA"), Route::kRedirect) << op;
    EXPECT_EQ(routeRequest(op, false, false, ""), Route::kMasterUnknown) << op;
  }
}

TEST(RequestRoute, AnUnknownOrMissingOpIsASyntaxErrorEvenOnANonMaster) {
  EXPECT_EQ(routeRequest("", false, true, "hostA"), Route::kUnknownOp);
  EXPECT_EQ(routeRequest("LOAD", false, true, "hostA"), Route::kUnknownOp);
  EXPECT_EQ(routeRequest("nosuch", true, false, ""), Route::kUnknownOp);
}

}  // namespace
}  // namespace openlim::master
