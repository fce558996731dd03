// Where an admin request is carried out: reconfig on the master, the others on the named
// host's own lim.
#include "master/admin_route.h"

#include <gtest/gtest.h>

namespace openlim::master {
namespace {

ConfigSnapshot cluster() {
  ConfigSnapshot c;
  for (const char* h : {"hostA", "hostB"}) c.hosts.push_back({.name = h});
  return c;
}

TEST(AdminRoute, ReconfigRedirectsToTheMasterOrIsDoneHere) {
  ConfigSnapshot c = cluster();
  AdminDecision d = routeAdmin("reconfig", {}, "hostB", false, "hostA", c);
  EXPECT_EQ(d.route, AdminRoute::kRedirect);
  EXPECT_EQ(d.host, "hostA");
  EXPECT_EQ(routeAdmin("reconfig", {}, "hostA", true, "hostA", c).route, AdminRoute::kReconfigure);
  // No master known: this lim checks and adopts the config itself.
  EXPECT_EQ(routeAdmin("reconfig", {}, "hostB", false, "", c).route, AdminRoute::kReconfigure);
}

TEST(AdminRoute, ALockIsDoneByTheNamedHostsOwnLim) {
  ConfigSnapshot c = cluster();
  EXPECT_EQ(routeAdmin("lock", {}, "hostA", true, "hostA", c).route, AdminRoute::kLocal);
  EXPECT_EQ(routeAdmin("lock", {.host = "HOSTA"}, "hostA", true, "hostA", c).route,
            AdminRoute::kLocal);
  AdminDecision d = routeAdmin("unlock", {.host = "hostb"}, "hostA", true, "hostA", c);
  EXPECT_EQ(d.route, AdminRoute::kForward);
  EXPECT_EQ(d.host, "hostB");  // the cluster file's name
}

TEST(AdminRoute, AnUnknownHostIsNamed) {
  ConfigSnapshot c = cluster();
  AdminDecision d = routeAdmin("shutdown", {.host = "nosuch"}, "hostA", true, "hostA", c);
  EXPECT_EQ(d.route, AdminRoute::kUnknownHost);
  EXPECT_EQ(d.host, "nosuch");
  EXPECT_EQ(routeAdmin("restart", {.host = ""}, "hostA", true, "hostA", c).route,
            AdminRoute::kUnknownHost);  // an empty name is not "this lim"
}

}  // namespace
}  // namespace openlim::master
