#include "discovery.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstring>

namespace openlim::melim {
namespace {

bool endsWith(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

std::string nameVerdict(const std::string& name) {
  if (name != "elim" && name.rfind("elim.", 0) != 0) return "-";
  if (name == "elim.user") return "elim.user is reserved";
  static constexpr std::array<std::string_view, 7> kLeftovers = {
      "~", ".bak", ".orig", ".rpmsave", ".rpmnew", ".swp", ".tmp"};
  for (auto s : kLeftovers)
    if (endsWith(name, s)) return "editor or package leftover";
  if (name.find(".dpkg-") != std::string::npos) return "editor or package leftover";
  if (name.find('#') != std::string::npos) return "editor or package leftover";
  return "";
}

ScanResult scanElimDir(const std::string& dir) {
  ScanResult r;
  DIR* d = ::opendir(dir.c_str());
  if (!d) {
    r.error = "cannot read elim directory " + dir + ": " + std::strerror(errno);
    return r;
  }
  while (dirent* e = ::readdir(d)) {
    std::string name = e->d_name;
    std::string verdict = nameVerdict(name);
    if (verdict == "-") continue;
    if (!verdict.empty()) {
      r.skipped.push_back({name, verdict});
      continue;
    }
    std::string path = dir + "/" + name;
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
      r.skipped.push_back({name, "not a regular file"});
    } else if (::access(path.c_str(), X_OK) != 0) {
      r.skipped.push_back({name, "not executable"});
    } else {
      r.elims.push_back({name, path});
    }
  }
  ::closedir(d);
  std::sort(r.elims.begin(), r.elims.end(),
            [](const ElimFile& a, const ElimFile& b) { return a.name < b.name; });
  return r;
}

}  // namespace openlim::melim
