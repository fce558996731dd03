// lsadmin ckconfig (see lsadmin_ckconfig.h).
#include "lsadmin_ckconfig.h"

#include <cstdlib>
#include <ctime>

#include "config/diag.h"
#include "format/json.h"
#include "format/text.h"
#include "policy/policy_config.h"

#include "quota_file.h"
#include "system_resolver.h"

namespace openlim::cmd {

namespace {

constexpr const char* kUsage = "Usage: lsadmin ckconfig [-v] [-json] [-h]\n";

// -v: what was read, so an admin sees which files and how much of them were used.
void printRead(const ConfigLoad& load, Out& out) {
  const ConfigSnapshot* s = load.draft.get();
  if (!s) return;
  out << "LSF_ENVDIR: " << s->envDir << "\nLSF_CONFDIR: " << s->confDir << "\n";
  for (const auto& f : load.files) out << "Reading " << f << "\n";
  size_t builtins = 0, dynamic = 0, servers = 0, derived = 0;
  for (const auto& r : s->resources) {
    derived += r.derived;
    builtins += r.builtin && !r.derived;
    dynamic += !r.builtin && r.dynamic;
  }
  for (const auto& h : s->hosts) servers += h.server;
  out << "Cluster: " << (s->clusterName.empty() ? "(none)" : s->clusterName) << "\n"
      << "Hosts: " << s->hosts.size() << " (" << servers << " server)\n"
      << "Resources: " << s->resources.size() << " (" << builtins << " built-in, "
      << s->resources.size() - builtins - derived << " site, " << dynamic << " site dynamic, "
      << derived << " derived: averages and NLB values)\n"
      << "Host types: " << s->hostTypes.size() << ", host models: " << s->models.size() << "\n"
      << "Per-host resources: " << s->perHostResources.size()
      << ", shared instances: " << s->instances.size() << "\n"
      << "Addresses: " << s->addresses.size() << "\n"
      << "Master list:";
  for (const auto& m : s->masterList) out << " " << m;
  out << "\nChecksum: " << s->checksum << "\n";
  if (const auto& p = s->policies) {
    out << "Policies: " << p->engine->policies().size() << ", holidays: "
        << (p->calendar.holidays() ? "YEAR " + std::to_string(p->calendar.holidays()->year)
                                   : std::string("none (prime time around the clock)"))
        << ", dedicated windows: " << p->calendar.windows().size() << "\n";
  }
}

// A holidays file for a year gone by still loads, but its holidays fall on no date.
void addStaleHolidays(ConfigLoad& load) {
  if (!load.draft) return;
  std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  if (auto d = policy::staleHolidays(*load.draft, local.tm_year + 1900))
    load.diagnostics.push_back(*d);
}

int exitCode(const ConfigLoad& load) {
  return load.errors() > 0 ? 2 : load.warnings() > 0 ? 1 : 0;
}

const char* severityName(Severity s) {
  return s == Severity::kError ? "error" : "warning";
}

}  // namespace

int printCheck(const ConfigLoad& load, bool verbose, Out& out) {
  if (verbose) printRead(load, out);
  // A name read from a file may hold bytes that are not text: shown escaped, never raw.
  for (const auto& d : load.diagnostics)
    out << format::printable(config::diagnosticLine(d)) << "\n";
  int errors = load.errors(), warnings = load.warnings();
  if (errors == 0 && warnings == 0) {
    out << "No errors found.\n";
    return 0;
  }
  out << errors << " error(s), " << warnings << " warning(s)\n";
  return exitCode(load);
}

int printCheckJson(const ConfigLoad& load, Out& out) {
  using format::Json;
  Json files = Json::array();
  for (const auto& f : load.files) files.push(Json::string(f));
  Json diags = Json::array();
  for (const auto& d : load.diagnostics) {
    Json o = Json::object();
    o.add("file", Json::string(d.file));
    o.add("line", d.line > 0 ? Json::number(d.line) : Json::null());  // null: the whole file
    o.add("severity", Json::string(severityName(d.severity)));
    o.add("message", Json::string(d.message));
    diags.push(std::move(o));
  }
  Json doc = Json::object();
  doc.add("files", std::move(files));
  doc.add("diagnostics", std::move(diags));
  doc.add("errors", Json::number(load.errors()));
  doc.add("warnings", Json::number(load.warnings()));
  out << doc.dump();
  return exitCode(load);
}

int runCkconfig(const std::vector<std::string>& args, Out& out, Out& err) {
  bool verbose = false, json = false;
  for (const auto& a : args) {
    if (a == "-v") {
      verbose = true;
    } else if (a == "-json") {
      json = true;
    } else if (a == "-h") {
      out << kUsage;
      return 0;
    } else {
      err << "lsadmin: ckconfig: unknown argument " << format::clipEcho(a) << "\n" << kUsage;
      return 2;
    }
  }
  // lim's own reading, name resolution included: what passes here, lim accepts.
  ConfigLoad load = loadConfigFrom("", shell::systemHostResolver());
  addStaleHolidays(load);
  // lsf.quotas against the configuration it would join (only a usable one can bind it):
  // its problems are listed with the rest, though lim would keep running without it.
  if (load.snapshot) {
    shell::QuotaFileLoad q = shell::loadQuotaFile(*load.snapshot);
    if (q.present) load.files.push_back(q.path);
    for (auto& d : q.load.diagnostics) load.diagnostics.push_back(std::move(d));
  }
  return json ? printCheckJson(load, out) : printCheck(load, verbose, out);
}

}  // namespace openlim::cmd
