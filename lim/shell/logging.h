#pragma once
// Logging setup shared by lim and melim (spdlog): one file per daemon and host,
// LSF_LOGDIR/<daemon>.log.<host>, with the level taken from LSF_LOG_MASK's syslog names.

#include <string>

namespace openlim {

// Maps an LSF_LOG_MASK value (LOG_EMERG .. LOG_DEBUG3; empty = LOG_WARNING) to an spdlog
// level number (spdlog::level::level_enum). Unknown text gives LOG_WARNING's level.
int logLevelFromMask(const std::string& mask);

// Installs the default spdlog logger named daemonName. With an empty or unwritable logDir it
// logs to stderr; alsoStderr adds stderr next to the file. Messages are flushed as they are
// written (daemons may be killed at any time). Returns the file path used ("" = stderr only).
std::string initLogging(const std::string& daemonName, const std::string& hostName,
                        const std::string& logDir, const std::string& logMask, bool alsoStderr);

}  // namespace openlim
