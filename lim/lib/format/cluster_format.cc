#include "format/cluster_format.h"

#include <algorithm>

#include "format/text.h"

namespace openlim::format {
namespace {

std::string orDash(const std::string& s) {
  return s.empty() ? "-" : s;
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out.empty() ? "-" : out;
}

// A left-aligned column at least `base` wide that keeps one blank after its longest value.
size_t leftWidth(const std::vector<ClusterSummary>& cs, size_t base,
                 std::string (*field)(const ClusterSummary&)) {
  size_t w = base;
  for (const auto& c : cs) w = std::max(w, field(c).size() + 1);
  return w;
}

std::string nameOf(const ClusterSummary& c) {
  return printable(c.name);
}
std::string statusOf(const ClusterSummary& c) {
  return c.status;
}
std::string masterOf(const ClusterSummary& c) {
  return printable(orDash(c.master));
}
std::string adminOf(const ClusterSummary& c) {
  return printable(c.admins.empty() ? "-" : c.admins.front());
}

Json strings(const std::vector<std::string>& v) {
  Json a = Json::array();
  for (const auto& s : v) a.push(Json::string(s));
  return a;
}

}  // namespace

ClusterSummary summarizeCluster(const IdInfo& id, const std::vector<HostInfo>& hosts,
                                const ClusterInfo* info) {
  ClusterSummary c;
  c.name = id.cluster;
  c.master = id.master;
  c.status = id.master.empty() ? "unavail" : "ok";
  c.admins = id.admins;
  c.hosts = static_cast<int>(hosts.size());
  for (const auto& h : hosts) c.servers += h.server != "No" ? 1 : 0;
  if (info == nullptr) return c;
  c.types = info->types;
  for (const auto& m : info->models)
    if (m.used) c.models.push_back(m.name);
  for (const auto& r : info->resources)
    if (!r.builtin && !r.derived) c.resources.push_back(r.name);
  return c;
}

std::string formatClusters(const std::vector<ClusterSummary>& cs) {
  size_t nameW = leftWidth(cs, 15, nameOf);
  size_t statusW = leftWidth(cs, 9, statusOf);
  size_t masterW = leftWidth(cs, 26, masterOf);
  size_t adminW = leftWidth(cs, 9, adminOf);
  std::string out = padRight("CLUSTER_NAME", nameW) + padRight("STATUS", statusW) +
                    padRight("MASTER_HOST", masterW) + padRight("ADMIN", adminW) +
                    padLeft("HOSTS", 5) + padLeft("SERVERS", 9) + "\n";
  for (const auto& c : cs) {
    out += padRight(nameOf(c), nameW) + padRight(statusOf(c), statusW) +
           padRight(masterOf(c), masterW) + padRight(adminOf(c), adminW);
    // A count keeps one blank before it however wide it grows.
    out += padLeft(std::to_string(c.hosts), 5) + padLeft(" " + std::to_string(c.servers), 9);
    out += "\n";
  }
  return out;
}

std::string formatClustersLong(const std::vector<ClusterSummary>& cs) {
  std::string out;
  for (const auto& c : cs) {
    if (!out.empty()) out += "\n";
    out += "CLUSTER_NAME: " + printable(c.name) + "\n";
    out += "Status: " + c.status + "\n";
    out += "Master_host: " + masterOf(c) + "\n";
    out += "Cluster_Admins: " + printable(joined(c.admins)) + "\n";
    out += "Number_of_hosts: " + std::to_string(c.hosts) + "\n";
    out += "Number_of_servers: " + std::to_string(c.servers) + "\n";
    out += "Host_types: " + printable(joined(c.types)) + "\n";
    out += "Host_models: " + printable(joined(c.models)) + "\n";
    out += "Available_resources: " + printable(joined(c.resources)) + "\n";
  }
  return out;
}

Json clustersJson(const std::vector<ClusterSummary>& cs, bool longFormat) {
  Json arr = Json::array();
  for (const auto& c : cs) {
    Json o = Json::object();
    o.set("cluster", Json::string(c.name)).set("status", Json::string(c.status));
    o.set("master", Json::string(c.master)).set("admins", strings(c.admins));
    o.set("hosts", Json::number(c.hosts)).set("servers", Json::number(c.servers));
    if (longFormat) {
      o.set("host_types", strings(c.types)).set("host_models", strings(c.models));
      o.set("resources", strings(c.resources));
    }
    arr.push(std::move(o));
  }
  return Json::object().set("clusters", std::move(arr));
}

}  // namespace openlim::format
