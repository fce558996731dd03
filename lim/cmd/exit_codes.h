#pragma once
// The exit codes of every command (spec: "Every command").

namespace openlim::cmd {

inline constexpr int kExitOk = 0;
inline constexpr int kExitNotFound = 1;  // nothing matched, not found, not enough hosts
inline constexpr int kExitUsage = 2;     // usage or resource requirement syntax error
inline constexpr int kExitDown = 3;      // LIM unreachable
inline constexpr int kExitRetry = 4;     // lsreserve: the master is rebuilding its ledger

}  // namespace openlim::cmd
