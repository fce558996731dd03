#pragma once
// The policy part of a configuration: the site attributes of lsf.attributes (set on the
// hosts), lsf.policies compiled against the snapshot's resources, and the calendar of
// lsf.holidays and lsf.dedicated. Read with the rest of the configuration
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
  std::string policiesFile, holidaysFile, dedicatedFile, attributesFile;  // "" when absent
};

inline constexpr const char* kPoliciesFile = "lsf.policies";
inline constexpr const char* kHolidaysFile = "lsf.holidays";
inline constexpr const char* kDedicatedFile = "lsf.dedicated";
inline constexpr const char* kAttributesFile = "lsf.attributes";

// Reads one file of the conf directory: nullopt when it does not exist; a read failure is
// reported by the reader itself (as an error in `out`).
using ConfFileReader = std::function<std::optional<std::string>(const std::string& path)>;

// Reads and checks the four files of `snap.confDir` through `read`: sets the site
// attributes on snap.hosts (policy/site_attributes.h), then snap.policies.
// Every problem goes to `out` as file:line; the paths read are appended to `files`.
void loadPolicyFiles(ConfigSnapshot& snap, const ConfFileReader& read, std::vector<Diagnostic>& out,
                     std::vector<std::string>& files);

// The calendar period in force and the policy a request without a name gets then (lsid).
struct PeriodSummary {
  std::string period;         // "prime", "non_prime" or "dedicated"
  std::string defaultPolicy;  // "" when no policy may be used now, or there is none
};

// nullopt when the configuration has none of the policy files (nothing to say: prime time
// around the clock, no policies); `at` is the master's local time.
std::optional<PeriodSummary> summarizePeriod(const ConfigSnapshot& snap, const LocalTime& at);

// The warning for a holidays file whose YEAR is before `currentYear` (ckconfig, lim).
std::optional<Diagnostic> staleHolidays(const ConfigSnapshot& snap, int currentYear);

}  // namespace openlim::policy
