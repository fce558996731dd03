#pragma once
// The system's users and Unix groups for lsf.quotas (quota::UserDirectory), through the
// C library's name service (getpwnam_r, getgrnam_r, getpwent, getgrouplist). These calls
// may block on a network directory: call them while a configuration is loaded, or from a
// command, never inside an event loop's turn.

#include <string>
#include <vector>

#include "quota/user_directory.h"

namespace openlim::shell {

class UnixUserDirectory : public quota::UserDirectory {
 public:
  bool userExists(const std::string& user) const override;
  // gr_mem, plus the users whose primary group it is (the first 65,536 password entries).
  std::optional<std::vector<std::string>> groupMembers(const std::string& group) const override;
};

// The names of the Unix groups `user` belongs to (primary and supplementary); empty when
// the user is unknown. For quota::Consumer::groups.
std::vector<std::string> unixGroupsOf(const std::string& user);

}  // namespace openlim::shell
