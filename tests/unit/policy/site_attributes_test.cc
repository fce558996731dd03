// lsf.attributes values set on the configured hosts: typed by lsf.shared, refused (as
// file:line errors) for unknown hosts, undeclared names, wrong types, resources whose values
// come from elsewhere, and values the Host section already gives.
#include "policy/site_attributes.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "policy/policy_config.h"
#include "policy_fixture.h"

namespace openlim::policy {
namespace {

ConfigSnapshot hostsSnapshot() {
  ConfigSnapshot snap = *testing::policyConfig();
  snap.confDir = "/c";
  for (const char* n : {"hostA", "hostB"}) {
    HostConfig h;
    h.name = n;
    h.line = n[4] == 'A' ? 20 : 21;
    snap.hosts.push_back(h);
  }
  snap.hosts[1].numbers["NLB_SYSCPU_LIMIT"] = 5;  // from the Host section RESOURCES
  for (auto& r : snap.resources)
    if (r.name == "NLB_HARDWARE") r.derived = true;
  ResourceDef tokens = testing::def("tokens", ResourceType::kNumeric, false);
  tokens.shared = true;  // ResourceMap (5@[hostA])
  snap.resources.push_back(tokens);
  snap.instances.push_back(
      ResourceInstance{"tokens", std::vector<std::string>{"hostA"}, false, 5.0, {}, 40});
  snap.buildIndexes();
  return snap;
}

std::string applyText(ConfigSnapshot& snap, const std::string& text) {
  AttributesLoad l = parseAttributes(text, "/c/lsf.attributes");
  std::vector<Diagnostic> out = l.diagnostics;
  applySiteAttributes(snap, l, "/c/lsf.attributes", out);
  std::string s;
  for (const auto& d : out)
    s += d.toString() + (d.severity == Severity::kError ? "" : " (warning)") + "\n";
  return s;
}

TEST(SiteAttributes, ValuesBecomeTypedStaticValuesOfTheirHosts) {
  ConfigSnapshot snap = hostsSnapshot();
  EXPECT_EQ(applyText(snap, R"(object NLB (hosta) {
    nlb_site_cpunorm = 010;
    NLB_APPLICATIONS = "UniChem dbase";
    NLB_QUEUE_NAME = batch;
    host_nastran = 1;
    host_oracle = 0;
}
object NLB (hostB) { NLB_SITE_CPUNORM = 2.5; }
)"),
            "");
  const HostConfig& a = snap.hosts[0];
  EXPECT_EQ(a.numbers.at("NLB_SITE_CPUNORM"), 8);  // octal
  EXPECT_EQ(a.strings.at("NLB_APPLICATIONS"), "UniChem dbase");
  EXPECT_EQ(a.strings.at("NLB_QUEUE_NAME"), "batch");
  EXPECT_EQ(a.booleans, (std::vector<std::string>{"host_nastran"}));  // the declared name
  EXPECT_EQ(a.siteAttributes,
            (std::vector<std::string>{"NLB_SITE_CPUNORM", "NLB_APPLICATIONS", "NLB_QUEUE_NAME",
                                      "host_nastran", "host_oracle"}));
  EXPECT_EQ(snap.hosts[1].numbers.at("NLB_SITE_CPUNORM"), 2.5);
  EXPECT_EQ(snap.hosts[1].numbers.at("NLB_SYSCPU_LIMIT"), 5);
  EXPECT_EQ(snap.hosts[1].siteAttributes, (std::vector<std::string>{"NLB_SITE_CPUNORM"}));
}

TEST(SiteAttributes, EveryRefusedValueIsAnErrorAtItsLine) {
  ConfigSnapshot snap = hostsSnapshot();
  std::string text = R"(object NLB (hostA) {
    NLB_SITE_CPUNORM = fast;
    NLB_QUEUE_NAME = 12;
    host_nastran = 2;
    NLB_NOSUCH = 1;
    ut = 0.5;
    NLB_HARDWARE = cray;
    usr_tmp = 10;
    tokens = 4;
}
object NLB (nosuchhost) { NLB_SITE_CPUNORM = 1; }
object NLB (hostB) { NLB_SYSCPU_LIMIT = 9; NLB_RUNQLEN_LIMIT = 3; }
)";
  EXPECT_EQ(
      applyText(snap, text),
      "/c/lsf.attributes:2: <NLB_SITE_CPUNORM> is declared Numeric in lsf.shared; <fast> is "
      "not a number\n"
      "/c/lsf.attributes:3: <NLB_QUEUE_NAME> is declared String in lsf.shared; quote a string "
      "value that looks like a number\n"
      "/c/lsf.attributes:4: <host_nastran> is declared Boolean in lsf.shared; its value is 1 "
      "(the host has it) or 0\n"
      "/c/lsf.attributes:5: attribute <NLB_NOSUCH> is not declared in lsf.shared (a Resource "
      "section line gives its type)\n"
      "/c/lsf.attributes:6: <ut> is a built-in resource; lsf.attributes cannot set it\n"
      "/c/lsf.attributes:7: <NLB_HARDWARE> is collected by the lim or computed by the master; "
      "lsf.attributes cannot set it\n"
      "/c/lsf.attributes:8: <usr_tmp> is a dynamic resource (it has an INTERVAL): an elim "
      "reports it; lsf.attributes cannot set it\n"
      "/c/lsf.attributes:9: <tokens> is shared (ResourceMap at line 40 of the cluster file "
      "gives it to host sets); lsf.attributes cannot set it\n"
      "/c/lsf.attributes:11: host <nosuchhost> is not in the Host section of "
      "/c/lsf.cluster.demo; its attributes are refused\n"
      "/c/lsf.attributes:12: host <hostB> already has <NLB_SYSCPU_LIMIT> from RESOURCES in the "
      "Host section (/c/lsf.cluster.demo:21); set it in one place\n");
  // Nothing refused was set; the good value next to a refused one was.
  EXPECT_TRUE(snap.hosts[0].siteAttributes.empty());
  EXPECT_EQ(snap.hosts[1].numbers.at("NLB_SYSCPU_LIMIT"), 5);
  EXPECT_EQ(snap.hosts[1].siteAttributes, (std::vector<std::string>{"NLB_RUNQLEN_LIMIT"}));
}

