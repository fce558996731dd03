// Reading the policy files with the configuration (policy_config.h).
#include "policy/policy_config.h"

#include "config/lsf_conf.h"
#include "policy/dedicated_file.h"
#include "policy/holidays_file.h"
#include "policy/site_attributes.h"

namespace openlim::policy {
namespace {

// Reads one file; nullopt when absent or unreadable (the reader reported that).
std::optional<std::string> readOne(const std::string& dir, const char* name,
                                   const ConfFileReader& read, std::vector<std::string>& files,
                                   std::string& path) {
  std::string p = config::joinPath(dir, name);
  auto text = read(p);
  if (!text) return std::nullopt;
  files.push_back(p);
  path = p;
  return text;
}

void append(std::vector<Diagnostic>& out, std::vector<Diagnostic> more) {
  out.insert(out.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
}

}  // namespace

void loadPolicyFiles(ConfigSnapshot& snap, const ConfFileReader& read, std::vector<Diagnostic>& out,
                     std::vector<std::string>& files) {
  auto pc = std::make_shared<PolicyConfig>();
  // First: the policies bind to the resources the attributes give values to.
  if (auto text = readOne(snap.confDir, kAttributesFile, read, files, pc->attributesFile)) {
    AttributesLoad l = parseAttributes(*text, pc->attributesFile);
    append(out, std::move(l.diagnostics));
    applySiteAttributes(snap, l, pc->attributesFile, out);
  }
  PolicySet set;
  if (auto text = readOne(snap.confDir, kPoliciesFile, read, files, pc->policiesFile)) {
    PoliciesLoad l = parsePolicies(*text, pc->policiesFile);
    set = std::move(l.set);
    append(out, std::move(l.diagnostics));
  }
  std::optional<Holidays> holidays;
  if (auto text = readOne(snap.confDir, kHolidaysFile, read, files, pc->holidaysFile)) {
    HolidaysLoad l = parseHolidays(*text, pc->holidaysFile);
    holidays = std::move(l.holidays);
    append(out, std::move(l.diagnostics));
  }
  std::vector<DedicatedWindow> windows;
  if (auto text = readOne(snap.confDir, kDedicatedFile, read, files, pc->dedicatedFile)) {
    DedicatedLoad l = parseDedicated(*text, pc->dedicatedFile);
    windows = std::move(l.windows);
    append(out, std::move(l.diagnostics));
    checkDedicatedPolicies(windows, set, pc->dedicatedFile, &out);
  }
  PolicyEngineLoad e = PolicyEngine::compile(snap, std::move(set), pc->policiesFile);
  append(out, std::move(e.diagnostics));
  pc->engine = e.engine ? e.engine : PolicyEngine::compile(snap, {}, "").engine;
  pc->calendar = Calendar(std::move(holidays), std::move(windows));
  snap.policies = std::move(pc);
}

std::optional<PeriodSummary> summarizePeriod(const ConfigSnapshot& snap, const LocalTime& at) {
  const PolicyConfig* pc = snap.policies.get();
  if (!pc || (pc->policiesFile.empty() && pc->holidaysFile.empty() && pc->dedicatedFile.empty()))
    return std::nullopt;
  PeriodInfo info = pc->calendar.periodAt(at);
  PeriodSummary out{periodName(info.period), ""};
  if (auto p = choosePolicy(pc->engine->set(), info, ""); p) out.defaultPolicy = (*p)->name;
  return out;
}

std::optional<Diagnostic> staleHolidays(const ConfigSnapshot& snap, int currentYear) {
  if (!snap.policies || !snap.policies->calendar.holidays()) return std::nullopt;
  auto msg = snap.policies->calendar.holidays()->staleYear(currentYear);
  if (!msg) return std::nullopt;
  return Diagnostic{snap.policies->holidaysFile, snap.policies->calendar.holidays()->yearLine,
                    Severity::kWarning, *msg};
}

}  // namespace openlim::policy
