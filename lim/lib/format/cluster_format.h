#pragma once
// lsclusters' layouts (LSF's command reference): the one-line-per-cluster table, the long form
// and -json. openlim runs one cluster, so the list has one entry. Pure.

#include <string>
#include <vector>

#include "format/json.h"
#include "openlim/model.h"

namespace openlim::format {

struct ClusterSummary {
  std::string name;
  std::string status;               // "ok" while a master is known, else "unavail"
  std::string master;               // "" while none is known (printed as "-")
  std::vector<std::string> admins;  // ClusterAdmins order; the first is the primary one
  int hosts = 0;                    // every host of the Host section
  int servers = 0;                  // those with server 1 (or Dyn)
  // Long form only (from the `info` op): host types, host models used, and the resources
  // the configuration adds to the built-in ones.
  std::vector<std::string> types;
  std::vector<std::string> models;
  std::vector<std::string> resources;
};

// The cluster's summary from the replies the command gathers.
ClusterSummary summarizeCluster(const IdInfo& id, const std::vector<HostInfo>& hosts,
                                const ClusterInfo* info);

// CLUSTER_NAME STATUS MASTER_HOST ADMIN HOSTS SERVERS (`%-15s%-9s%-26s%-9s%5s%9s`); a
// column widens rather than cut a longer name.
std::string formatClusters(const std::vector<ClusterSummary>& clusters);
// One block per cluster: `Key: value` lines, blocks separated by a blank line.
std::string formatClustersLong(const std::vector<ClusterSummary>& clusters);
Json clustersJson(const std::vector<ClusterSummary>& clusters, bool longFormat);

}  // namespace openlim::format
