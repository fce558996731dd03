#pragma once
// Where a lim keeps what concerns reservations (docs/reservations.md), in LSF_STATEDIR
// (default kDefaultStateDir): its state file and the local socket the commands use for
// verified requests. Named after the host so several lims can share a directory (tests).

#include <string>

#include "openlim/config.h"

namespace openlim::reserve {

inline std::string stateDir(const LsfParams& lsf) {
  return lsf.stateDir.empty() ? std::string(kDefaultStateDir) : lsf.stateDir;
}
inline std::string statePath(const std::string& dir, const std::string& host) {
  return dir + "/reservations." + host + ".json";
}
// The journal of the changes since the state file was written (reserve/journal.h).
inline std::string journalPath(const std::string& dir, const std::string& host) {
  return dir + "/reservations." + host + ".journal";
}
inline std::string socketPath(const std::string& dir, const std::string& host) {
  return dir + "/lim." + host + ".sock";
}

}  // namespace openlim::reserve
