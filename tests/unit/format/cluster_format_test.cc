// lsclusters' layouts from the replies it gathers (id, hosts, info).
#include "format/cluster_format.h"

#include <gtest/gtest.h>

namespace openlim::format {
namespace {

std::vector<HostInfo> hostsWith(std::vector<std::string> server) {
  std::vector<HostInfo> out;
  for (size_t i = 0; i < server.size(); ++i) {
    HostInfo h;
    h.name = "h" + std::to_string(i);
    h.server = server[i];
    out.push_back(h);
  }
  return out;
}

TEST(ClusterFormat, CountsEveryHostAndTheServersAmongThem) {
  IdInfo id{"c1", "h0", "v", "", "", {"root", "ops"}};
  auto c = summarizeCluster(id, hostsWith({"Yes", "No", "Dyn", "Yes", "No"}), nullptr);
  EXPECT_EQ(c.hosts, 5);
  EXPECT_EQ(c.servers, 3);
  EXPECT_EQ(c.status, "ok");
  EXPECT_EQ(c.admins, (std::vector<std::string>{"root", "ops"}));
}

TEST(ClusterFormat, NoMasterIsUnavail) {
  IdInfo id{"c1", "", "v", "", "", {}};
  auto c = summarizeCluster(id, {}, nullptr);
  EXPECT_EQ(c.status, "unavail");
  std::string out = formatClusters({c});
  EXPECT_NE(out.find("c1             unavail  -                         -            0        0"),
            std::string::npos)
      << out;
}

TEST(ClusterFormat, TableColumnsAsLsfPrintsThem) {
  IdInfo id{"c1", "h0", "v", "", "", {"root", "ops"}};
  auto c = summarizeCluster(id, hostsWith({"Yes", "No"}), nullptr);
  EXPECT_EQ(formatClusters({c}),
            "CLUSTER_NAME   STATUS   MASTER_HOST               ADMIN    HOSTS  SERVERS\n"
            "c1             ok       h0                        root         2        1\n");
}

TEST(ClusterFormat, LongNamesWidenTheirColumnAndKeepABlank) {
  ClusterSummary c;
  c.name = std::string(20, 'n');
  c.status = "ok";
  c.master = std::string(30, 'm');
  c.admins = {std::string(12, 'a')};
  c.hosts = 123456;
  c.servers = 123456789;
  std::string out = formatClusters({c});
  std::string row = out.substr(out.find('\n') + 1);
  std::vector<std::string> words;
  for (size_t at = 0; at < row.size();) {
    size_t b = row.find_first_not_of(" \n", at);
    if (b == std::string::npos) break;
    size_t e = row.find_first_of(" \n", b);
    words.push_back(row.substr(b, e - b));
    at = e;
  }
  EXPECT_EQ(words,
            (std::vector<std::string>{c.name, "ok", c.master, c.admins[0], "123456", "123456789"}));
}

TEST(ClusterFormat, LongFormListsAdminsTypesModelsAndSiteResources) {
  IdInfo id{"c1", "h0", "v", "", "", {"root", "ops"}};
  ClusterInfo info;
  info.types = {"LINUX86", "LINUXPPC"};
  info.models = {{"Fast", 2, "x", true}, {"Unused", 1, "x", false}};
  ResourceInfo builtin;
  builtin.name = "r1m";
  builtin.builtin = true;
  ResourceInfo derived;
  derived.name = "A_r1m";
  derived.derived = true;
  ResourceInfo site;
  site.name = "fluent";
  info.resources = {builtin, derived, site};
  auto c = summarizeCluster(id, hostsWith({"Yes"}), &info);
  EXPECT_EQ(formatClustersLong({c}),
            "CLUSTER_NAME: c1\nStatus: ok\nMaster_host: h0\nCluster_Admins: root ops\n"
            "Number_of_hosts: 1\nNumber_of_servers: 1\nHost_types: LINUX86 LINUXPPC\n"
            "Host_models: Fast\nAvailable_resources: fluent\n");
  Json j = clustersJson({c}, true);
  EXPECT_EQ(j.dump().find("\"Unused\""), std::string::npos);
  EXPECT_NE(j.dump().find("\"host_models\""), std::string::npos);
  EXPECT_EQ(clustersJson({c}, false).dump().find("host_models"), std::string::npos);
}

}  // namespace
}  // namespace openlim::format
