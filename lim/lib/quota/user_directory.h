#pragma once
// Who the users and user groups of lsf.quotas are. User groups are Unix groups; the core
// asks through this port, so it does no I/O: the shell implements it with getpwnam,
// getgrnam and getgrouplist, and the tests with a fake. It is asked only while a quota file
// is loaded (once per configuration), never per request.

#include <optional>
#include <string>
#include <vector>

namespace openlim::quota {

class UserDirectory {
 public:
  virtual ~UserDirectory() = default;
  // Whether a user of this name exists (an unknown one is a warning, not an error).
  virtual bool userExists(const std::string& user) const = 0;
  // The members of a Unix group (by name), nullopt when there is no such group. The shell
  // includes the users whose primary group it is when it can list them.
  virtual std::optional<std::vector<std::string>> groupMembers(const std::string& group) const = 0;
};

}  // namespace openlim::quota
