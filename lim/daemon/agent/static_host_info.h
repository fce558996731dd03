#pragma once
// Static host information (LSF's LIM behaviour "Static"): what lshosts shows for this host.

#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "openlim/config.h"

namespace openlim::agent {

struct StaticHostInfo {
  std::string name;
  std::string type;        // config, or detected when the Host section says "!"
  std::string model;       // config, or detected when "!"
  double cpuFactor = 1.0;  // the model's CPUFACTOR (1.0 when the model is unknown)
  int ncpus = 0;           // online logical CPUs, or LSF_NCPUS
  int ncores = 0;
  int nthreads = 0;
  double maxmem = std::nan("");  // MB (MemTotal)
  double maxswp = std::nan("");  // MB (SwapTotal)
  double maxtmp = std::nan("");  // MB (/tmp size; NaN until the first statvfs answers)
  int ndisks = 0;
  bool server = true;
  std::vector<std::string> booleans;           // from the Host section RESOURCES
  std::map<std::string, std::string> strings;  // name=value
  std::map<std::string, double> numbers;       // name=value
};

// Facts detected from the machine, before config is applied.
struct DetectedHost {
  std::string machine;  // uname -m, e.g. "x86_64"
  int onlineCpus = 0;
  int cores = 0;
  int threads = 0;
  double memTotalMb = std::nan("");
  double swapTotalMb = std::nan("");
  double tmpTotalMb = std::nan("");
  int disks = 0;
};

// type for "!": the lsf.shared HostType whose name matches the machine (case-insensitive,
// ignoring '_' and '-': x86_64 matches X86_64 or X8664), else the first HostType, else
// "UNKNOWN_AUTO_DETECT" (LSF's text).
std::string detectHostType(const ConfigSnapshot& config, const std::string& machine);
// model for "!": the first HostModel whose ARCHITECTURE matches the machine (same rule, or
// the architecture starts with it, e.g. "x86_64_Intel..."), else the first HostModel, else
// "UNKNOWN_AUTO_DETECT".
std::string detectHostModel(const ConfigSnapshot& config, const std::string& machine);

// Combines config (Host section row of hostName, HostModel, LSF_NCPUS in lsf.conf) with what
// was detected. A host missing from config gets the detected values and server = true.
StaticHostInfo buildStaticInfo(const ConfigSnapshot& config, const std::string& hostName,
                               const DetectedHost& detected);

}  // namespace openlim::agent
