#pragma once
// lsid, bhosts -s, lsadmin elimstatus, and the -json forms of every model. Pure.

#include <string>
#include <utility>
#include <vector>

#include "format/json.h"
#include "openlim/model.h"

namespace openlim::format {

// `<version>, <build date>`, a blank line, then LSF's two lines scripts parse.
std::string formatId(const IdInfo& id, const std::string& version, const std::string& date);

// RESOURCE TOTAL RESERVED LOCATION (`%-20s%10s%15s%15s`), numeric instances only.
std::string formatBhostsShared(const std::vector<SharedInstance>& instances);

// One lim's report for `lsadmin elimstatus`: melim's fields and one row per elim, each a
// list of (field, text) in the order the lim gave them.
using Fields = std::vector<std::pair<std::string, std::string>>;
struct ElimHostStatus {
  std::string host;
  std::string error;  // set when that host's lim did not answer
  Fields melim;
  std::vector<Fields> elims;
};
std::string formatElimStatus(const std::vector<ElimHostStatus>& hosts);

Json valueJson(const Value& v);
Json loadJson(const LoadSnapshot& snap);
Json hostsJson(const std::vector<HostInfo>& hosts);
Json infoJson(const ClusterInfo& info);
Json sharedJson(const std::vector<SharedInstance>& instances);
Json idJson(const IdInfo& id, const std::string& version);

}  // namespace openlim::format
