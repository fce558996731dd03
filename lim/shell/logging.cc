#include "logging.h"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <utility>
#include <vector>

namespace openlim {

int logLevelFromMask(const std::string& mask) {
  static const std::vector<std::pair<std::string, spdlog::level::level_enum>> kLevels = {
      {"LOG_EMERG", spdlog::level::critical}, {"LOG_ALERT", spdlog::level::critical},
      {"LOG_CRIT", spdlog::level::critical},  {"LOG_ERR", spdlog::level::err},
      {"LOG_WARNING", spdlog::level::warn},   {"LOG_NOTICE", spdlog::level::info},
      {"LOG_INFO", spdlog::level::info},      {"LOG_DEBUG", spdlog::level::debug},
      {"LOG_DEBUG1", spdlog::level::trace},   {"LOG_DEBUG2", spdlog::level::trace},
      {"LOG_DEBUG3", spdlog::level::trace}};
  for (const auto& [name, level] : kLevels)
    if (name == mask) return level;
  return spdlog::level::warn;
}

std::string initLogging(const std::string& daemonName, const std::string& hostName,
                        const std::string& logDir, const std::string& logMask, bool alsoStderr) {
  std::vector<spdlog::sink_ptr> sinks;
  std::string path;
  if (!logDir.empty()) {
    path = logDir + "/" + daemonName + ".log." + (hostName.empty() ? "localhost" : hostName);
    try {
      sinks.push_back(std::make_shared<spdlog::sinks::basic_file_sink_st>(path, false));
    } catch (const spdlog::spdlog_ex&) {
      path.clear();  // unwritable: fall back to stderr below
    }
  }
  if (path.empty() || alsoStderr)
    sinks.push_back(std::make_shared<spdlog::sinks::stderr_sink_st>());
  auto logger = std::make_shared<spdlog::logger>(daemonName, sinks.begin(), sinks.end());
  auto level = static_cast<spdlog::level::level_enum>(logLevelFromMask(logMask));
  logger->set_level(level);
  logger->flush_on(spdlog::level::trace);
  logger->set_pattern("%Y-%m-%d %H:%M:%S.%e %n[%P] %l: %v");
  spdlog::set_default_logger(logger);
  return path;
}

}  // namespace openlim
