// Users and groups from the C library's name service (see unix_user_directory.h).
#include "unix_user_directory.h"

#include <grp.h>
#include <pwd.h>
#include <unistd.h>

#include <algorithm>

namespace openlim::shell {

namespace {

constexpr size_t kMaxPasswdScan = 65536;
constexpr int kMaxGroups = 4096;

std::vector<char> buffer() {
  long n = sysconf(_SC_GETPW_R_SIZE_MAX);
  return std::vector<char>(n > 0 ? static_cast<size_t>(n) * 4 : 65536);
}

}  // namespace

bool UnixUserDirectory::userExists(const std::string& user) const {
  passwd pw{};
  passwd* found = nullptr;
  std::vector<char> buf = buffer();
  return getpwnam_r(user.c_str(), &pw, buf.data(), buf.size(), &found) == 0 && found;
}

std::optional<std::vector<std::string>> UnixUserDirectory::groupMembers(
    const std::string& group) const {
  struct group gr {};
  struct group* found = nullptr;
  std::vector<char> buf(1 << 20);
  if (getgrnam_r(group.c_str(), &gr, buf.data(), buf.size(), &found) != 0 || !found)
    return std::nullopt;
  std::vector<std::string> out;
  for (char** m = found->gr_mem; m && *m; ++m) out.emplace_back(*m);
  gid_t gid = found->gr_gid;
  setpwent();
  size_t scanned = 0;
  while (passwd* pw = getpwent()) {
    if (++scanned > kMaxPasswdScan) break;
    if (pw->pw_gid == gid && std::find(out.begin(), out.end(), pw->pw_name) == out.end())
      out.emplace_back(pw->pw_name);
  }
  endpwent();
  return out;
}

std::vector<std::string> unixGroupsOf(const std::string& user) {
  passwd pw{};
  passwd* found = nullptr;
  std::vector<char> buf = buffer();
  if (getpwnam_r(user.c_str(), &pw, buf.data(), buf.size(), &found) != 0 || !found) return {};
  std::vector<gid_t> gids(kMaxGroups);
  int n = kMaxGroups;
  if (getgrouplist(user.c_str(), found->pw_gid, gids.data(), &n) < 0) n = kMaxGroups;
  std::vector<std::string> out;
  std::vector<char> gbuf(1 << 20);
  for (int i = 0; i < n; ++i) {
    struct group gr {};
    struct group* g = nullptr;
    if (getgrgid_r(gids[static_cast<size_t>(i)], &gr, gbuf.data(), gbuf.size(), &g) == 0 && g)
      out.emplace_back(g->gr_name);
  }
  return out;
}

}  // namespace openlim::shell
