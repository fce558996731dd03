// UnixUserDirectory (lim/shell): the system's users and groups, as lsf.quotas sees them.
#include "unix_user_directory.h"

#include <grp.h>
#include <gtest/gtest.h>
#include <pwd.h>
#include <unistd.h>

#include <algorithm>

namespace openlim::shell {
namespace {

TEST(UnixUserDirectory, KnowsTheCallerAndItsPrimaryGroup) {
  passwd* me = getpwuid(getuid());
  ASSERT_NE(me, nullptr);
  std::string user = me->pw_name;
  group* primary = getgrgid(me->pw_gid);
  ASSERT_NE(primary, nullptr);
  std::string groupName = primary->gr_name;
  UnixUserDirectory dir;
  EXPECT_TRUE(dir.userExists(user));
  EXPECT_FALSE(dir.userExists("no-such-user-openlim"));
  auto members = dir.groupMembers(groupName);
  ASSERT_TRUE(members);
  EXPECT_NE(std::find(members->begin(), members->end(), user), members->end());
  EXPECT_FALSE(dir.groupMembers("no-such-group-openlim"));
  auto groups = unixGroupsOf(user);
  EXPECT_NE(std::find(groups.begin(), groups.end(), groupName), groups.end());
  EXPECT_TRUE(unixGroupsOf("no-such-user-openlim").empty());
}

}  // namespace
}  // namespace openlim::shell