// lsf.shared without a ClusterName: no cluster file was read, and none is named as
// "lsf.cluster." (a path with an empty name).
TEST(SiteAttributes, NoClusterNameNamesNoEmptyClusterFile) {
  ConfigSnapshot snap = hostsSnapshot();
  snap.clusterName.clear();
  snap.hosts.clear();
  snap.buildIndexes();
  EXPECT_EQ(applyText(snap, "object NLB (hostA) { NLB_SITE_CPUNORM = 1; }\n"),
            "/c/lsf.attributes:1: host <hostA> is not in the Host section of the cluster file "
            "(lsf.shared names no cluster); its attributes are refused\n");
}

TEST(SiteAttributes, AreReadWithThePolicyFilesBeforeThePoliciesCompile) {
  ConfigSnapshot snap = hostsSnapshot();
  std::map<std::string, std::string> files{
      {"/c/lsf.attributes", "object NLB (hostA) { NLB_SITE_CPUNORM = 7; }\n"},
      {"/c/lsf.policies", "policy: p\nconstraint: exists(NLB_SITE_CPUNORM)\n"}};
  auto read = [&](const std::string& p) -> std::optional<std::string> {
    auto it = files.find(p);
    return it == files.end() ? std::nullopt : std::optional<std::string>(it->second);
  };
  std::vector<Diagnostic> out;
  std::vector<std::string> read_files;
  loadPolicyFiles(snap, read, out, read_files);
  EXPECT_TRUE(out.empty()) << out.front().toString();
  EXPECT_EQ(read_files, (std::vector<std::string>{"/c/lsf.attributes", "/c/lsf.policies"}));
  EXPECT_EQ(snap.policies->attributesFile, "/c/lsf.attributes");
  EXPECT_EQ(snap.hosts[0].numbers.at("NLB_SITE_CPUNORM"), 7);

  // A syntax error is reported with the checks of the values that could be read.
  ConfigSnapshot bad = hostsSnapshot();
  files["/c/lsf.attributes"] = "object NLB (hostA) { NLB_SITE_CPUNORM = 3e5; NLB_NOSUCH = 1; }\n";
  out.clear();
  loadPolicyFiles(bad, read, out, read_files);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].severity, Severity::kError);
  EXPECT_NE(out[1].message.find("NLB_NOSUCH"), std::string::npos);
}

}  // namespace
}  // namespace openlim::policy
