#pragma once
// The policy part of a configuration: lsf.policies compiled against the snapshot's resources,
// and the calendar of lsf.holidays and lsf.dedicated. Read with the rest of the configuration
// (config/loader.cc), so lim, reconfig and `lsadmin ckconfig` judge the same files the same
// way; any error refuses the whole configuration.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "openlim/config.h"
#include "policy/calendar.h"
#include "policy/policy_engine.h"

namespace openlim::policy {

struct PolicyConfig {
  PolicyEnginePtr engine;  // never null: an empty set when there is no lsf.policies
  Calendar calendar;
  std::string policiesFile, holidaysFile, dedicatedFile;  // "" when absent
};

inline constexpr const char* kPoliciesFile = "lsf.policies";
inline constexpr const char* kHolidaysFile = "lsf.holidays";
inline constexpr const char* kDedicatedFile = "lsf.dedicated";

// Reads one file of the conf directory: nullopt when it does not exist; a read failure is
// reported by the reader itself (as an error in `out`).
using ConfFileReader = std::function<std::optional<std::string>(const std::string& path)>;

// Reads and checks the three files of `snap.confDir` through `read` and sets snap.policies.
// Every problem goes to `out` as file:line; the paths read are appended to `files`.
void loadPolicyFiles(ConfigSnapshot& snap, const ConfFileReader& read, std::vector<Diagnostic>& out,
                     std::vector<std::string>& files);

// The warning for a holidays file whose YEAR is before `currentYear` (ckconfig, lim).
std::optional<Diagnostic> staleHolidays(const ConfigSnapshot& snap, int currentYear);

}  // namespace openlim::policy
